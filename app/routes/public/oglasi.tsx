import { CategoryPage } from "~/components/public/category-page";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import type { Route } from "./+types/oglasi";
import { loadCategoryPage } from "./category.server";

export function loader({ request }: Route.LoaderArgs) {
  return loadCategoryPage(request, "Oglasi");
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "Stranica nije pronađena — Balkan Vozači" }];
  const suffix = data.page > 1 ? ` — strana ${data.page}` : "";
  return [
    { title: `Oglasi${suffix} — ${data.siteName}` },
    { name: "description", content: "Oglasi: najnoviji članci za balkanske vozače u Americi." },
    ...canonicalLinks(data.canonicalUrl),
    { property: "og:type", content: "website" },
    { property: "og:title", content: `Oglasi — ${data.siteName}` },
    { property: "og:url", content: data.canonicalUrl },
  ];
};

export default function OglasiPage({ loaderData }: Route.ComponentProps) {
  return <CategoryPage {...loaderData} />;
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
