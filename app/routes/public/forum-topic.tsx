import { data, type MetaDescriptor, redirect } from "react-router";
import { z } from "zod";
import { CommentForm, CommentList, TopicArticle, type VoteSlot } from "~/components/forum/topic-view";
import { VoteButtons } from "~/components/forum/vote-buttons";
import { Breadcrumbs } from "~/components/public/breadcrumbs";
import { Notice } from "~/components/ui/notice";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { FORUM_PAGE_CACHE, PUBLIC_COMMENTS_PAGE_SIZE } from "~/domain/forum/constants";
import {
  getPublicTopic,
  listPublicComments,
  type PublicComment,
  type PublicTopic,
} from "~/domain/forum/public.server";
import { parseVoteValue, preview } from "~/domain/forum/rules";
import { castVote, limitVotes, type VoteErrorCode, visitorVotes } from "~/domain/forum/votes.server";
import { failure, unknownIntent } from "~/http/errors";
import { parseIntent } from "~/http/intent";
import { publicOrigin } from "~/http/public-origin.server";
import { ensureVisitor, visitorHash } from "~/http/visitor.server";
import type { FieldErrors, FormValues } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { jsonLdString } from "~/lib/json-ld";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { safeRedirect } from "~/lib/safe-redirect";
import { FORUM_MESSAGES } from "~/messages/forum";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-topic";
import { submitComment } from "./forum-submit.server";

/**
 * `/forum/{id}`: an approved topic with its approved comments (oldest first, 50 a page), like and
 * dislike on the topic and on each comment, and the comment form. A pending, rejected or unknown
 * topic is a 404 for visitors.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const db = getDb();
  const topic = await getPublicTopic(db, id);
  if (!topic) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const totalPages = totalPagesOf(topic.commentCount, PUBLIC_COMMENTS_PAGE_SIZE);
  if (page > totalPages) throw data(null, { status: 404 });
  const comments = await listPublicComments(db, id, { page });
  const votes = await visitorVotes(db, visitorHash(request), {
    topicId: id,
    commentIds: comments.map((c) => c.id),
  });
  const origin = publicOrigin(request);
  return {
    topic,
    comments,
    votes,
    page,
    totalPages,
    canonicalUrl: `${origin}/forum/${id}${page > 1 ? `?page=${page}` : ""}`,
    /** This page's own path: where a vote and a comment come back to. */
    path: `${url.pathname}${url.search}`,
  };
}

export function headers() {
  return { "Cache-Control": FORUM_PAGE_CACHE };
}

type CommentReply =
  | { intent: "comment"; ok: true; message: string }
  | { intent: "comment"; ok: false; message: string; fieldErrors: FieldErrors; values: FormValues };

/** A vote that could not be counted; shown beside that item's buttons. */
type VoteFailure = {
  intent: "vote";
  ok: false;
  kind: "topic" | "comment" | null;
  id: number | null;
  message: string;
};

/** A vote's way back without JavaScript: the same page of the thread, at the item voted on. */
function voteReturnPath(topicId: number, returnTo: FormDataEntryValue | null, anchor: string): string {
  const base = `/forum/${topicId}`;
  const path = safeRedirect(returnTo, base).split("#")[0];
  const url = new URL(path, "http://local.invalid");
  return `${url.pathname === base ? path : base}#${anchor}`;
}

/** A comment, or a vote (its fields are checked below: a bad one is a failed vote, not a 500). */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("comment") }),
  z.object({ intent: z.literal("vote") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const topicId = parseId(params.id);
  if (topicId === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const parsed = parseIntent(actionSchema, form);
  if (!parsed.ok) return unknownIntent({ intent: "unknown" as const });
  const { intent } = parsed.data;
  const db = getDb();
  const clientIp = context.clientIp ?? null;

  if (intent === "comment") {
    const result = await submitComment(db, topicId, form, { clientIp });
    if (result.ok)
      return { intent: "comment", ok: true, message: FORUM_MESSAGES.commentSent } satisfies CommentReply;
    return data<CommentReply>(
      {
        intent: "comment",
        ok: false,
        message: result.message,
        fieldErrors: result.fieldErrors,
        values: result.values,
      },
      { status: result.status },
    );
  }

  {
    const kind = form.get("kind") === "comment" ? "comment" : form.get("kind") === "topic" ? "topic" : null;
    const id = parseId(form.get("id"));
    const value = parseVoteValue(form.get("value"));
    const fail = (code: VoteErrorCode, extra: { detail?: string; status?: number } = {}) =>
      failure<Omit<VoteFailure, "ok" | "message">>(code, { intent: "vote", kind, id, ...extra });
    if (!kind || id === null || value === null || (kind === "topic" && id !== topicId)) {
      return fail("forum.vote_failed", { status: 400 });
    }
    try {
      const limit = await limitVotes(db, clientIp);
      if (!limit.ok) return fail("forum.too_many_votes", { detail: String(limit.retryAfterMinutes) });
      const visitor = ensureVisitor(request);
      const outcome = await castVote(db, { kind, id, value, visitor: visitor.hash, topicId });
      if (!outcome.ok) return fail("forum.vote_gone");
      // Back to the same page at the item: the enhancement script swaps in the item's new counts,
      // a browser without it shows the page there (decision 071).
      const anchor = kind === "topic" ? "tema" : `komentar-${id}`;
      return redirect(voteReturnPath(topicId, form.get("returnTo"), anchor), {
        status: 303,
        headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined,
      });
    } catch (error) {
      logger.error({ err: error, topicId, kind, id }, "forum vote failed");
      return fail("forum.vote_failed");
    }
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "Stranica nije pronađena — Balkan Vozači" }];
  const { topic, canonicalUrl } = d;
  const description = preview(topic.content, 160);
  const tags: MetaDescriptor[] = [
    { title: `${topic.title} — Forum — Balkan Vozači` },
    { name: "description", content: description },
    ...canonicalLinks(canonicalUrl),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Balkan Vozači" },
    { property: "og:locale", content: "sr_RS" },
    { property: "og:title", content: topic.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: "summary" },
  ];
  return tags;
};

/** Schema.org DiscussionForumPosting with the comments of this page, escaped by jsonLdString. */
function discussionJsonLd(topic: PublicTopic, comments: PublicComment[], canonicalUrl: string): string {
  const counters = (likes: number, dislikes: number) => [
    {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: likes,
    },
    {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/DislikeAction",
      userInteractionCount: dislikes,
    },
  ];
  const topicUrl = canonicalUrl.split("?")[0];
  return jsonLdString({
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": topicUrl,
    url: topicUrl,
    mainEntityOfPage: canonicalUrl,
    headline: topic.title,
    text: topic.content,
    inLanguage: "sr-Latn",
    author: {
      "@type": "Person",
      name: topic.author,
      ...(topic.companyName ? { affiliation: { "@type": "Organization", name: topic.companyName } } : {}),
    },
    datePublished: new Date(topic.createdAt).toISOString(),
    commentCount: topic.commentCount,
    interactionStatistic: counters(topic.likes, topic.dislikes),
    comment: comments.map((c) => ({
      "@type": "Comment",
      url: `${topicUrl}#komentar-${c.id}`,
      text: c.content,
      author: { "@type": "Person", name: c.author },
      datePublished: new Date(c.createdAt).toISOString(),
      interactionStatistic: counters(c.likes, c.dislikes),
    })),
  });
}

export default function ForumTopic({ loaderData, actionData }: Route.ComponentProps) {
  const { topic, comments, votes, page, totalPages, canonicalUrl, path } = loaderData;
  const action = `/forum/${topic.id}`;
  const commentReply = actionData?.intent === "comment" ? (actionData as CommentReply) : null;
  const voteFailure = actionData?.intent === "vote" ? (actionData as VoteFailure) : null;
  const voteError = (kind: "topic" | "comment", id: number) =>
    voteFailure && voteFailure.kind === kind && voteFailure.id === id ? voteFailure.message : null;
  // A vote that named no item at all (a broken form) is said at the top.
  const looseVoteError = voteFailure && voteFailure.id === null ? voteFailure.message : null;
  const vote: VoteSlot = (kind, item, size) => (
    <VoteButtons
      kind={kind}
      id={item.id}
      likes={item.likes}
      dislikes={item.dislikes}
      myVote={kind === "topic" ? votes.topic : (votes.comments[item.id] ?? 0)}
      action={action}
      returnTo={path}
      error={voteError(kind, item.id)}
      size={size}
    />
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (lib/json-ld.ts)
        dangerouslySetInnerHTML={{ __html: discussionJsonLd(topic, comments, canonicalUrl) }}
      />
      <Breadcrumbs steps={[{ label: "Forum", to: "/forum" }, { label: "Tema" }]} />
      {looseVoteError ? <Notice className="mt-4" tone="error" message={looseVoteError} /> : null}

      <TopicArticle topic={topic} vote={vote} />
      <CommentList topic={topic} comments={comments} page={page} totalPages={totalPages} vote={vote} />

      <CommentForm topicId={topic.id} path={path} reply={commentReply} />
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
