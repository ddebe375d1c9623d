import { data, Form, Link, type MetaDescriptor } from "react-router";
import { ThumbIcon } from "~/components/forum/thumb-icon";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { FORUM_PAGE_CACHE, PUBLIC_TOPICS_PAGE_SIZE } from "~/domain/forum/constants";
import { listPublicTopics } from "~/domain/forum/public.server";
import { COMMENT_FORMS, countOf } from "~/domain/forum/rules";
import { searchParam } from "~/domain/forum/search";
import { publicOrigin } from "~/http/public-origin.server";
import { formatDate } from "~/lib/dates";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum";

/**
 * `/forum`: approved topics, newest activity first, 20 a page, searchable over title and content
 * without regard to case or diacritics. A page past the last one is a 404, as on /vesti.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchParam(params.get("q"));
  const page = parsePage(params.get("page"));
  const { rows, total } = await listPublicTopics(getDb(), { search, page });
  if (page > totalPagesOf(total, PUBLIC_TOPICS_PAGE_SIZE)) throw data(null, { status: 404 });
  return { rows, total, page, search, canonicalUrl: `${publicOrigin(request)}/forum` };
}

export function headers() {
  return { "Cache-Control": FORUM_PAGE_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const description =
    "Forum balkanskih vozača u Americi: parking, kompanije, isplate, inspekcije i iskustva sa puta.";
  const tags: MetaDescriptor[] = [
    { title: "Forum — Balkan Vozači" },
    { name: "description", content: description },
    { property: "og:title", content: "Forum — Balkan Vozači" },
    { property: "og:description", content: description },
  ];
  if (d) {
    // Search results are not pages of their own for search engines.
    if (d.search) tags.push({ name: "robots", content: "noindex, follow" });
    else tags.push(...canonicalLinks(d.canonicalUrl));
  }
  return tags;
};

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <span className="sr-only">{label}: </span>
      {children}
    </span>
  );
}

export default function ForumList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, search } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Forum</h1>
          <p className="mt-1 text-slate-600">
            Pitanja i iskustva vozača: parking, kompanije, isplate, inspekcije.
          </p>
        </div>
        <Link to="/forum/nova" className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          Nova tema
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        className="mt-5 flex gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      >
        <label htmlFor="q" className="sr-only">
          Pretraga foruma
        </label>
        <Input
          id="q"
          name="q"
          type="search"
          placeholder="Pretražite teme…"
          defaultValue={search}
          maxLength={100}
        />
        <button type="submit" className={buttonClass("primary", "md", "shrink-0")}>
          Traži
        </button>
      </Form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, PUBLIC_TOPICS_PAGE_SIZE, total)}
        {search ? (
          <>
            {" · "}
            <Link to="/forum" className="font-medium text-brand-700 underline">
              Poništi pretragu
            </Link>
          </>
        ) : null}
      </p>

      {rows.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          <p>
            {search
              ? "Nema tema za vašu pretragu."
              : "Još nema tema. Budite prvi koji će pokrenuti razgovor."}
          </p>
          <Link to="/forum/nova" className="mt-3 inline-block font-medium text-brand-700 underline">
            Otvorite novu temu
          </Link>
        </div>
      ) : (
        <ul className="mt-3 space-y-3">
          {rows.map((t) => {
            const activity = new Date(t.lastActivityAt).getTime() > new Date(t.createdAt).getTime() + 60_000;
            return (
              <li key={t.id} data-testid={`forum-topic-${t.id}`}>
                <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300">
                  <h2 className="break-words text-lg font-semibold leading-snug text-slate-900">
                    <Link to={`/forum/${t.id}`} className="hover:text-brand-700 hover:underline">
                      {t.title}
                    </Link>
                  </h2>
                  {t.preview ? <p className="mt-1 break-words text-sm text-slate-600">{t.preview}</p> : null}
                  <p className="mt-2 break-words text-xs text-slate-500">
                    <span className="font-medium text-slate-700">{t.author}</span>
                    {t.companyName ? <> · {t.companyName}</> : null} ·{" "}
                    <time dateTime={new Date(t.createdAt).toISOString()}>{formatDate(t.createdAt)}</time>
                    {activity ? (
                      <>
                        {" "}
                        · poslednji komentar{" "}
                        <time dateTime={new Date(t.lastActivityAt).toISOString()}>
                          {formatDate(t.lastActivityAt)}
                        </time>
                      </>
                    ) : null}
                  </p>
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                    <span data-testid={`forum-topic-${t.id}-comments`}>
                      {countOf(t.commentCount, COMMENT_FORMS)}
                    </span>
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
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6">
        <Pagination page={page} totalPages={totalPagesOf(total, PUBLIC_TOPICS_PAGE_SIZE)} />
      </div>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
