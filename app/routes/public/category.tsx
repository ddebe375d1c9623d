import { CategoryPage, categoryMeta } from "~/components/public/category-page";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import type { Route } from "./+types/category";
import { loadCategoryPage } from "./category.server";

/** `/vesti` and `/oglasi` (one route module, two routes): the newest articles of the category, paged (decision 032). */
export function loader({ request }: Route.LoaderArgs) {
  return loadCategoryPage(request, new URL(request.url).pathname === "/oglasi" ? "Oglasi" : "Vesti");
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = (args) => categoryMeta(args.data?.category ?? "Vesti")(args);

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  return <CategoryPage {...loaderData} />;
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
