import { data, Link, type MetaDescriptor, redirect } from "react-router";
import { z } from "zod";
import { VoteButtons } from "~/components/forum/vote-buttons";
import { HoneypotField } from "~/components/honeypot-field";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { VisitorText } from "~/components/visitor-text";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import {
  AUTHOR_MAX,
  FORUM_MESSAGES,
  FORUM_PAGE_CACHE,
  PUBLIC_COMMENTS_PAGE_SIZE,
} from "~/domain/forum/constants";
import {
  getPublicTopic,
  listPublicComments,
  type PublicComment,
  type PublicTopic,
} from "~/domain/forum/public.server";
import { COMMENT_FORMS, countOf, parseVoteValue, preview } from "~/domain/forum/rules";
import { ensureVisitor, visitorHash } from "~/domain/forum/visitor.server";
import { castVote, limitVotes, visitorVotes } from "~/domain/forum/votes.server";
import { unknownIntent } from "~/http/errors";
import { parseIntent } from "~/http/intent";
import { publicOrigin } from "~/http/public-origin.server";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import type { FieldErrors, FormValues } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { jsonLdString } from "~/lib/json-ld";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { safeRedirect } from "~/lib/safe-redirect";
import { MAX_TEXT_LENGTH } from "~/lib/text-sanitizer";
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
  if (!parsed.ok) return unknownIntent({ intent: "unknown" });
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
    const fail = (status: number, message: string) =>
      data<VoteFailure>({ intent: "vote", ok: false, kind, id, message }, { status });
    if (!kind || id === null || value === null || (kind === "topic" && id !== topicId)) {
      return fail(400, FORUM_MESSAGES.voteFailed);
    }
    try {
      const limit = await limitVotes(db, clientIp);
      if (!limit.ok) return fail(429, FORUM_MESSAGES.tooManyVotes(limit.retryAfterMinutes));
      const visitor = ensureVisitor(request);
      const outcome = await castVote(db, { kind, id, value, visitor: visitor.hash, topicId });
      if (!outcome.ok) return fail(404, FORUM_MESSAGES.voteGone);
      // Back to the same page at the item: the enhancement script swaps in the item's new counts,
      // a browser without it shows the page there (decision 071).
      const anchor = kind === "topic" ? "tema" : `komentar-${id}`;
      return redirect(voteReturnPath(topicId, form.get("returnTo"), anchor), {
        status: 303,
        headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined,
      });
    } catch (error) {
      logger.error({ err: error, topicId, kind, id }, "forum vote failed");
      return fail(500, FORUM_MESSAGES.voteFailed);
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

/**
 * The comment form: a plain form post (decision 065). The enhancement script sends it in place and
 * swaps this section for the answer's (the thank-you or the messages, focus on the first wrong
 * field); without it the whole page comes back at this section.
 */
function CommentForm({
  topicId,
  path,
  reply,
}: {
  topicId: number;
  path: string;
  reply: CommentReply | null;
}) {
  const failed = reply && !reply.ok ? reply : null;
  const query = path.includes("?") ? path.slice(path.indexOf("?")) : "";
  return (
    <section aria-labelledby="novi-komentar-naslov" id="novi-komentar" className="mt-8 scroll-mt-4">
      <h2 id="novi-komentar-naslov" className="text-lg font-bold text-slate-900">
        Ostavite komentar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Komentare objavljujemo posle provere. Polja sa * su obavezna.
      </p>
      <form
        method="post"
        action={`/forum/${topicId}${query}#novi-komentar`}
        data-enhance="replace"
        data-target="#novi-komentar"
        noValidate
        className="mt-3 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        {reply?.ok ? <Notice tone="success" message={reply.message} /> : null}
        {/* Field errors speak for themselves (and the first one takes the focus); the notice is for
            the rest: the limiter, a topic gone, a failed write. */}
        {failed && Object.keys(failed.fieldErrors).length === 0 ? (
          <Notice tone="error" message={failed.message} />
        ) : null}
        <HoneypotField />
        <input type="hidden" name="intent" value="comment" />
        <TextField
          name="content"
          label="Komentar"
          required
          multiline
          rows={5}
          maxLength={MAX_TEXT_LENGTH}
          idPrefix="komentar"
          values={failed?.values}
          errors={failed?.fieldErrors}
        />
        <TextField
          name="author"
          label="Vaše ime"
          required
          maxLength={AUTHOR_MAX}
          autoComplete="name"
          idPrefix="komentar"
          values={failed?.values}
          errors={failed?.fieldErrors}
        />
        <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          Pošalji komentar
        </button>
      </form>
    </section>
  );
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
  const created = new Date(topic.createdAt);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (lib/json-ld.ts)
        dangerouslySetInnerHTML={{ __html: discussionJsonLd(topic, comments, canonicalUrl) }}
      />
      <nav aria-label="Putanja" className="text-sm text-slate-500">
        <Link to="/forum" className="hover:text-slate-800">
          Forum
        </Link>{" "}
        / <span className="text-slate-700">Tema</span>
      </nav>
      {looseVoteError ? <Notice className="mt-4" tone="error" message={looseVoteError} /> : null}

      <article
        id="tema"
        className="mt-3 scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h1 className="break-words text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
          {topic.title}
        </h1>
        <p className="mt-2 break-words text-sm text-slate-600">
          <span className="font-medium text-slate-800">{topic.author}</span>
          {topic.companyName ? <> · {topic.companyName}</> : null} ·{" "}
          <time dateTime={created.toISOString()}>{formatLongDate(created)}</time>
        </p>
        <VisitorText text={topic.content} className="mt-4 text-base leading-relaxed text-slate-800" />
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <VoteButtons
            kind="topic"
            id={topic.id}
            likes={topic.likes}
            dislikes={topic.dislikes}
            myVote={votes.topic}
            action={action}
            returnTo={path}
            error={voteError("topic", topic.id)}
          />
          <a href="#novi-komentar" className="text-sm font-medium text-brand-700 underline">
            Odgovorite
          </a>
        </div>
      </article>

      <section aria-labelledby="komentari" className="mt-8">
        <h2 id="komentari" className="text-lg font-bold text-slate-900">
          Komentari{" "}
          <span className="font-normal text-slate-500">({countOf(topic.commentCount, COMMENT_FORMS)})</span>
        </h2>
        {comments.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            Još nema komentara. Budite prvi koji će odgovoriti.
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {comments.map((c) => (
              <li
                key={c.id}
                id={`komentar-${c.id}`}
                className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4"
                data-testid={`forum-comment-${c.id}`}
              >
                <p className="break-words text-sm text-slate-600">
                  <span className="font-medium text-slate-800">{c.author}</span> ·{" "}
                  <time dateTime={new Date(c.createdAt).toISOString()}>{formatDateTime(c.createdAt)}</time>
                </p>
                <VisitorText text={c.content} className="mt-2 text-slate-800" />
                <div className="mt-3">
                  <VoteButtons
                    kind="comment"
                    id={c.id}
                    likes={c.likes}
                    dislikes={c.dislikes}
                    myVote={votes.comments[c.id] ?? 0}
                    action={action}
                    returnTo={path}
                    error={voteError("comment", c.id)}
                    size="sm"
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4">
          <Pagination page={page} totalPages={totalPages} label="Stranice komentara" />
        </div>
      </section>

      <CommentForm topicId={topic.id} path={path} reply={commentReply} />
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
