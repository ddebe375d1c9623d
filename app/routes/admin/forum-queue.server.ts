/**
 * The action of both forum moderation screens (topics and comments): the queue's intents, typed,
 * then the forum's rules (decision 171); an accepted step leaves one audit entry per item named,
 * with the step as its action (decision 195).
 */
import { data } from "react-router";
import { z } from "zod";
import { FORUM_TABS, type ForumTab } from "~/components/forum/forum-queue";
import { ADMIN_FORUM_PAGE_SIZE } from "~/domain/forum/constants";
import { deleteForumItem, moderateForum } from "~/domain/forum/moderation.server";
import { COMMENT_FORMS, countOf, type ForumKind, moderationMessage } from "~/domain/forum/rules";
import type { SessionUser } from "~/domain/users/session.server";
import { auditTrail } from "~/http/audit-trail.server";
import { readIntent } from "~/http/intent";
import {
  loadQueueFrom,
  QUEUE_FORM,
  type QueueQuery,
  queueIntents,
  queueReply,
} from "~/http/moderation.server";
import { refuseQueuePost } from "~/http/queue-refusal.server";
import { FORUM_MESSAGES } from "~/messages/forum";
import { getDb } from "~/services.server";

const schema = z.discriminatedUnion("intent", [...queueIntents(FORUM_MESSAGES.nothingSelected)]);

async function auditForumModeration(
  intent: string,
  ids: readonly number[],
  input: { user: SessionUser; kind: ForumKind; ip: string | null },
): Promise<void> {
  const audit = auditTrail(getDb(), input.user, input.ip, "forum");
  for (const id of ids) await audit(intent, { recordId: `${input.kind} ${id}` });
}

export async function forumQueueAction(
  request: Request,
  kind: ForumKind,
  { user, ip }: { user: SessionUser; ip: string | null },
) {
  const parsed = await readIntent(request, schema, QUEUE_FORM);
  if (!parsed.ok) return refuseQueuePost(parsed, FORUM_MESSAGES.nothingSelected);
  const { intent, id: ids } = parsed.data;
  const db = getDb();
  if (intent === "delete") {
    const result = await deleteForumItem(db, kind, ids[0]);
    const message =
      result.ok && result.value.comments > 0
        ? `Tema je obrisana, zajedno sa ${countOf(result.value.comments, COMMENT_FORMS)}.`
        : moderationMessage(kind, "delete", 1);
    const reply = queueReply(intent, ids, result.ok ? { ok: true, message } : result);
    if (result.ok) await auditForumModeration(intent, ids, { user, kind, ip });
    return data(reply.body, { status: reply.status });
  }
  const result = await moderateForum(db, kind, intent, ids);
  const reply = queueReply(
    intent,
    ids,
    result.ok ? { ok: true, message: moderationMessage(kind, intent, result.value.changed) } : result,
  );
  if (result.ok) await auditForumModeration(intent, ids, { user, kind, ip });
  return data(reply.body, { status: reply.status });
}

/** One screen of a forum queue: the counts, the page of rows and the opened item, at once. */
export function loadForumQueue<Row, Item>(
  request: Request,
  what: string,
  sources: {
    counts: () => Promise<Record<ForumTab, number>>;
    list: (query: QueueQuery<ForumTab>) => Promise<{ rows: Row[]; total: number }>;
    get: (id: number) => Promise<Item | null>;
  },
) {
  return loadQueueFrom(request, {
    tabs: FORUM_TABS.map((t) => t.tab),
    pageSize: ADMIN_FORUM_PAGE_SIZE,
    what,
    ...sources,
  });
}
