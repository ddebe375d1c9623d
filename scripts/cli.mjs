#!/usr/bin/env node
// `npm run seed | backup | restore`: the operator's commands (server/cli.ts), run from the
// production bundle so they need no devDependencies. In a checkout with the build tools installed
// a missing or stale bundle is built first, like `npm start` does.
import path from "node:path";
import { buildIfNeeded } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (!(await buildIfNeeded())) process.exit(1);
process.env.NODE_ENV ??= "production";
const mod = await import(path.join(root, "build/server/index.js"));
process.exitCode = await mod.runCli(process.argv.slice(2));
