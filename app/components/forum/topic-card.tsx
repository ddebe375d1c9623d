import { Link } from "react-router";
import { BrandName } from "~/components/brand-name";
import type { PublicTopicRow } from "~/domain/forum/public.server";
import { COMMENT_FORMS, countOf } from "~/domain/forum/rules";
import { formatDate } from "~/lib/dates";
import { ThumbIcon } from "./thumb-icon";

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

/** One topic of `/forum`: title, preview, author, dates, the comment count and the votes. */
export function TopicCard({ topic: t }: { topic: PublicTopicRow }) {
  const activity = new Date(t.lastActivityAt).getTime() > new Date(t.createdAt).getTime() + 60_000;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300">
      <h2 className="break-words text-lg font-semibold leading-snug text-slate-900">
        <Link to={`/forum/${t.id}`} className="hover:text-brand-700 hover:underline">
          {t.title}
        </Link>
      </h2>
      {t.preview ? <p className="mt-1 break-words text-sm text-slate-600">{t.preview}</p> : null}
      <p className="mt-2 break-words text-xs text-slate-500">
        <span className="font-medium text-slate-700">{t.author}</span>
        {t.companyName ? (
          <>
            {" "}
            · <BrandName name={t.companyName} />
          </>
        ) : null}{" "}
        · <time dateTime={new Date(t.createdAt).toISOString()}>{formatDate(t.createdAt)}</time>
        {activity ? (
          <>
            {" "}
            · poslednji komentar{" "}
            <time dateTime={new Date(t.lastActivityAt).toISOString()}>{formatDate(t.lastActivityAt)}</time>
          </>
        ) : null}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span data-testid={`forum-topic-${t.id}-comments`}>{countOf(t.commentCount, COMMENT_FORMS)}</span>
        <Stat label="Sviđa se">
          <ThumbIcon className="text-slate-400" />
          <span data-testid={`forum-topic-${t.id}-likes`}>{t.likes}</span>
        </Stat>
        <Stat label="Ne sviđa se">
          <ThumbIcon down className="text-slate-400" />
          <span data-testid={`forum-topic-${t.id}-dislikes`}>{t.dislikes}</span>
        </Stat>
      </p>
    </article>
  );
}
