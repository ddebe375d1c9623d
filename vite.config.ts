import { createHash } from "node:crypto";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin, type Rollup } from "vite";

const APP = path.resolve(import.meta.dirname, "app");
const SERVICE_WORKER = path.join(APP, "public-client/offline/service-worker.ts");
const VERSION_PLACEHOLDER = "__bv_sw_version__";

/**
 * `/sw.js` (docs/decisions/311): the service worker, bundled on its own as one classic script and
 * written at the root of the client build, so that its scope is the whole site. Its version — the
 * name of this deployment's shell cache — is a hash of every file name of the client bundle (they
 * carry their content's hash) and of its own code: a deployment that changes any of them gets a new
 * service worker, which replaces the old one and its cache.
 */
function serviceWorker(): Plugin {
  return {
    name: "bv-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const result = (await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        resolve: { alias: { "~": APP } },
        define: { __BV_SW_VERSION__: JSON.stringify(VERSION_PLACEHOLDER) },
        build: {
          write: false,
          copyPublicDir: false,
          minify: true,
          target: "es2020",
          rollupOptions: {
            input: SERVICE_WORKER,
            output: { format: "iife", entryFileNames: "sw.js", inlineDynamicImports: true },
          },
        },
      })) as Rollup.RollupOutput | Rollup.RollupOutput[];
      const output = (Array.isArray(result) ? result[0] : result).output;
      const code = output.find((file) => file.type === "chunk")?.code;
      if (!code) throw new Error("the service worker was not built");
      const version = createHash("sha256")
        .update(Object.keys(bundle).sort().join("\n"))
        .update(code)
        .digest("hex")
        .slice(0, 16);
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: code.replaceAll(VERSION_PLACEHOLDER, version),
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  resolve: { alias: { "~": APP } },
  plugins: [tailwindcss(), reactRouter(), serviceWorker()],
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/.tmp/**"] } },
  ssr: { external: ["@electric-sql/pglite", "pg", "@node-rs/bcrypt", "pino"] },
  optimizeDeps: { exclude: ["@node-rs/bcrypt", "@electric-sql/pglite"] },
}));
