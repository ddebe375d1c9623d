import { latestPublished } from "~/domain/articles/articles.server";
import { getSettings } from "~/domain/settings/settings.server";
import { formatLongDate } from "~/lib/dates";
import { getDb } from "~/services.server";
import type { Route } from "./+types/home";

export async function loader() {
  const db = getDb();
  const [settings, news] = await Promise.all([getSettings(db), latestPublished(db, { limit: 12 })]);
  return { siteDescription: settings.siteDescription, news };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: "Balkan Vozači — zajednica balkanskih vozača u Americi" },
  { name: "description", content: data?.siteDescription ?? "" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteDescription, news } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-10 text-white">
        <h1 className="text-3xl font-bold sm:text-4xl">Balkan Vozači</h1>
        <p className="mt-2 max-w-2xl text-brand-100">{siteDescription}</p>
      </section>
      <section aria-labelledby="najnovije" className="mt-10">
        <h2 id="najnovije" className="text-xl font-bold text-slate-900">
          Najnovije
        </h2>
        {news.length === 0 ? (
          <p className="mt-4 text-slate-600">Još nema objavljenih vesti.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {news.map((article) => (
              <li key={article.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">
                  {article.category}
                </p>
                <h3 className="mt-1 font-semibold text-slate-900">{article.title}</h3>
                <p className="mt-2 line-clamp-3 text-sm text-slate-600">{article.excerpt}</p>
                <p className="mt-3 text-xs text-slate-500">
                  {article.author} ·{" "}
                  <time dateTime={new Date(article.publishedDate).toISOString()}>
                    {formatLongDate(article.publishedDate)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
