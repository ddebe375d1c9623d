import { data, Form, Link, type MetaDescriptor } from "react-router";
import { TopicCard } from "~/components/forum/topic-card";
import { PublicListPage } from "~/components/public/list-page";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { FORUM_PAGE_CACHE, PUBLIC_TOPICS_PAGE_SIZE } from "~/domain/forum/constants";
import { listPublicTopics } from "~/domain/forum/public.server";
import { searchParam } from "~/domain/forum/search";
import { publicOrigin } from "~/http/public-origin.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
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

export default function ForumList({ loaderData }: Route.ComponentProps) {
  const { rows, search } = loaderData;
  return (
    <PublicListPage
      className="max-w-4xl"
      title="Forum"
      intro="Pitanja i iskustva vozača: parking, kompanije, isplate, inspekcije."
      add={{ to: "/forum/nova", label: "Nova tema" }}
      search={
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
      }
      list={loaderData}
      pageSize={PUBLIC_TOPICS_PAGE_SIZE}
      reset={search ? { to: "/forum", label: "Poništi pretragu" } : null}
    >
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
          {rows.map((topic) => (
            <li key={topic.id} data-testid={`forum-topic-${topic.id}`}>
              <TopicCard topic={topic} />
            </li>
          ))}
        </ul>
      )}
    </PublicListPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
