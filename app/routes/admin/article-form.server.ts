/**
 * The article form's route work (`/admin/articles/new`, `/admin/articles/edit/{id}`): what the
 * form opens with, and one handler per intent of its POST — `publish` / `draft` save the article
 * (decision 110, 193), `unschedule`, `preview-link` and `restore` are the form's other buttons.
 */
import { data } from "react-router";
import { z } from "zod";
import type { WorkReply } from "~/components/articles/work-notices";
import { getAdminArticle } from "~/domain/articles/admin.server";
import { getAutosave, otherEditors } from "~/domain/articles/drafts.server";
import { saveArticle, unscheduleArticle } from "~/domain/articles/editing.server";
import {
  createPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from "~/domain/articles/preview-link.server";
import { listRevisions, restoreRevision } from "~/domain/articles/revisions.server";
import { articlePath } from "~/domain/articles/slug";
import {
  ARTICLE_FORM_LISTS,
  addTag,
  articleFormSchema,
  articleFormValues,
  dateToNewYorkLocal,
} from "~/domain/articles/validation";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { failure, unknownIntent } from "~/http/errors";
import { redirectWithFlash } from "~/http/flash.server";
import { parseForm } from "~/http/form";
import { type FieldErrors, type FormValues, listOf, textValue, withStoredFields } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { getDb } from "~/services.server";

type Staff = { id: number; email: string; firstName: string; lastName: string; role: string };

const LIST_KEYS = ["q", "status", "category", "popular", "page"] as const;

/** The list's query to come back to (only its own keys), from `?from=` or the form's hidden field. */
export function listQuery(from: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (!from?.startsWith("?")) return params;
  const given = new URLSearchParams(from);
  for (const key of LIST_KEYS) {
    const value = given.get(key);
    if (value) params.set(key, value.slice(0, 200));
  }
  return params;
}

const notFound = () => failure("article.not_found");

/** The id of /edit/{id}, or null on /new; anything else is a 404. */
export function articleIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseId(params.id);
  if (id === null) throw notFound();
  return id;
}

const fullName = (user: Staff) => `${user.firstName} ${user.lastName}`.trim();

/** What the form opens with: a new article's defaults, or the stored one with who else has it open. */
export async function loadArticleForm(user: Staff, id: number | null, from: string) {
  const db = getDb();
  const isAdmin = user.role === "admin";
  if (id === null) {
    const values: FormValues = {
      author: fullName(user),
      publishedDate: dateToNewYorkLocal(new Date()),
      category: "Vesti",
    };
    const autosave = await getAutosave(db, user.id, null);
    const none = { status: null, publishedDate: null, publicPath: null, version: null };
    return { id, values, from, ...none, isAdmin, autosave, others: [], revisions: [], previewLinks: [] };
  }
  const article = await getAdminArticle(db, id);
  if (!article) throw notFound();
  // Who else has it open (read only: this form's own heartbeat starts when it mounts).
  const [autosave, others, revisions, previewLinks] = await Promise.all([
    getAutosave(db, user.id, id),
    otherEditors(db, id, user.id),
    listRevisions(db, id),
    article.status === "publish" ? [] : listPreviewLinks(db, id),
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
    previewLinks,
  };
}

/** The form's POST: the two save buttons, and the other buttons (fetchers), one schema each. */
export const articleFormIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("draft") }),
  z.object({ intent: z.literal("unschedule") }),
  z.object({ intent: z.literal("preview-link") }),
  z.object({ intent: z.literal("preview-revoke"), linkId: z.string() }),
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

export type IntentContext = { request: Request; form: FormData; user: Staff; ip: string | null };
type WorkContext = IntentContext & { id: number };

/** A button the form cannot use here (unknown, or not on a stored article). */
export const workRefused = () => unknownIntent();

const reply = (body: WorkReply, status?: number) => data<WorkReply>(body, status ? { status } : undefined);

function auditOf({ user, ip, id }: WorkContext) {
  return { actor: user, area: "articles" as const, recordId: id, ip };
}

export async function unscheduleAction(ctx: WorkContext) {
  const db = getDb();
  const result = await unscheduleArticle(db, {
    id: ctx.id,
    author: { id: ctx.user.id, name: fullName(ctx.user) },
  });
  if (!result.ok && result.code === "not-found") throw notFound();
  if (!result.ok) return failure("article.not_scheduled");
  await recordAudit(db, {
    ...auditOf(ctx),
    action: "unschedule",
    changes: { status: ["scheduled", "draft"] },
  });
  return reply({ ok: true, intent: "unschedule", message: ARTICLE_MESSAGES.unscheduled });
}

export async function previewLinkAction(ctx: WorkContext) {
  const db = getDb();
  const article = await getAdminArticle(db, ctx.id);
  if (!article) throw notFound();
  const link = await createPreviewLink(db, {
    articleId: ctx.id,
    status: article.status,
    author: { id: ctx.user.id, name: fullName(ctx.user) },
  });
  await recordAudit(db, { ...auditOf(ctx), action: "preview-link", recordLabel: article.title });
  return reply({ ok: true, intent: "preview-link", previewUrl: link.path, expiresAt: link.expiresAt });
}

/** "Opozovi" beside one of the article's preview links: from now it is a 404 (decision 291). */
export async function revokePreviewAction(ctx: WorkContext, linkIdText: string) {
  const db = getDb();
  const linkId = parseId(linkIdText);
  const result = linkId === null ? null : await revokePreviewLink(db, { articleId: ctx.id, linkId });
  if (!result?.ok) return failure("article.preview_link_not_found", { intent: "preview-revoke" });
  await recordAudit(db, { ...auditOf(ctx), action: "preview-revoke", changes: { link: [linkId, null] } });
  return reply({ ok: true, intent: "preview-revoke", message: "Link za pregled je opozvan: više ne radi." });
}

export async function restoreAction(ctx: WorkContext, revisionId: number) {
  const db = getDb();
  const author = { id: ctx.user.id, name: fullName(ctx.user) };
  const result = await restoreRevision(db, { articleId: ctx.id, revisionId, author });
  if (!result.ok) return failure("article.restore_failed");
  await recordAudit(db, {
    ...auditOf(ctx),
    action: "restore",
    changes: { revision: [revisionId, result.revisionId] },
  });
  return reply({ ok: true, intent: "restore", message: ARTICLE_MESSAGES.restored });
}

/** What the audit log compares between the stored article and the saved one. */
const AUDITED = [
  "title",
  "excerpt",
  "content",
  "featuredImage",
  "status",
  "publishedDate",
  "category",
  "author",
  "tags",
] as const;

function audited(article: Record<(typeof AUDITED)[number], unknown> | null) {
  return article && Object.fromEntries(AUDITED.map((key) => [key, article[key]]));
}

/** "Sačuvaj / Objavi" and "Sačuvaj kao nacrt": validate, save (never over a newer version), audit, back to the list. */
export async function saveAction({ request, form, user, ip }: IntentContext, id: number | null) {
  const back = listQuery(typeof form.get("from") === "string" ? `?${form.get("from")}` : null);
  const db = getDb();
  const before = id === null ? null : await getAdminArticle(db, id);
  // A field the form always sends but this post lacks keeps what is stored (decision 061).
  const sent = before
    ? withStoredFields(form, articleFormValues(before), {
        skip: ["featured"],
        lists: { tags: "tagsPending" },
      })
    : form;
  const parsed = parseForm(articleFormSchema, sent, { lists: ARTICLE_FORM_LISTS });
  // A tag typed but not added with Enter yet comes back added, as the save would add it.
  const values = {
    ...parsed.values,
    tags: addTag(listOf(parsed.values, "tags"), textValue(parsed.values, "tagsPending")),
  };
  if (!parsed.ok) {
    return failure("article.invalid", { fieldErrors: parsed.fieldErrors, values });
  }
  let result: Awaited<ReturnType<typeof saveArticle>>;
  try {
    result = await saveArticle(db, {
      id,
      input: parsed.data,
      author: { id: user.id, name: fullName(user) },
      baseVersion: parseId(form.get("baseVersion")),
      force: form.get("force") === "1",
    });
  } catch (error) {
    logger.error({ err: error, articleId: id }, "article save failed");
    return failure("article.save_failed", { fieldErrors: {} as FieldErrors, values });
  }
  if (!result.ok && result.code === "not-found") throw notFound();
  // Never a silent overwrite: the editor chooses (decision 193).
  if (!result.ok) {
    return failure("article.stale", { fieldErrors: {} as FieldErrors, values, conflict: result.current });
  }
  const saved = parsed.data;
  const kind = { scheduled: "schedule", publish: "publish", draft: "draft" } as const;
  await recordAudit(db, {
    actor: user,
    area: "articles",
    action: id === null ? "create" : kind[saved.status],
    recordId: result.id,
    recordLabel: saved.title,
    ip,
    changes: changedFields(audited(before), audited(saved)),
  });
  // The notice on the list says which happened (decision 110).
  const outcome = { publish: "published", draft: "draft", scheduled: "scheduled" } as const;
  const query = back.toString();
  return redirectWithFlash(
    request,
    `/admin/articles${query ? `?${query}` : ""}`,
    `article.${id === null ? "created" : "saved"}-${outcome[saved.status]}`,
  );
}
