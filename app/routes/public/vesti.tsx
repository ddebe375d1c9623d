import { CategoryPage, categoryMeta } from "~/components/public/category-page";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import type { Route } from "./+types/vesti";
import { loadCategoryPage } from "./category.server";

/** `/vesti`: the newest articles of the category, paged (decision 032). */
export function loader({ request }: Route.LoaderArgs) {
  return loadCategoryPage(request, "Vesti");
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = categoryMeta("Vesti");

export default function VestiPage({ loaderData }: Route.ComponentProps) {
  return <CategoryPage {...loaderData} />;
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
