/**
 * The route pattern of a URL ("/article/:param", "/admin/articles/edit/:id"), found by matching the
 * path against the app's own route table — a bounded label for metrics and the request log, never
 * the raw URL. A path no route takes is "unmatched" (the site's "*" routes are patterns too).
 *
 * React Router's `matchRoutes` flattens and ranks the whole table on every call (~0.8 ms with the
 * site's routes and their /cir twins): more than a cached page costs to send. So the answers are
 * remembered per path, at most MEMO_LIMIT of them (then the memory starts again).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const MEMO_LIMIT = 5_000;

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
  const patternOf = (pathname: string) => {
    const matches = matchRoutes(routes, pathname);
    if (!matches || matches.length === 0) return "unmatched";
    const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };
  const memo = new Map<string, string>();
  return (pathname) => {
    let pattern = memo.get(pathname);
    if (pattern === undefined) {
      pattern = patternOf(pathname);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(pathname, pattern);
    }
    return pattern;
  };
}
