import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ContentEditor } from "~/components/articles/content-editor";
import { ArticleStatusBadge } from "~/components/articles/status-badge";
import { TagsInput } from "~/components/articles/tags-input";
import { ImageField } from "~/components/media/image-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { SelectField, TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { createArticle, getAdminArticle, updateArticle } from "~/domain/articles/admin.server";
import { articlePath } from "~/domain/articles/slug";
import {
  ARTICLE_FORM_LISTS,
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  addTag,
  articleFormSchema,
  articleFormValues,
  dateToNewYorkLocal,
  defaultSlug,
} from "~/domain/articles/validation";
import { requirePermission } from "~/domain/users/auth.server";
import { type FieldErrors, type FormValues, listOf, parseForm, textValue } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article-form";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Izmena članka" : "Novi članak"} — Admin panel` },
];

const LIST_KEYS = ["q", "status", "category", "popular", "page"] as const;

/** The list's query to come back to (only its own keys), from `?from=` or the form's hidden field. */
function listQuery(from: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (!from?.startsWith("?")) return params;
  const given = new URLSearchParams(from);
  for (const key of LIST_KEYS) {
    const value = given.get(key);
    if (value) params.set(key, value.slice(0, 200));
  }
  return params;
}

/** The id of /edit/{id}, or null on /new; anything else is a 404. */
function articleIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseId(params.id);
  if (id === null) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const from = listQuery(new URL(request.url).searchParams.get("from")).toString();
  if (id === null) {
    const values: FormValues = {
      author: `${user.firstName} ${user.lastName}`.trim(),
      publishedDate: dateToNewYorkLocal(new Date()),
      category: "Vesti",
    };
    return { id, values, from, status: null, publicPath: null, isAdmin: user.role === "admin" };
  }
  const article = await getAdminArticle(getDb(), id);
  if (!article) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  return {
    id,
    values: articleFormValues(article),
    from,
    status: article.status,
    publicPath: article.status === "publish" ? articlePath(article) : null,
    isAdmin: user.role === "admin",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const form = await request.formData();
  const back = listQuery(typeof form.get("from") === "string" ? `?${form.get("from")}` : null);
  const parsed = parseForm(articleFormSchema, form, { lists: ARTICLE_FORM_LISTS });
  // A tag typed but not added with Enter yet comes back added, as the save would add it.
  const values = {
    ...parsed.values,
    tags: addTag(listOf(parsed.values, "tags"), textValue(parsed.values, "tagsPending")),
  };
  if (!parsed.ok) {
    return data({ message: ARTICLE_MESSAGES.form, fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  }
  const db = getDb();
  let saved: boolean;
  try {
    saved =
      id === null ? (await createArticle(db, parsed.data)) > 0 : await updateArticle(db, id, parsed.data);
  } catch (error) {
    logger.error({ err: error, articleId: id }, "article save failed");
    return data(
      { message: ARTICLE_MESSAGES.saveFailed, fieldErrors: {} as FieldErrors, values },
      { status: 500 },
    );
  }
  if (!saved) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  // The notice on the list says which happened (decision 110).
  const outcome = parsed.data.status === "publish" ? "objavljeno" : "nacrt";
  back.set("poruka", `${id === null ? "kreirano" : "sacuvano"}-${outcome}`);
  return redirect(`/admin/articles?${back.toString()}`);
}

/** Enter in a one-line field does not submit the article (the first button would publish it). */
function keepEnterFromSubmitting(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === "Enter" && target instanceof HTMLInputElement && target.type !== "checkbox") {
    event.preventDefault();
  }
}

export default function ArticleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { id, from, publicPath, status, isAdmin } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const savingIntent = navigation.formData?.get("intent");
  const formRef = useRef<HTMLFormElement>(null);

  const [title, setTitle] = useState(textValue(values, "title"));
  const [excerpt, setExcerpt] = useState(textValue(values, "excerpt"));
  const [content, setContent] = useState(textValue(values, "content"));
  const [tags, setTags] = useState<string[]>(listOf(values, "tags"));
  // The same schema checks the form in the browser first (instant feedback, nothing sent).
  const [clientCheck, setClientCheck] = useState<{ fieldErrors: FieldErrors } | null>(null);
  const errors = clientCheck?.fieldErrors ?? actionData?.fieldErrors ?? {};
  const formMessage = clientCheck ? ARTICLE_MESSAGES.form : (actionData?.message ?? null);
  useFocusFirstError(formRef, clientCheck ?? actionData);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const parsed = parseForm(articleFormSchema, new FormData(event.currentTarget, submitter), {
      lists: ARTICLE_FORM_LISTS,
    });
    if (!parsed.ok) {
      event.preventDefault();
      setClientCheck({ fieldErrors: parsed.fieldErrors });
      return;
    }
    setClientCheck(null);
  }

  const backTo = `/admin/articles${from ? `?${from}` : ""}`;
  const field = { values, errors };
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={backTo} className="text-brand-700 hover:underline">
          ‹ Nazad na članke
        </Link>
      </p>
      <PageHeader
        title={id === null ? "Novi članak" : "Izmena članka"}
        description={
          id === null ? "Popunite polja i objavite članak ili ga sačuvajte kao nacrt." : `ID ${id}`
        }
        actions={
          id !== null ? (
            <>
              <ButtonLink variant="secondary" to={`/admin/articles/${id}`}>
                Pregled u adminu
              </ButtonLink>
              {publicPath ? (
                <a
                  className="self-center text-sm text-brand-700 hover:underline"
                  href={publicPath}
                  target="_blank"
                  rel="noreferrer"
                >
                  Javna stranica ↗
                </a>
              ) : null}
            </>
          ) : null
        }
      />
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={keepEnterFromSubmitting}
        className="space-y-6"
      >
        <input type="hidden" name="from" value={from} />
        <Notice tone="error" message={formMessage} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <Card className="space-y-4 p-5">
              <TextField
                {...field}
                name="title"
                label="Naslov *"
                maxLength={ARTICLE_LIMITS.title}
                onValueChange={setTitle}
              />
              <TextField
                {...field}
                name="excerpt"
                label="Kratak opis *"
                multiline
                rows={3}
                maxLength={ARTICLE_LIMITS.excerpt}
                onValueChange={setExcerpt}
              />
              <ContentEditor
                id="content"
                name="content"
                value={content}
                onChange={setContent}
                error={errors.content}
                allowHtmlView={isAdmin}
              />
            </Card>

            <Card className="space-y-4 p-5">
              <h2 className="text-base font-semibold text-slate-900">SEO</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  {...field}
                  name="metaTitle"
                  label="Meta naslov"
                  hint="Prazno: naslov članka"
                  placeholder={title}
                  maxLength={ARTICLE_LIMITS.metaTitle}
                />
                <TextField
                  {...field}
                  name="slug"
                  label="Slug (URL)"
                  hint="Prazno: iz naslova"
                  placeholder={defaultSlug(title)}
                  maxLength={ARTICLE_LIMITS.slug * 2}
                />
              </div>
              <TextField
                {...field}
                name="metaDescription"
                label="Meta opis"
                hint="Prazno: kratak opis"
                multiline
                rows={2}
                placeholder={excerpt}
                maxLength={ARTICLE_LIMITS.metaDescription}
              />
              <div className="space-y-1">
                <label htmlFor="tags" className="block text-sm font-medium text-slate-700">
                  Tagovi
                </label>
                <TagsInput id="tags" name="tags" tags={tags} onChange={setTags} error={errors.tags} />
                {errors.tags ? <p className="text-xs font-medium text-red-600">{errors.tags}</p> : null}
              </div>
            </Card>
          </div>

          <div className="space-y-6">
            <Card className="space-y-4 p-5">
              <div className="space-y-1" data-testid="article-status">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
                  Status:{" "}
                  {status ? (
                    <ArticleStatusBadge status={status} />
                  ) : (
                    <span className="font-normal text-slate-500">još nije sačuvan</span>
                  )}
                </p>
                <p className="text-xs text-slate-500">
                  „Sačuvaj / Objavi“ objavljuje članak, „Sačuvaj kao nacrt“ ga čuva kao nacrt (i skida sa
                  sajta ako je bio objavljen).
                </p>
              </div>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  name="featured"
                  defaultChecked={textValue(values, "featured") === "on"}
                  className="size-4 accent-brand-600"
                />
                Istaknut članak
              </label>
              <TextField {...field} name="author" label="Autor *" maxLength={ARTICLE_LIMITS.author} />
              <TextField
                {...field}
                name="publishedDate"
                label="Datum objave *"
                type="datetime-local"
                hint="Vreme u Njujorku"
              />
              <SelectField {...field} name="category" label="Kategorija *" options={ARTICLE_CATEGORIES} />
            </Card>
            <Card className="p-5">
              <ImageField
                id="featuredImage"
                name="featuredImage"
                label="Glavna slika *"
                defaultValue={textValue(values, "featuredImage")}
                error={errors.featuredImage}
              />
            </Card>
            <div className="flex flex-col gap-2">
              <Button type="submit" name="intent" value="publish" disabled={saving}>
                {saving && savingIntent === "publish" ? "Objavljivanje…" : "Sačuvaj / Objavi"}
              </Button>
              <Button type="submit" name="intent" value="draft" variant="secondary" disabled={saving}>
                {saving && savingIntent === "draft" ? "Čuvanje…" : "Sačuvaj kao nacrt"}
              </Button>
              <ButtonLink to={backTo} variant="ghost">
                Otkaži
              </ButtonLink>
            </div>
          </div>
        </div>
      </Form>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
