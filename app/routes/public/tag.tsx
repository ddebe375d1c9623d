import { data, redirect } from "react-router";
import { CategoryPage } from "~/components/public/category-page";
import { resolveImageUrl } from "~/domain/articles/image-url";
import { PUBLIC_PAGE_SIZE } from "~/domain/articles/public.server";
import { SLUG_MAX_LENGTH, slugText, tagPath } from "~/domain/articles/slug";
import { listTaggedArticles } from "~/domain/articles/tags.server";
import { loadPageBanners } from "~/domain/banners/placement.server";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/tag";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `/tag/{slug}`: the published articles with a tag, newest first, 12 a page like /vesti
 * (docs/decisions/201). Another spelling of a slug ("/tag/Паркинг") answers 301 with the canonical
 * one; a tag no published article has, or a page past the last, is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const url = new URL(request.url);
  if (!SLUG.test(slug) || slug.length > SLUG_MAX_LENGTH) {
    const canonical = slugText(slug);
    if (canonical && canonical !== slug) throw redirect(`${tagPath(canonical)}${url.search}`, 301);
    throw data(null, { status: 404 });
  }
  const page = parsePage(url.searchParams.get("page"));
  const db = getDb();
  const [list, settings, banners] = await Promise.all([
    listTaggedArticles(db, { slug, page }),
    getCachedSettings(db),
    loadPageBanners(db, "vesti"),
  ]);
  if (!list) throw data(null, { status: 404 });
  const totalPages = totalPagesOf(list.total, PUBLIC_PAGE_SIZE);
  if (page > totalPages) throw data(null, { status: 404 });
  return {
    name: list.name,
    items: list.items,
    total: list.total,
    page,
    totalPages,
    defaultImage: resolveImageUrl(settings.defaultArticleImage),
    siteName: settings.siteName,
    canonicalUrl: `${publicOrigin(request)}${tagPath(slug)}${page > 1 ? `?page=${page}` : ""}`,
    banners,
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

/** "parking" → "Parking" for the heading; "CDL-A" stays. */
function headingOf(name: string): string {
  return name.charAt(0).toLocaleUpperCase("sr") + name.slice(1);
}

function introOf(name: string, total: number): string {
  const count = new Intl.NumberFormat("sr-Latn").format(total);
  return `Vesti i oglasi sa oznakom „${name}“ (${count}), najnoviji prvo.`;
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "Stranica nije pronađena — Balkan Vozači" }];
  const suffix = data.page > 1 ? ` — strana ${data.page}` : "";
  const title = `${headingOf(data.name)}: vesti i oglasi${suffix} — ${data.siteName}`;
  const description = `Svi članci sa oznakom „${data.name}“ za balkanske vozače u Americi: vesti, propisi, poslovi i oglasi.`;
  return [
    { title },
    { name: "description", content: description },
    ...canonicalLinks(data.canonicalUrl),
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.canonicalUrl },
  ];
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { name, total, ...list } = loaderData;
  return (
    <CategoryPage {...list} category={headingOf(name)} intro={introOf(name, total)} bannerPage="vesti" />
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
