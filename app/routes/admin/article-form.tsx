import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ContentEditor } from "~/components/articles/content-editor";
import { TagsInput } from "~/components/articles/tags-input";
import { ImageField } from "~/components/media/image-field";
import { MediaLibraryModal } from "~/components/media/media-library-modal";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { createArticle, getAdminArticle, updateArticle } from "~/domain/articles/admin.server";
import { articlePath } from "~/domain/articles/slug";
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  type ArticleFieldErrors,
  type ArticleFormValues,
  addTag,
  articleValuesFromForm,
  dateToNewYorkLocal,
  defaultSlug,
  EMPTY_ARTICLE_VALUES,
  toFormStatus,
  validateArticle,
} from "~/domain/articles/validation";
import { requirePermission } from "~/domain/users/auth.server";
import { parseId } from "~/lib/ids";
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
    const values: ArticleFormValues = {
      ...EMPTY_ARTICLE_VALUES,
      author: `${user.firstName} ${user.lastName}`.trim(),
      publishedDate: dateToNewYorkLocal(new Date()),
    };
    return { id, values, from, publicPath: null };
  }
  const article = await getAdminArticle(getDb(), id);
  if (!article) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  const values: ArticleFormValues = {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    author: article.author,
    publishedDate: dateToNewYorkLocal(article.publishedDate),
    category: article.category,
    featuredImage: article.featuredImage ?? "",
    metaTitle: article.metaTitle ?? "",
    metaDescription: article.metaDescription ?? "",
    slug: article.slug ?? "",
    tags: article.tags,
    status: toFormStatus(article.status),
    featured: article.featured,
  };
  return { id, values, from, publicPath: article.status === "publish" ? articlePath(article) : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const form = await request.formData();
  const values = articleValuesFromForm(form);
  // A tag typed but not added with Enter yet is added by the same rule.
  values.tags = addTag(values.tags, String(form.get("tagsPending") ?? ""));
  const back = listQuery(typeof form.get("from") === "string" ? `?${form.get("from")}` : null);
  const validation = validateArticle(values);
  if (!validation.ok) {
    return data(
      { message: validation.formError, fieldErrors: validation.fieldErrors, values },
      { status: 400 },
    );
  }
  const db = getDb();
  let saved: boolean;
  try {
    saved =
      id === null
        ? (await createArticle(db, validation.input)) > 0
        : await updateArticle(db, id, validation.input);
  } catch {
    return data(
      { message: ARTICLE_MESSAGES.saveFailed, fieldErrors: {} as ArticleFieldErrors, values },
      { status: 500 },
    );
  }
  if (!saved) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  back.set("poruka", id === null ? "kreirano" : "sacuvano");
  return redirect(`/admin/articles?${back.toString()}`);
}

export default function ArticleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { id, from, publicPath } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const serverErrors: ArticleFieldErrors = actionData?.fieldErrors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const savingIntent = navigation.formData?.get("intent");

  const [title, setTitle] = useState(values.title);
  const [excerpt, setExcerpt] = useState(values.excerpt);
  const [content, setContent] = useState(values.content);
  const [tags, setTags] = useState<string[]>(values.tags ?? []);
  const [clientErrors, setClientErrors] = useState<ArticleFieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  const formMessage = clientErrors ? ARTICLE_MESSAGES.form : (actionData?.message ?? null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const form = new FormData(event.currentTarget, submitter);
    const typed = articleValuesFromForm(form);
    typed.tags = addTag(typed.tags, String(form.get("tagsPending") ?? ""));
    const validation = validateArticle(typed);
    if (!validation.ok) {
      event.preventDefault();
      setClientErrors(validation.fieldErrors);
      const first = Object.keys(validation.fieldErrors)[0];
      document.getElementsByName(first)[0]?.focus();
      return;
    }
    setClientErrors(null);
  }

  const backTo = `/admin/articles${from ? `?${from}` : ""}`;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={backTo} className="text-brand-700 hover:underline">
          ‹ Nazad na članke
        </Link>
      </p>
      <PageHeader
        title={id === null ? "Novi članak" : "Izmena članka"}
        description={id === null ? "Popunite polja i sačuvajte kao nacrt ili objavite." : `ID ${id}`}
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
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6">
        <input type="hidden" name="from" value={from} />
        <Notice tone="error" message={formMessage} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6">
            <Card className="space-y-4 p-5">
              <Field id="title" label="Naslov *" error={errors.title}>
                <Input
                  id="title"
                  name="title"
                  value={title}
                  maxLength={ARTICLE_LIMITS.title}
                  onChange={(e) => setTitle(e.currentTarget.value)}
                  invalid={Boolean(errors.title)}
                />
              </Field>
              <Field id="excerpt" label="Kratak opis *" error={errors.excerpt}>
                <textarea
                  id="excerpt"
                  name="excerpt"
                  rows={3}
                  value={excerpt}
                  maxLength={ARTICLE_LIMITS.excerpt}
                  onChange={(e) => setExcerpt(e.currentTarget.value)}
                  aria-invalid={errors.excerpt ? true : undefined}
                  aria-describedby={errors.excerpt ? "excerpt-error" : undefined}
                  className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${errors.excerpt ? "border-red-400" : "border-slate-300"}`}
                />
              </Field>
              <ContentEditor
                id="content"
                name="content"
                value={content}
                onChange={setContent}
                error={errors.content}
                LibraryModal={MediaLibraryModal}
              />
            </Card>

            <Card className="space-y-4 p-5">
              <h2 className="text-base font-semibold text-slate-900">SEO</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id="metaTitle"
                  label="Meta naslov"
                  error={errors.metaTitle}
                  hint="Prazno: naslov članka"
                >
                  <Input
                    id="metaTitle"
                    name="metaTitle"
                    defaultValue={values.metaTitle}
                    placeholder={title}
                    maxLength={ARTICLE_LIMITS.metaTitle}
                  />
                </Field>
                <Field id="slug" label="Slug (URL)" error={errors.slug} hint="Prazno: iz naslova">
                  <Input
                    id="slug"
                    name="slug"
                    defaultValue={values.slug}
                    placeholder={defaultSlug(title)}
                    maxLength={ARTICLE_LIMITS.slug * 2}
                  />
                </Field>
              </div>
              <Field
                id="metaDescription"
                label="Meta opis"
                error={errors.metaDescription}
                hint="Prazno: kratak opis"
              >
                <textarea
                  id="metaDescription"
                  name="metaDescription"
                  rows={2}
                  defaultValue={values.metaDescription}
                  placeholder={excerpt}
                  maxLength={ARTICLE_LIMITS.metaDescription}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                />
              </Field>
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
              <Field id="status" label="Status">
                <Select id="status" name="status" defaultValue={values.status}>
                  <option value="draft">Nacrt</option>
                  <option value="published">Objavljeno</option>
                </Select>
              </Field>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  name="featured"
                  defaultChecked={values.featured}
                  className="size-4 accent-brand-600"
                />
                Istaknut članak
              </label>
              <Field id="author" label="Autor *" error={errors.author}>
                <Input
                  id="author"
                  name="author"
                  defaultValue={values.author}
                  maxLength={ARTICLE_LIMITS.author}
                  invalid={Boolean(errors.author)}
                />
              </Field>
              <Field
                id="publishedDate"
                label="Datum objave *"
                error={errors.publishedDate}
                hint="Vreme u Njujorku"
              >
                <Input
                  id="publishedDate"
                  name="publishedDate"
                  type="datetime-local"
                  defaultValue={values.publishedDate}
                  invalid={Boolean(errors.publishedDate)}
                />
              </Field>
              <Field id="category" label="Kategorija *" error={errors.category}>
                <Select
                  id="category"
                  name="category"
                  defaultValue={values.category}
                  invalid={Boolean(errors.category)}
                >
                  {ARTICLE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
            </Card>
            <Card className="p-5">
              <ImageField
                id="featuredImage"
                name="featuredImage"
                label="Glavna slika *"
                defaultValue={values.featuredImage}
                error={errors.featuredImage}
              />
            </Card>
            <div className="flex flex-col gap-2">
              <Button type="submit" name="intent" value="save" disabled={saving}>
                {saving && savingIntent === "save" ? "Čuvanje…" : "Sačuvaj / Objavi"}
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
