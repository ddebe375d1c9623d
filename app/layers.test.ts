/**
 * The layers of docs/architecture.md, checked on every production import of app/ and server/:
 * imports point down the diagram only (a layer may skip layers below it), peers on one level do
 * not import each other, only the boot code (server/: the CLI, and the first start of an embedded
 * site, decision 003) imports the demo seeder, and the public client
 * reaches only pure rules.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Each layer's height in the diagram; a file may import its own layer and any lower one. */
const HEIGHT = {
  lib: 0,
  env: 0.5, // app/env.server.ts: the environment, read by every layer above lib
  db: 1,
  integrations: 2,
  services: 2.5, // app/services.server.ts: the providers chosen once at boot
  domain: 3,
  demo: 3.5,
  messages: 3.7, // app/messages: the spec's words for the domain's codes (decision 270)
  http: 4,
  components: 4,
  "public-client": 3.8, // the script public pages load (decision 065): components may share its helpers
  routes: 5,
  server: 6,
} as const;
type Layer = keyof typeof HEIGHT;

/** Peers on one level that must not import each other (the diagram draws them side by side). */
const PEERS: [Layer, Layer][] = [
  ["http", "components"],
  ["components", "http"],
];

/** Who may import the demo seeder: the boot code above it (tests and bench/ are not read). */
const mayImportDemo = (file: string) => file.startsWith("server/");

function layerOf(file: string): Layer | null {
  if (file === "app/env.server.ts" || file === "app/env.server") return "env";
  if (file === "app/services.server.ts" || file === "app/services.server") return "services";
  if (/^app\/(root\.tsx|entry\.server\.tsx|routes\.ts)$/.test(file) || file.startsWith("app/+types/")) {
    return "routes";
  }
  const match = file.match(
    /^app\/(lib|db|integrations|domain|demo|messages|http|components|public-client|routes)\//,
  );
  if (match) return match[1] as Layer;
  if (file.startsWith("server/")) return "server";
  return null;
}

const productionFiles = execFileSync("git", ["ls-files", "app", "server"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file))
  .filter(
    (file) =>
      !/\.test\.tsx?$/.test(file) && !file.includes("fixtures") && !file.startsWith("app/db/migrations/"),
  );

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The repository-relative path an import names (without extension), or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  if (bare.startsWith("~/")) return path.posix.join("app", bare.slice(2));
  if (bare.startsWith(".")) return path.posix.join(path.posix.dirname(from), bare);
  return null;
}

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const targets: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target) targets.push(target.replace(/\.(ts|tsx|js|mjs)$/, ""));
  }
  return targets;
}

function fileOf(target: string): string | null {
  for (const ext of [".ts", ".tsx", "/index.ts"])
    if (existsSync(path.join(ROOT, target + ext))) return target + ext;
  return null;
}

function violation(from: string, to: string): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return null;
  if (b === "demo" && a !== "demo" && !mayImportDemo(from)) return "only the boot code imports app/demo";
  if (a === b) return null;
  if (PEERS.some(([x, y]) => x === a && y === b)) return `${a} and ${b} are peers`;
  if (HEIGHT[b] > HEIGHT[a] || (HEIGHT[b] === HEIGHT[a] && a !== b)) return `${a} may not import ${b}`;
  return null;
}

describe("layers (docs/architecture.md)", () => {
  it("reads the production files", () => {
    expect(productionFiles.length).toBeGreaterThan(300);
    expect(productionFiles.filter((file) => layerOf(file) === "domain").length).toBeGreaterThan(100);
  });

  it("every import points down the layers", () => {
    const found: string[] = [];
    for (const from of productionFiles) {
      for (const to of importsOf(from)) {
        const why = violation(from, to);
        if (why) found.push(`${from} → ${to}: ${why}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the public client reaches only pure rules", () => {
    const seen = new Set<string>();
    const queue = productionFiles.filter((file) => layerOf(file) === "public-client");
    const impure: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const layer = layerOf(file);
      const pure =
        !/\.server\.tsx?$/.test(file) && (layer === "public-client" || layer === "domain" || layer === "lib");
      if (!pure) impure.push(file);
      for (const target of importsOf(file)) {
        const next = fileOf(target);
        if (next) queue.push(next);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(impure).toEqual([]);
  });

  it("finds an import that points up (the check is not blind)", () => {
    expect(violation("app/lib/dates.ts", "app/db/schema")).toBe("lib may not import db");
    expect(violation("app/domain/forum/rules.ts", "app/http/errors")).toBe("domain may not import http");
    expect(violation("app/components/x.tsx", "app/routes/admin/headings")).toBe(
      "components may not import routes",
    );
    expect(violation("app/components/x.tsx", "app/http/errors")).toBe("components and http are peers");
    expect(violation("app/routes/admin/x.tsx", "app/demo/seed.server")).toBe(
      "only the boot code imports app/demo",
    );
    expect(violation("app/routes/admin/x.tsx", "app/lib/dates")).toBeNull();
  });
});
