#!/usr/bin/env node
/**
 * The JavaScript a route makes the browser load, measured from the production build's route
 * manifest (React Router's `build/client/assets/manifest-*.js`): the route module, every chunk
 * it imports, and every chunk those import or load on demand (`import("./x.js")`), minus what
 * the routes above it (the admin shell: the client entry, root, the admin layout) already
 * loaded. Sizes are the minified files and the same gzipped (level 9, as Vite reports them).
 *
 *   npm run build && node bench/route-js.mjs                      # the article form (new and edit)
 *   node bench/route-js.mjs --route routes/admin/articles         # another route, by its id
 *   node bench/route-js.mjs --build /path/to/other/build --json   # another build; machine-readable
 *
 * It also prints the public pages' script (decision 065: the only JavaScript a visitor loads),
 * so that a change to the back office can be seen to leave it alone. Results: bench/README.md.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";

const { values: opts } = parseArgs({
  options: {
    build: { type: "string", default: path.resolve(import.meta.dirname, "..", "build") },
    route: { type: "string", multiple: true },
    json: { type: "boolean", default: false },
    list: { type: "boolean", default: false },
  },
});

const clientDir = path.join(opts.build, "client");
const assetsDir = path.join(clientDir, "assets");

/** React Router's browser manifest: `window.__reactRouterManifest={…};` */
function readManifest() {
  const file = fs.readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assetsDir}: run \`npm run build\` first`);
  const source = fs.readFileSync(path.join(assetsDir, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

const sizes = new Map();
/** A chunk's minified and gzipped size, by its URL path (`/assets/x.js`). */
function sizeOf(url) {
  let size = sizes.get(url);
  if (!size) {
    const bytes = fs.readFileSync(path.join(clientDir, url));
    size = { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    sizes.set(url, size);
  }
  return size;
}

/** The chunks a chunk imports, statically or on demand (Vite writes them as "./name.js"). */
function importsOf(url) {
  const source = fs.readFileSync(path.join(clientDir, url), "utf8");
  const found = new Set();
  const patterns = [
    /\bfrom\s*["'](\.\/[\w.-]+\.js)["']/g,
    /\bimport\s*\(\s*["'](\.\/[\w.-]+\.js)["']\s*\)/g,
    /\bimport\s*["'](\.\/[\w.-]+\.js)["']/g,
  ];
  for (const pattern of patterns) {
    for (const m of source.matchAll(pattern)) found.add(path.posix.join(path.posix.dirname(url), m[1]));
  }
  return found;
}

/** Every chunk reachable from `roots` (the roots included). */
function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const url = stack.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    for (const next of importsOf(url)) stack.push(next);
  }
  return seen;
}

const manifest = readManifest();

/** The route and the routes above it, outermost first. */
function lineage(id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) chain.unshift(route);
  if (chain.length === 0) throw new Error(`no route "${id}" in the manifest (--list shows them)`);
  return chain;
}

const modulesOf = (route) => [route.module, ...(route.imports ?? [])];

/** What the route loads beyond the routes above it (and the client entry). */
function measure(id) {
  const chain = lineage(id);
  const route = chain[chain.length - 1];
  const shell = closure([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.slice(0, -1).flatMap(modulesOf),
  ]);
  const own = [...closure(modulesOf(route))].filter((url) => !shell.has(url)).sort();
  const total = (urls) =>
    urls.reduce((sum, url) => ({ raw: sum.raw + sizeOf(url).raw, gzip: sum.gzip + sizeOf(url).gzip }), {
      raw: 0,
      gzip: 0,
    });
  return {
    route: id,
    shell: { chunks: shell.size, ...total([...shell]) },
    own: { chunks: own.length, ...total(own) },
    files: own.map((url) => ({ url, ...sizeOf(url) })).sort((a, b) => b.gzip - a.gzip),
  };
}

/** The public pages' one script (root.tsx's enhancement worker URL), by its file name. */
function publicScript() {
  const file = fs.readdirSync(assetsDir).find((f) => /^enhance-[\w-]+\.js$/.test(f));
  return file ? { url: `/assets/${file}`, ...sizeOf(`/assets/${file}`) } : null;
}

if (opts.list) {
  for (const id of Object.keys(manifest.routes)) console.log(id);
  process.exit(0);
}

const routes = opts.route ?? ["admin-article-edit", "admin-article-new"];
const results = routes.map(measure);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
if (opts.json) {
  console.log(JSON.stringify({ routes: results, publicScript: publicScript() }, null, 2));
} else {
  for (const r of results) {
    console.log(
      `${r.route}: ${kb(r.own.gzip)} gzipped (${kb(r.own.raw)} minified) in ${r.own.chunks} chunks`,
    );
    console.log(`  beyond the shell's ${r.shell.chunks} chunks (${kb(r.shell.gzip)} gzipped)`);
    for (const f of r.files) console.log(`  ${kb(f.gzip).padStart(9)} ${kb(f.raw).padStart(9)}  ${f.url}`);
  }
  const pub = publicScript();
  console.log(
    pub
      ? `public pages: ${pub.url} ${kb(pub.gzip)} gzipped (${kb(pub.raw)} minified)`
      : "public pages: no script",
  );
}
