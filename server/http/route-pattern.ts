/**
 * The route pattern of a URL ("/article/:param", "/admin/articles/edit/:id"), found by matching the
 * path against the app's own route table — a bounded label for metrics and the request log, never
 * the raw URL. A path no route takes is "unmatched" (the site's "*" routes are patterns too).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export function createRoutePatterns(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  type Route = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Route[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const routes = tree(undefined);
  // The root route has no path: its children are the table.
  return (pathname) => {
    const matches = matchRoutes(routes, pathname);
    if (!matches || matches.length === 0) return "unmatched";
    const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };
}
