// A counting hook on the database drivers, for bench/page-queries.mjs: loaded into the server with
// `node --import`, it counts the SQL statements each HTTP request runs and the time they take (from
// the driver call to its answer), and appends one JSON line per finished request to the file named
// by BENCH_QUERY_LOG: {"method","url","status","statements","ms"}. It patches the drivers' query
// functions (pg's Client, PGlite and its transactions), so it measures any checkout of the app
// without changing its code. Statements that run outside a request (the job runner) are not
// counted. Requests must be made one at a time: pg's pool may hand a waiting query its connection
// from another request's context.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LOG = process.env.BENCH_QUERY_LOG;
const als = new AsyncLocalStorage();

function timed(original) {
  return function (...args) {
    const stats = als.getStore();
    if (!stats) return original.apply(this, args);
    const started = performance.now();
    const done = () => {
      stats.statements++;
      stats.ms += performance.now() - started;
    };
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last];
      args[last] = (...cbArgs) => {
        done();
        return callback(...cbArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof result.then === "function") result.then(done, done);
    return result;
  };
}

if (LOG) {
  // The server's own copies of the drivers (resolved from its working directory).
  const require = createRequire(path.join(process.cwd(), "package.json"));
  try {
    const pg = require("pg");
    pg.Client.prototype.query = timed(pg.Client.prototype.query);
  } catch {}
  try {
    // The ES module the server imports (require.resolve names the CommonJS twin beside it).
    const esm = require.resolve("@electric-sql/pglite").replace(/index\.cjs$/, "index.js");
    const { PGlite } = await import(pathToFileURL(esm).href);
    PGlite.prototype.query = timed(PGlite.prototype.query);
    const transaction = PGlite.prototype.transaction;
    PGlite.prototype.transaction = function (fn) {
      return transaction.call(this, (tx) => {
        tx.query = timed(tx.query);
        return fn(tx);
      });
    };
  } catch {}

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res, ...rest) {
    if (event !== "request") return emit.call(this, event, req, res, ...rest);
    const stats = { statements: 0, ms: 0 };
    const url = req.url;
    res.on("finish", () => {
      fs.appendFileSync(
        LOG,
        `${JSON.stringify({ method: req.method, url, status: res.statusCode, statements: stats.statements, ms: stats.ms })}\n`,
      );
    });
    return als.run(stats, () => emit.call(this, event, req, res, ...rest));
  };
}
