/**
 * The permission matrix: every admin route and action, for anonymous, editor and admin, run
 * against the real route modules and a real database. A route added under /admin without an
 * entry here fails the first test.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminUsers } from "~/db/schema";
import type { Permission } from "~/domain/users/permissions";
import routes from "~/routes";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser, requestAs } from "../../../tests/support/fixtures";

type Actor = "anonymous" | "editor" | "admin";
type Outcome = "login" | "forbidden" | "ok" | "notFound" | "redirect";
type ActionCase = {
  name: string;
  form: Record<string, string>;
  /** A number that must not change when the action is refused. */
  probe: (t: TestDatabase) => Promise<number>;
};
type MatrixEntry = {
  file: string;
  /** The path requested for the test (the route's own path with sample parameters). */
  path: string;
  permission: Permission | "signedIn" | "public";
  loader: Record<Actor, Outcome>;
  actions?: ActionCase[];
  actionOutcome?: Record<Actor, Outcome>;
};

const VIEW_ADMIN_ONLY = { anonymous: "login", editor: "forbidden", admin: "ok" } as const;
const VIEW_BOTH = { anonymous: "login", editor: "ok", admin: "ok" } as const;
const userCount = async (t: TestDatabase) => (await t.db.select({ n: count() }).from(adminUsers))[0].n;
const activeCount = async (t: TestDatabase) =>
  (await t.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.isActive, true)))[0].n;

const MATRIX: Record<string, MatrixEntry> = {
  "admin/login": {
    file: "routes/admin/login.tsx",
    path: "/admin/login",
    permission: "public",
    loader: { anonymous: "ok", editor: "redirect", admin: "redirect" },
  },
  "admin/logout": {
    file: "routes/admin/logout.tsx",
    path: "/admin/logout",
    permission: "public",
    loader: { anonymous: "redirect", editor: "redirect", admin: "redirect" },
  },
  admin: {
    file: "routes/admin/layout.tsx",
    path: "/admin",
    permission: "signedIn",
    loader: VIEW_BOTH,
  },
  "admin/": {
    file: "routes/admin/dashboard.tsx",
    path: "/admin",
    permission: "canViewDashboard",
    loader: VIEW_BOTH,
  },
  "admin/users/": {
    file: "routes/admin/users.tsx",
    path: "/admin/users",
    permission: "canViewUsers",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "create",
        form: {
          intent: "create",
          email: "novi@x.com",
          password: "dovoljno-duga",
          firstName: "N",
          lastName: "U",
          role: "admin",
        },
        probe: userCount,
      },
      { name: "toggle", form: { intent: "toggle", userId: "TARGET" }, probe: activeCount },
      { name: "delete", form: { intent: "delete", userId: "TARGET" }, probe: userCount },
    ],
  },
  "admin/*": {
    file: "routes/admin/not-found.tsx",
    path: "/admin/ne-postoji",
    permission: "signedIn",
    loader: { anonymous: "login", editor: "notFound", admin: "notFound" },
  },
};

/** Every route of app/routes.ts with its full path ("admin/users/" for an index under admin/users). */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path].filter(Boolean).join("/");
    const here = { path: entry.index ? `${joined}/` : joined, file: entry.file };
    return [here, ...flatten(entry.children ?? [], joined)];
  });
}

let t: TestDatabase;
const actors: Partial<Record<Exclude<Actor, "anonymous">, { id: number }>> = {};
let target: { id: number };

beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
  actors.editor = await insertUser(t.db, { email: "urednik@x.com", role: "editor" });
  actors.admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
  target = await insertUser(t.db, { email: "meta@x.com", role: "editor" });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

type Settled = Response | { value: unknown };

/** Runs a loader or action and turns what it returned or threw into something to classify. */
async function settle(fn: () => Promise<unknown>): Promise<Settled> {
  try {
    const value = await fn();
    return value instanceof Response ? value : { value };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const dataResult = thrown as { type?: string; init?: { status?: number } | null };
    if (dataResult?.type === "DataWithResponseInit") {
      return new Response(null, { status: dataResult.init?.status ?? 200 });
    }
    throw thrown;
  }
}

function outcomeOf(result: Settled): Outcome {
  if (!(result instanceof Response)) {
    const status = (result.value as { init?: { status?: number } | null } | null)?.init?.status;
    return status === 403 ? "forbidden" : "ok";
  }
  if (result.status === 302 || result.status === 301) {
    return result.headers.get("Location")?.startsWith("/admin/login?redirectTo=") ? "login" : "redirect";
  }
  if (result.status === 403) return "forbidden";
  if (result.status === 404) return "notFound";
  return result.status < 400 ? "ok" : "forbidden";
}

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
const load = (file: string) => import(path.resolve("app", file)) as Promise<RouteModule>;
const context = { requestId: "test", clientIp: "127.0.0.1" };

describeDb("permission matrix", () => {
  it("has an entry for every admin route", () => {
    const adminRoutes = flatten(routes as RouteConfigEntry[]).filter((r) => r.path.startsWith("admin"));
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const route of adminRoutes) {
      expect(MATRIX[route.path], `no permission-matrix entry for route "${route.path}"`).toBeDefined();
      expect(MATRIX[route.path].file).toBe(route.file);
    }
  });

  for (const [routePath, entry] of Object.entries(MATRIX)) {
    for (const actor of ["anonymous", "editor", "admin"] as const) {
      it(`GET ${entry.path} (${routePath}) as ${actor} → ${entry.loader[actor]}`, async () => {
        const mod = await load(entry.file);
        if (!mod.loader) throw new Error(`${entry.file} has no loader`);
        const user = actor === "anonymous" ? null : (actors[actor] ?? null);
        const request = await requestAs(t.db, user, entry.path);
        const result = await settle(() => mod.loader!({ request, params: {}, context }));
        expect(outcomeOf(result)).toBe(entry.loader[actor]);
      });

      for (const action of entry.actions ?? []) {
        const expected = entry.actionOutcome?.[actor];
        it(`POST ${entry.path} ${action.name} as ${actor} → ${expected}`, async () => {
          const mod = await load(entry.file);
          if (!mod.action) throw new Error(`${entry.file} has no action`);
          const before = await action.probe(t);
          const form = Object.fromEntries(
            Object.entries(action.form).map(([k, v]) => [k, v === "TARGET" ? String(target.id) : v]),
          );
          const user = actor === "anonymous" ? null : (actors[actor] ?? null);
          const request = await requestAs(t.db, user, entry.path, { form });
          const result = await settle(() => mod.action!({ request, params: {}, context }));
          expect(outcomeOf(result)).toBe(expected);
          if (expected !== "ok") expect(await action.probe(t)).toBe(before);
          else expect(await action.probe(t)).not.toBe(before);
        });
      }
    }
  }

  it("the logout action deletes the session and clears the cookie", async () => {
    const mod = await load("routes/admin/logout.tsx");
    const request = await requestAs(t.db, actors.admin ?? null, "/admin/logout", { form: {} });
    const result = (await settle(() => mod.action!({ request, params: {}, context }))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toMatch(/bv_session=;.*Max-Age=0/);
    const after = new Request("http://localhost/admin", {
      headers: { Cookie: request.headers.get("Cookie") ?? "" },
    });
    const layout = await load("routes/admin/layout.tsx");
    expect(outcomeOf(await settle(() => layout.loader!({ request: after, params: {}, context })))).toBe(
      "login",
    );
  });
});
