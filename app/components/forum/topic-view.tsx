import type { ReactNode } from "react";
import { BrandName } from "~/components/brand-name";
import { HoneypotField } from "~/components/honeypot-field";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { VisitorText } from "~/components/visitor-text";
import { AUTHOR_MAX } from "~/domain/forum/constants";
import type { PublicComment, PublicTopic } from "~/domain/forum/public.server";
import { COMMENT_FORMS, countOf } from "~/domain/forum/rules";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import type { FieldErrors, FormValues } from "~/lib/form";
import { MAX_TEXT_LENGTH } from "~/lib/text-sanitizer";

/** The vote buttons of the topic or of one comment (the page knows the visitor's votes and errors). */
export type VoteSlot = (
  kind: "topic" | "comment",
  item: { id: number; likes: number; dislikes: number },
  size?: "sm",
) => ReactNode;

export type CommentReplyView =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: FieldErrors; values: FormValues };

/** "Vaše ime", the visitor's name on a new topic and on a comment. */
export function AuthorField({
  idPrefix,
  values,
  errors,
}: {
  idPrefix?: string;
  values: FormValues | undefined;
  errors: FieldErrors | undefined;
}) {
  return (
    <TextField
      name="author"
      label="Vaše ime"
      required
      maxLength={AUTHOR_MAX}
      autoComplete="name"
      idPrefix={idPrefix}
      values={values}
      errors={errors}
    />
  );
}

/** The topic itself: title, author, date, text, its votes and the way to answer. */
export function TopicArticle({ topic, vote }: { topic: PublicTopic; vote: VoteSlot }) {
  const created = new Date(topic.createdAt);
  return (
    <article
      id="tema"
      className="mt-3 scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h1 className="break-words text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
        {topic.title}
      </h1>
      <p className="mt-2 break-words text-sm text-slate-600">
        <span className="font-medium text-slate-800">{topic.author}</span>
        {topic.companyName ? (
          <>
            {" "}
            · <BrandName name={topic.companyName} />
          </>
        ) : null}{" "}
        · <time dateTime={created.toISOString()}>{formatLongDate(created)}</time>
      </p>
      <VisitorText text={topic.content} className="mt-4 text-base leading-relaxed text-slate-800" />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        {vote("topic", topic)}
        <a href="#novi-komentar" className="text-sm font-medium text-brand-700 underline">
          Odgovorite
        </a>
      </div>
    </article>
  );
}

/** The approved comments of this page of the thread, with their votes and the comments' pagination. */
export function CommentList({
  topic,
  comments,
  page,
  totalPages,
  vote,
}: {
  topic: PublicTopic;
  comments: PublicComment[];
  page: number;
  totalPages: number;
  vote: VoteSlot;
}) {
  return (
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
              <div className="mt-3">{vote("comment", c, "sm")}</div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPages} label="Stranice komentara" />
      </div>
    </section>
  );
}

/**
 * The comment form: a plain form post (decision 065). The enhancement script sends it in place and
 * swaps this section for the answer's (the thank-you or the messages, focus on the first wrong
 * field); without it the whole page comes back at this section.
 */
export function CommentForm({
  topicId,
  path,
  reply,
}: {
  topicId: number;
  path: string;
  reply: CommentReplyView | null;
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
        <AuthorField idPrefix="komentar" values={failed?.values} errors={failed?.fieldErrors} />
        <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          Pošalji komentar
        </button>
      </form>
    </section>
  );
}
