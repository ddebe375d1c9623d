import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useNavigation,
  useRevalidator,
} from "react-router";
import { z } from "zod";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ContentEditor } from "~/components/articles/content-editor";
import { useFormSafety } from "~/components/articles/form-safety";
import { RevisionsPanel, restoreFetcherKey } from "~/components/articles/revisions-panel";
import { ArticleStatusBadge } from "~/components/articles/status-badge";
import { TagsInput } from "~/components/articles/tags-input";
import {
  ConflictNotice,
  DraftOffer,
  PresenceNotice,
  PreviewLinkCard,
} from "~/components/articles/work-notices";
import { ImageField } from "~/components/media/image-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { SelectField, TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { getAdminArticle } from "~/domain/articles/admin.server";
import { getAutosave, otherEditors } from "~/domain/articles/drafts.server";
import { saveArticle, unscheduleArticle } from "~/domain/articles/editing.server";
import { previewLinkPath } from "~/domain/articles/preview-link.server";
import { listRevisions, restoreRevision } from "~/domain/articles/revisions.server";
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
  newYorkLocalToDate,
} from "~/domain/articles/validation";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
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
  const db = getDb();
  const isAdmin = user.role === "admin";
  if (id === null) {
    const values: FormValues = {
      author: `${user.firstName} ${user.lastName}`.trim(),
      publishedDate: dateToNewYorkLocal(new Date()),
      category: "Vesti",
    };
    const autosave = await getAutosave(db, user.id, null);
    return {
      id,
      values,
      from,
      status: null,
      publishedDate: null,
      publicPath: null,
      isAdmin,
      version: null,
      autosave,
      others: [],
      revisions: [],
    };
  }
  const article = await getAdminArticle(db, id);
  if (!article) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  // Who else has it open (read only: this form's own heartbeat starts when it mounts).
  const [autosave, others, revisions] = await Promise.all([
    getAutosave(db, user.id, id),
    otherEditors(db, id, user.id),
    listRevisions(db, id),
  ]);
  return {
    id,
    values: articleFormValues(article),
    from,
    status: article.status,
    publishedDate: article.publishedDate,
    publicPath: article.status === "publish" ? articlePath(article) : null,
    isAdmin,
    version: article.version,
    autosave,
    others,
    revisions,
  };
}

/** The form's other buttons (fetchers): each posts one intent. */
const workSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unschedule") }),
  z.object({ intent: z.literal("preview-link") }),
  z.object({
    intent: z.literal("restore"),
    revisionId: z.string().transform((v, ctx) => {
      const revisionId = parseId(v);
      if (revisionId === null) {
        ctx.addIssue({ code: "custom", message: ARTICLE_MESSAGES.restoreFailed });
        return z.NEVER;
      }
      return revisionId;
    }),
  }),
]);

type WorkReply = { ok: boolean; intent?: string; message?: string; previewUrl?: string; expiresAt?: Date };

async function workAction(
  form: FormData,
  id: number | null,
  user: { id: number; email: string; firstName: string; lastName: string },
  ip: string | null,
) {
  const parsed = parseForm(workSchema, form);
  if (!parsed.ok || id === null)
    return data<WorkReply>({ ok: false, message: "Nepoznata akcija." }, { status: 400 });
  const db = getDb();
  const author = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
  const audit = { actor: user, area: "articles" as const, recordId: id, ip };
  switch (parsed.data.intent) {
    case "unschedule": {
      const result = await unscheduleArticle(db, { id, author });
      if (!result.ok && result.code === "not-found")
        throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
      if (!result.ok)
        return data<WorkReply>({ ok: false, message: ARTICLE_MESSAGES.notScheduled }, { status: 409 });
      await recordAudit(db, { ...audit, action: "unschedule", changes: { status: ["scheduled", "draft"] } });
      return data<WorkReply>({ ok: true, intent: "unschedule", message: ARTICLE_MESSAGES.unscheduled });
    }
    case "preview-link": {
      const article = await getAdminArticle(db, id);
      if (!article) throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
      const { path, expiresAt } = await previewLinkPath(db, id);
      await recordAudit(db, { ...audit, action: "preview-link", recordLabel: article.title });
      return data<WorkReply>({ ok: true, intent: "preview-link", previewUrl: path, expiresAt });
    }
    case "restore": {
      const result = await restoreRevision(db, { articleId: id, revisionId: parsed.data.revisionId, author });
      if (!result.ok)
        return data<WorkReply>({ ok: false, message: ARTICLE_MESSAGES.restoreFailed }, { status: 404 });
      await recordAudit(db, {
        ...audit,
        action: "restore",
        changes: { revision: [parsed.data.revisionId, result.revisionId] },
      });
      return data<WorkReply>({ ok: true, intent: "restore", message: ARTICLE_MESSAGES.restored });
    }
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "publish" && intent !== "draft") return workAction(form, id, user, context.clientIp);
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
  const before = id === null ? null : await getAdminArticle(db, id);
  let result: Awaited<ReturnType<typeof saveArticle>>;
  try {
    result = await saveArticle(db, {
      id,
      input: parsed.data,
      author: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      baseVersion: parseId(form.get("baseVersion")),
      force: form.get("force") === "1",
    });
  } catch (error) {
    logger.error({ err: error, articleId: id }, "article save failed");
    return data(
      { message: ARTICLE_MESSAGES.saveFailed, fieldErrors: {} as FieldErrors, values },
      { status: 500 },
    );
  }
  if (!result.ok && result.code === "not-found")
    throw data({ message: ARTICLE_MESSAGES.notFound }, { status: 404 });
  if (!result.ok) {
    // Never a silent overwrite: the editor chooses (decision 193).
    return data(
      { message: ARTICLE_MESSAGES.stale, fieldErrors: {} as FieldErrors, values, conflict: result.current },
      { status: 409 },
    );
  }
  const saved = parsed.data;
  const action =
    id === null
      ? "create"
      : saved.status === "scheduled"
        ? "schedule"
        : saved.status === "publish"
          ? "publish"
          : "draft";
  await recordAudit(db, {
    actor: user,
    area: "articles",
    action,
    recordId: result.id,
    recordLabel: saved.title,
    ip: context.clientIp,
    changes: changedFields(
      before && {
        title: before.title,
        excerpt: before.excerpt,
        content: before.content,
        featuredImage: before.featuredImage,
        status: before.status,
        publishedDate: before.publishedDate,
        category: before.category,
        author: before.author,
        tags: before.tags,
      },
      {
        title: saved.title,
        excerpt: saved.excerpt,
        content: saved.content,
        featuredImage: saved.featuredImage,
        status: saved.status,
        publishedDate: saved.publishedDate,
        category: saved.category,
        author: saved.author,
        tags: saved.tags,
      },
    ),
  });
  // The notice on the list says which happened (decision 110).
  const outcome = { publish: "objavljeno", draft: "nacrt", scheduled: "zakazano" }[saved.status];
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

type SaveReply = {
  message: string;
  fieldErrors: FieldErrors;
  values: FormValues;
  conflict?: { version: number; savedBy: string; savedAt: string | Date };
};

export default function ArticleForm({ loaderData }: Route.ComponentProps) {
  const {
    id,
    from,
    publicPath,
    status,
    isAdmin,
    version,
    autosave,
    others: othersAtLoad,
    revisions,
  } = loaderData;
  const actionData = useActionData<SaveReply>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const saving = navigation.state === "submitting" && Boolean(navigation.formData?.has("title"));
  const savingIntent = navigation.formData?.get("intent");
  const formRef = useRef<HTMLFormElement>(null);
  const work = useFetcher<WorkReply>({ key: `article-work-${id ?? "new"}` });
  // Kept here, outside the form that remounts with the restored version, so its answer stays.
  const restoreReply = useFetcher<WorkReply>({ key: restoreFetcherKey(id ?? 0) });

  // The form's starting values: the stored article, or a restored autosave (the form remounts).
  const [restored, setRestored] = useState<{ values: FormValues; baseVersion: number | null } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const startValues = actionData?.values ?? restored?.values ?? loaderData.values;
  const baseVersion = restored ? restored.baseVersion : version;
  const [title, setTitle] = useState(textValue(startValues, "title"));
  const [excerpt, setExcerpt] = useState(textValue(startValues, "excerpt"));
  const [content, setContent] = useState(textValue(startValues, "content"));
  const [tags, setTags] = useState<string[]>(listOf(startValues, "tags"));
  const [dateValue, setDateValue] = useState(textValue(startValues, "publishedDate"));
  const [editorReady, setEditorReady] = useState(false);
  const [offer, setOffer] = useState(autosave);
  const [force, setForce] = useState(false);
  // The same schema checks the form in the browser first (instant feedback, nothing sent).
  const [clientCheck, setClientCheck] = useState<{ fieldErrors: FieldErrors } | null>(null);
  const errors = clientCheck?.fieldErrors ?? actionData?.fieldErrors ?? {};
  const conflict = !clientCheck && !force ? (actionData?.conflict ?? null) : null;
  const formMessage = clientCheck ? ARTICLE_MESSAGES.form : conflict ? null : (actionData?.message ?? null);
  useFocusFirstError(formRef, clientCheck ?? actionData);

  const safety = useFormSafety({
    formRef,
    articleId: id,
    baseVersion,
    lists: ARTICLE_FORM_LISTS,
    ready: editorReady,
    generation: version ?? 0,
  });
  const others = safety.others.length > 0 || id === null ? safety.others : othersAtLoad;

  // A save that came back (refused or with errors) guards the form again.
  useEffect(() => {
    if (actionData) safety.guardAgain();
  }, [actionData, safety.guardAgain]);
  // A restored revision: the stored article changed; the form shows it.
  useEffect(() => {
    if (work.state === "idle" && work.data?.ok && work.data.intent !== "preview-link") {
      setRestored(null);
      setFormKey((k) => k + 1);
    }
  }, [work.state, work.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stored version (or a restored draft) is a new starting point
  useEffect(() => {
    setTitle(textValue(startValues, "title"));
    setExcerpt(textValue(startValues, "excerpt"));
    setContent(textValue(startValues, "content"));
    setTags(listOf(startValues, "tags"));
    setDateValue(textValue(startValues, "publishedDate"));
  }, [formKey, version]);

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
    safety.allowLeaving();
  }

  const scheduled = (() => {
    const date = newYorkLocalToDate(dateValue);
    return date !== null && date.getTime() > Date.now();
  })();
  const backTo = `/admin/articles${from ? `?${from}` : ""}`;
  const field = { values: startValues, errors };
  return (
    <div>
      {safety.guard}
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
      <div className="mb-4 space-y-3">
        {restoreReply.state === "idle" && restoreReply.data?.message ? (
          <Notice tone={restoreReply.data.ok ? "success" : "error"} message={restoreReply.data.message} />
        ) : null}
        <PresenceNotice others={others} />
        {offer ? (
          <DraftOffer
            savedAt={offer.savedAt}
            articleId={id}
            onRestore={() => {
              setRestored({ values: offer.values, baseVersion: offer.baseVersion });
              setOffer(null);
              setFormKey((k) => k + 1);
            }}
            onDiscard={() => setOffer(null)}
          />
        ) : null}
        {conflict ? (
          <ConflictNotice
            conflict={conflict}
            onReload={() => {
              safety.allowLeaving();
              setForce(false);
              revalidator.revalidate().then(() => {
                setRestored(null);
                setFormKey((k) => k + 1);
              });
            }}
            onKeepMine={() => {
              setForce(true);
              const intent = textValue(actionData?.values, "intent") === "draft" ? "draft" : "publish";
              requestAnimationFrame(() => {
                const button = formRef.current?.querySelector<HTMLButtonElement>(
                  `button[name=intent][value=${intent}]`,
                );
                formRef.current?.requestSubmit(button ?? undefined);
              });
            }}
          />
        ) : null}
        {id !== null &&
        safety.storedVersion !== null &&
        baseVersion !== null &&
        safety.storedVersion > baseVersion &&
        !conflict ? (
          <Notice
            tone="warning"
            message="Neko je u međuvremenu sačuvao ovaj članak. Ako sačuvate, dobićete izbor: da učitate njihovu verziju ili da sačuvate svoju kao novu reviziju."
          />
        ) : null}
      </div>
      <Form
        key={`${formKey}-${version}`}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={keepEnterFromSubmitting}
        className="space-y-6"
      >
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="baseVersion" value={baseVersion ?? ""} />
        <input type="hidden" name="force" value={force ? "1" : ""} />
        <Notice tone="error" message={formMessage} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <Card className="space-y-4 p-4 sm:p-5">
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
                onChange={(html) => {
                  setContent(html);
                  setEditorReady(true);
                }}
                error={errors.content}
                allowHtmlView={isAdmin}
              />
              <p className="text-xs text-slate-500" aria-live="polite" data-testid="autosave-status">
                {safety.autosavedAt
                  ? `Nacrt formulara automatski sačuvan u ${formatTime(safety.autosavedAt)}.`
                  : safety.dirty
                    ? "Izmene se automatski čuvaju na nekoliko sekundi."
                    : ""}
              </p>
            </Card>

            <Card className="space-y-4 p-4 sm:p-5">
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
            {id !== null ? <RevisionsPanel articleId={id} revisions={revisions} /> : null}
          </div>

          <div className="space-y-6">
            <Card className="space-y-4 p-4 sm:p-5">
              <div className="space-y-1" data-testid="article-status">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
                  Status:{" "}
                  {status ? (
                    <ArticleStatusBadge status={status} date={loaderData.publishedDate ?? undefined} />
                  ) : (
                    <span className="font-normal text-slate-500">još nije sačuvan</span>
                  )}
                </p>
                <p className="text-xs text-slate-500">
                  „Sačuvaj / Objavi“ objavljuje članak (sa budućim datumom ga zakazuje za taj trenutak),
                  „Sačuvaj kao nacrt“ ga čuva kao nacrt (i skida sa sajta ako je bio objavljen).
                </p>
              </div>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  name="featured"
                  defaultChecked={textValue(startValues, "featured") === "on"}
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
                hint={scheduled ? "Vreme u Njujorku — budući datum: članak se zakazuje" : "Vreme u Njujorku"}
                onValueChange={setDateValue}
              />
              <SelectField {...field} name="category" label="Kategorija *" options={ARTICLE_CATEGORIES} />
            </Card>
            <Card className="p-4 sm:p-5">
              <ImageField
                id="featuredImage"
                name="featuredImage"
                label="Glavna slika *"
                defaultValue={textValue(startValues, "featuredImage")}
                error={errors.featuredImage}
              />
            </Card>
            <div className="flex flex-col gap-2">
              <Button type="submit" name="intent" value="publish" disabled={saving}>
                {saving && savingIntent === "publish"
                  ? scheduled
                    ? "Zakazivanje…"
                    : "Objavljivanje…"
                  : scheduled
                    ? "Sačuvaj / Zakaži objavu"
                    : "Sačuvaj / Objavi"}
              </Button>
              <Button type="submit" name="intent" value="draft" variant="secondary" disabled={saving}>
                {saving && savingIntent === "draft" ? "Čuvanje…" : "Sačuvaj kao nacrt"}
              </Button>
              <ButtonLink to={backTo} variant="ghost">
                Otkaži
              </ButtonLink>
            </div>
            {id !== null && status !== "publish" ? (
              <PreviewLinkCard fetcher={work} canUnschedule={status === "scheduled"} />
            ) : null}
          </div>
        </div>
      </Form>
    </div>
  );
}

function formatTime(date: Date): string {
  return new Intl.DateTimeFormat("sr-Latn", { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    date,
  );
}

export { AdminRouteError as ErrorBoundary };
