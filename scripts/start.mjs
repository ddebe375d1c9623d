// `npm start`: builds the production bundle when it is missing or older than the sources, then runs
// the server in this same process tree (signals reach it directly).
import path from "node:path";
import { buildIfNeeded } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (!(await buildIfNeeded())) process.exit(1);
process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.js"));
