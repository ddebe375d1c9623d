// Builds the production bundle when it is missing or older than the sources (`npm start` and the
// operator's commands). Where the build tools are not installed (a production install after
// `npm prune --omit=dev`), the bundle that is there is used as it is.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const BUILD_ENTRY = path.join(root, "build/server/index.js");
const SOURCES = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function isStale() {
  if (!fs.existsSync(BUILD_ENTRY)) return true;
  const built = fs.statSync(BUILD_ENTRY).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

const canBuild = () => fs.existsSync(path.join(root, "node_modules/@react-router/dev/package.json"));

/** Resolves to false (after saying why) when there is no bundle and none can be made. */
export async function buildIfNeeded() {
  if (!isStale()) return true;
  if (!canBuild()) {
    if (fs.existsSync(BUILD_ENTRY)) return true;
    console.error("Nema build/ a alati za build nisu instalirani: pokrenite `npm ci && npm run build`.");
    return false;
  }
  console.log("Building the application…");
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error("Build nije uspeo (pokrenite `npm run build` da vidite ceo izlaz).");
    return false;
  }
  return true;
}
