/**
 * The layers of docs/architecture.md, checked on every production file of app/, server/,
 * scripts/ and server.js:
 * - imports point down the diagram only (a layer may skip layers below it), peers on one level do
 *   not import each other; every form of import counts: `import … from`, `export … from`, a
 *   side-effect `import "…"`, and a dynamic `import("…")` or `import(\`…${x}\`)` (its fixed prefix);
 * - app/ never imports server/, scripts/ or the build; server/ may import any of app/ and the build
 *   (`virtual:react-router/server-build`); scripts/ and server.js run the build and import nothing
 *   of app/ or server/ (the production install has no TypeScript);
 * - only the boot code (server/: the CLI, and the first start of an embedded site, decision 003)
 *   imports the demo seeder, and the public client reaches only pure rules;
 * - the HTTP packages (react-router, @react-router/*, express) are imported only at the edge
 *   (http, components, routes, server, scripts);
 * - a development dependency is imported only for its types (a production install has none);
 * - app/domain (decision 170) never takes or builds a `Request`, `Response`, `FormData` or
 *   `Headers`, never names an HTTP status, and exports no `*_MESSAGES` text (the spec's words live
 *   in app/messages and app/http/errors.ts).
 * Each rule has a fixture below that the checker must refuse.
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
  build: 6.5, // the bundle of app/ and server/ (build/server, virtual:react-router/server-build)
  scripts: 7, // scripts/ and server.js: run the build
} as const;
type Layer = keyof typeof HEIGHT;

/** Peers on one level that must not import each other (the diagram draws them side by side). */
const PEERS: [Layer, Layer][] = [
  ["http", "components"],
  ["components", "http"],
];

/** Who may import the demo seeder: the boot code above it (tests and bench/ are not read). */
const mayImportDemo = (file: string) => file.startsWith("server/");

/** The packages of the HTTP edge, and the layers that may import them. */
const HTTP_PACKAGE = /^(react-router|@react-router\/[\w-]+|express)$/;
const EDGE: Layer[] = ["http", "components", "routes", "server", "build", "scripts"];
/** Files below the edge that may still import an HTTP package (only ever shrinks). */
const HTTP_PACKAGE_ALLOWED = new Set([
  // The Express handler for stored media files, mounted by server/app.ts beside the storage client.
  "app/integrations/storage/serve.server.ts: express",
]);

/**
 * What a production install (`npm ci --omit=dev`, tests/deploy) lacks: production code imports a
 * development dependency only for its types, or lazily where a development tool asks for it.
 */
const DEV_DEPENDENCIES = new Set(
  Object.keys(JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).devDependencies ?? {}),
);
const DEV_DEPENDENCY_ALLOWED = new Set([
  // The route table is read by the build (@react-router/dev), never by the running server.
  "app/routes.ts: @react-router/dev",
  // `npm run dev` only: the development server's Vite middleware.
  "server.js: vite",
]);

/**
 * `*_MESSAGES` constants allowed in app/domain: none since issue 25 (their text is in
 * app/messages, their codes in app/http/errors.ts). Kept as a list so that an exception, should one
 * ever be needed, is named here; the test fails on a line whose constant is gone.
 */
const MESSAGES_ALLOWED = new Set<string>([]);

function layerOf(file: string): Layer | null {
  if (file === "app/env.server.ts" || file === "app/env.server") return "env";
  if (file === "app/services.server.ts" || file === "app/services.server") return "services";
  if (/^app\/(root\.tsx|entry\.server\.tsx|routes\.ts)$/.test(file) || file.startsWith("app/+types/")) {
    return "routes";
  }
  const match = file.match(
    /^app\/(lib|db|integrations|domain|demo|messages|http|components|public-client|routes)(\/|$)/,
  );
  if (match) return match[1] as Layer;
  if (/^server(\/|$)/.test(file)) return "server";
  if (/^build(\/|$)/.test(file) || file === "virtual:react-router/server-build") return "build";
  if (/^scripts(\/|$)/.test(file) || /^server\.(js|mjs)$/.test(file)) return "scripts";
  return null;
}

const productionFiles = execFileSync("git", ["ls-files", "app", "server", "scripts", "server.js"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file))
  .filter(
    (file) =>
      !/\.test\.tsx?$/.test(file) && !file.includes("fixtures") && !file.startsWith("app/db/migrations/"),
  );

/**
 * The source with comments blanked (and, with `strings: "blank"`, the text of string and template
 * literals too, keeping a template's `${…}` code); offsets and line breaks are kept.
 */
function codeOf(source: string, strings: "keep" | "blank"): string {
  let out = "";
  let i = 0;
  const templateDepth: number[] = []; // brace depth at each open `${`
  let braces = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  const readString = (quote: string, from: number): number => {
    let j = from + 1;
    while (j < source.length && source[j] !== quote && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
    return j + 1;
  };
  const readTemplate = (from: number): number => {
    // From just after "`" or "}": up to and including the closing "`" or the "${".
    let j = from;
    while (j < source.length && source[j] !== "`" && !(source[j] === "$" && source[j + 1] === "{")) {
      j += source[j] === "\\" ? 2 : 1;
    }
    return source[j] === "`" ? j + 1 : j + 2;
  };
  const emitTemplate = (from: number, to: number) => {
    const text = source.slice(from, to);
    if (strings === "keep") out += text;
    else
      out +=
        text[0] + blank(text.slice(1, text.endsWith("${") ? -2 : -1)) + (text.endsWith("${") ? "${" : "`");
    if (text.endsWith("${")) templateDepth.push(braces);
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const to = end === -1 ? source.length : end;
      out += blank(source.slice(i, to));
      i = to;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const to = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, to));
      i = to;
    } else if (c === '"' || c === "'") {
      const to = readString(c, i);
      out += strings === "keep" ? source.slice(i, to) : c + blank(source.slice(i + 1, to - 1)) + c;
      i = to;
    } else if (c === "`") {
      const to = readTemplate(i + 1);
      emitTemplate(i, to);
      i = to;
    } else if (c === "}" && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braces) {
      templateDepth.pop();
      const to = readTemplate(i + 1);
      // The "}" closes the interpolation; what follows is template text again.
      const text = source.slice(i, to);
      if (strings === "keep") out += text;
      else {
        const open = text.endsWith("${");
        out += `}${blank(text.slice(1, open ? -2 : -1))}${open ? "${" : "`"}`;
      }
      if (text.endsWith("${")) templateDepth.push(braces);
      i = to;
    } else {
      if (c === "{") braces++;
      if (c === "}") braces--;
      out += c;
      i++;
    }
  }
  return out;
}

/** `import … from "x"`, `import type … from "x"`, `import "x"`, `export … from "x"`. */
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(type\s+)?(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"'\n]+)["']/g;
/** `import("x")`, `import(\`x/${y}\`)` (the part before the first `${`), `require("x")`. */
const DYNAMIC_IMPORT = /\b(?:import|require)\(\s*(["'`])([^"'`$\n]*)/g;

type Import = { specifier: string; target: string | null; pkg: string | null; typeOnly: boolean };

/** The repository-relative path an import names (without extension), or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  if (bare === "virtual:react-router/server-build") return bare;
  if (bare.startsWith("~/")) return path.posix.join("app", bare.slice(2));
  if (bare.startsWith(".")) return path.posix.join(path.posix.dirname(from), bare);
  return null;
}

function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("~/") || specifier.startsWith("virtual:"))
    return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function importsIn(file: string, source: string): Import[] {
  const code = codeOf(source, "keep");
  const specifiers = [
    ...[...code.matchAll(STATIC_IMPORT)].map((m) => ({ specifier: m[2], typeOnly: Boolean(m[1]) })),
    ...[...code.matchAll(DYNAMIC_IMPORT)]
      .map((m) => ({ specifier: m[2], typeOnly: false }))
      .filter((i) => i.specifier !== ""),
  ];
  return specifiers.map(({ specifier, typeOnly }) => {
    const target = resolveSpecifier(file, specifier);
    return {
      specifier,
      typeOnly,
      target: target?.replace(/\.(ts|tsx|js|mjs)$/, "") ?? null,
      pkg: target ? null : packageOf(specifier),
    };
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function importsOf(file: string): string[] {
  return importsIn(file, read(file)).flatMap((i) => (i.target ? [i.target] : []));
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
  if (a === "scripts") return b === "build" ? null : `scripts run the build, they may not import ${b}`;
  if (b === "build" && a !== "server") return `${a} may not import the build`;
  if (a === "server" && b === "build") return null;
  if (PEERS.some(([x, y]) => x === a && y === b)) return `${a} and ${b} are peers`;
  if (HEIGHT[b] > HEIGHT[a] || (HEIGHT[b] === HEIGHT[a] && a !== b)) return `${a} may not import ${b}`;
  return null;
}

const isDomainCode = (file: string) => layerOf(file) === "domain" && !/\.test\.tsx?$/.test(file);

/** What app/domain may not contain (decision 170), read from the code without comments or text. */
const DOMAIN_RULES: [RegExp, string][] = [
  [/\b(Request|Response|FormData|Headers)\b/, "the domain takes typed values, never the HTTP $1"],
  [/\bstatus(?:Code)?\s*:\s*[1-5]\d\d\b/, "the domain returns a code, never an HTTP status"],
  [/\.status\(\s*[1-5]\d\d\b/, "the domain returns a code, never an HTTP status"],
];

/** Every rule broken by one file, as "file → what: why" lines. */
function check(file: string, source: string): string[] {
  const found: string[] = [];
  const layer = layerOf(file);
  for (const { specifier, target, pkg, typeOnly } of importsIn(file, source)) {
    if (pkg && !typeOnly && DEV_DEPENDENCIES.has(pkg) && !DEV_DEPENDENCY_ALLOWED.has(`${file}: ${pkg}`)) {
      found.push(`${file} → ${pkg}: a development dependency, missing from a production install`);
    }
    const why = target ? violation(file, target) : null;
    if (why) found.push(`${file} → ${specifier}: ${why}`);
    if (
      pkg &&
      layer &&
      HTTP_PACKAGE.test(pkg) &&
      !EDGE.includes(layer) &&
      !HTTP_PACKAGE_ALLOWED.has(`${file}: ${pkg}`)
    ) {
      found.push(`${file} → ${pkg}: ${layer} may not import an HTTP package`);
    }
  }
  if (isDomainCode(file)) {
    const code = codeOf(source, "blank");
    for (const [rule, why] of DOMAIN_RULES) {
      const match = code.match(rule);
      if (match) found.push(`${file}: ${why.replace("$1", match[1] ?? "")}`);
    }
    for (const [, name] of code.matchAll(/\bexport\s+(?:const|let|var|function)\s+(\w*_MESSAGES\w*)/g)) {
      if (!MESSAGES_ALLOWED.has(`${file}: ${name}`)) {
        found.push(`${file}: ${name}: the spec's words go in app/messages and app/http/errors.ts`);
      }
    }
  }
  return found;
}

/** Sources the checker must refuse: one per rule, with the words of the refusal. */
const MUST_FAIL: [name: string, file: string, source: string, why: RegExp][] = [
  [
    "an import from a higher layer",
    "app/domain/forum/x.ts",
    'import { failure } from "~/http/errors";',
    /domain may not import http/,
  ],
  [
    "a multi-line type import from a higher layer",
    "app/lib/x.ts",
    'import type {\n  A,\n  B as C,\n} from "../db/schema";',
    /lib may not import db/,
  ],
  ["a re-export from a higher layer", "app/db/x.ts", 'export * from "~/domain/forum/rules";', /db may not/],
  [
    "a side-effect import",
    "app/domain/forum/x.ts",
    'import "~/routes/admin/layout";\nexport const x = 1;',
    /domain may not import routes/,
  ],
  [
    "a dynamic import of a string",
    "app/domain/forum/x.ts",
    'export const load = () => import("~/routes/admin/layout");',
    /domain may not import routes/,
  ],
  [
    "a dynamic import of a template",
    "app/domain/forum/x.ts",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template
    "export const load = (name: string) => import(`~/routes/admin/${name}`);",
    /domain may not import routes/,
  ],
  ["a peer import", "app/components/x.tsx", 'import { x } from "~/http/errors";', /peers/],
  [
    "the demo seeder outside the boot code",
    "app/routes/admin/x.tsx",
    'const { seedDemo } = await import("~/demo/seed.server");',
    /only the boot code imports app\/demo/,
  ],
  [
    "app/ importing server/",
    "app/routes/x.tsx",
    'import { PageCache } from "../../server/http/page-cache";',
    /routes may not import server/,
  ],
  [
    "app/ importing scripts/",
    "app/lib/x.ts",
    'import "../../scripts/build.mjs";',
    /lib may not import scripts/,
  ],
  [
    "app/ importing the build",
    "app/routes/x.tsx",
    'import * as build from "virtual:react-router/server-build";',
    /routes may not import the build/,
  ],
  [
    "server/ importing scripts/",
    "server/x.ts",
    'import { buildIfNeeded } from "../scripts/build.mjs";',
    /server may not import scripts/,
  ],
  [
    "scripts/ importing app/ source",
    "scripts/x.mjs",
    'import { parseEnv } from "../app/env.server.ts";',
    /scripts run the build, they may not import env/,
  ],
  [
    "server.js importing server/ source",
    "server.js",
    'const { createApp } = await import("./server/app.ts");',
    /scripts run the build, they may not import server/,
  ],
  [
    "react-router in the domain",
    "app/domain/forum/x.ts",
    'import { redirect } from "react-router";',
    /domain may not import an HTTP package/,
  ],
  [
    "a type from express in the domain",
    "app/domain/forum/x.ts",
    'import type { Request } from "express";',
    /domain may not import an HTTP package/,
  ],
  [
    "@react-router/node below the edge",
    "app/lib/x.ts",
    'import { createReadableStreamFromReadable } from "@react-router/node";',
    /lib may not import an HTTP package/,
  ],
  [
    "a Request taken by the domain",
    "app/domain/forum/x.ts",
    "export function visitor(request: Request) {\n  return request.headers.get('x');\n}",
    /never the HTTP Request/,
  ],
  [
    "FormData read by the domain",
    "app/domain/forum/x.ts",
    "export const read = (form: FormData) => String(form.get('title'));",
    /never the HTTP FormData/,
  ],
  [
    "Headers built by the domain",
    "app/domain/forum/x.ts",
    "export const h = new Headers({ a: 'b' });",
    /never the HTTP Headers/,
  ],
  [
    "a Response built by the domain",
    "app/domain/forum/x.ts",
    "export const r = () => new Response(null, { status: 204 });",
    /never the HTTP Response/,
  ],
  [
    "an HTTP status returned by the domain",
    "app/domain/media/x.ts",
    'export const tooLarge = () => ({ ok: false, status: 413, message: "x" });',
    /never an HTTP status/,
  ],
  [
    "a Serbian *_MESSAGES constant in the domain",
    "app/domain/forum/x.ts",
    'export const TOPIC_MESSAGES = { empty: "Naslov je obavezan." };',
    /TOPIC_MESSAGES: the spec's words go in app\/messages/,
  ],
  [
    "an allowed *_MESSAGES name in another file",
    "app/domain/forum/rules.ts",
    'export const FORUM_MESSAGES = { empty: "Naslov je obavezan." };',
    /FORUM_MESSAGES/,
  ],
  [
    "a development dependency imported at run time",
    "app/lib/x.ts",
    'import { build } from "vite";',
    /vite: a development dependency, missing from a production install/,
  ],
];

/** Sources the checker must let through: what the rules do not mean. */
const MUST_PASS: [name: string, file: string, source: string][] = [
  ["an import from a lower layer", "app/routes/admin/x.tsx", 'import { x } from "~/lib/dates";'],
  ["server/ importing app/http", "server/x.ts", 'import { failure } from "~/http/errors";'],
  [
    "server/ importing the build",
    "server/x.ts",
    'import * as build from "virtual:react-router/server-build";',
  ],
  ["server.js running the build", "server.js", 'const mod = await import("./build/server/index.js");'],
  ["react-router in a route", "app/routes/x.tsx", 'import { redirect } from "react-router";'],
  [
    "the words in comments and text",
    "app/domain/forum/x.ts",
    '// The route reads the Request and FormData, answers status: 413 and imports "~/routes/x".\n' +
      '/* import "~/http/errors"; */\nexport const note = "Response, Headers, status: 404";\n' +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template
      "export const t = (n: number) => `Request ${n} status: 500`;",
  ],
  ["an HTTP-looking name that is not one", "app/domain/forum/x.ts", "export type RequestId = string;"],
  ["a development dependency's types", "app/lib/x.ts", 'import type { UserConfig } from "vite";'],
  ["*_MESSAGES outside the domain", "app/messages/forum.ts", "export const FORUM_MESSAGES = {};"],
];

describe("layers (docs/architecture.md)", () => {
  it("reads the production files, every one in a layer", () => {
    expect(productionFiles.length).toBeGreaterThan(300);
    expect(productionFiles.filter((file) => layerOf(file) === "domain").length).toBeGreaterThan(100);
    expect(productionFiles.filter((file) => layerOf(file) === "scripts").length).toBeGreaterThan(3);
    expect(productionFiles.filter((file) => layerOf(file) === null)).toEqual([]);
  });

  it("every production file keeps the rules", () => {
    const found = productionFiles.flatMap((file) => check(file, read(file)));
    expect(found).toEqual([]);
  });

  it("the allow-lists name only what is still there (they only shrink)", () => {
    for (const entry of MESSAGES_ALLOWED) {
      const [file, name] = entry.split(": ");
      expect(
        existsSync(path.join(ROOT, file)) && new RegExp(`\\bexport\\s+\\w+\\s+${name}\\b`).test(read(file)),
        entry,
      ).toBe(true);
    }
    for (const entry of [...HTTP_PACKAGE_ALLOWED, ...DEV_DEPENDENCY_ALLOWED]) {
      const [file, pkg] = entry.split(": ");
      expect(
        existsSync(path.join(ROOT, file)) && importsIn(file, read(file)).some((i) => i.pkg === pkg),
        entry,
      ).toBe(true);
    }
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

  it.each(MUST_FAIL)("refuses %s", (_name, file, source, why) => {
    const found = check(file, source);
    expect(found.length, found.join("\n")).toBeGreaterThan(0);
    expect(found.join("\n")).toMatch(why);
  });

  it.each(MUST_PASS)("lets through %s", (_name, file, source) => {
    expect(check(file, source)).toEqual([]);
  });
});
