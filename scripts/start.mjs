// `npm start`: builds the production bundle when it is missing or older than the sources, then runs
// the server in this same process tree (signals reach it directly).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "build/server/index.js");
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

function needsBuild() {
  if (!fs.existsSync(buildEntry)) return true;
  const built = fs.statSync(buildEntry).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

if (needsBuild()) {
  console.log("Building the application…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.js"));
