import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table. Public pages and the admin back office live in their own folders; every admin
 * route below /admin has an entry in the permission matrix test (tests/integration/permissions).
 */
export default [
  layout("routes/public/layout.tsx", [index("routes/public/home.tsx")]),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    ...prefix("users", [index("routes/admin/users.tsx")]),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
