import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";
import { describe, expect, it } from "vitest";

/**
 * The registration is the only JavaScript public pages gain for offline reading, at most 3 KB
 * gzipped (issue 29, docs/decisions/312). Built as the public script is (Vite, minified, production),
 * on its own, so that its share is measured rather than guessed.
 */
describe("the service worker's registration on public pages", () => {
  it("stays within 3 KB gzipped, minified for production", async () => {
    const app = path.resolve(import.meta.dirname, "../..");
    const result = (await build({
      configFile: false,
      logLevel: "silent",
      publicDir: false,
      mode: "production",
      resolve: { alias: { "~": app } },
      // As in the production bundle (inside Vitest, NODE_ENV=test would leave the registration out).
      define: { "import.meta.env.PROD": "true" },
      build: {
        write: false,
        minify: true,
        target: "es2020",
        rollupOptions: {
          input: path.join(import.meta.dirname, "register.ts"),
          preserveEntrySignatures: "exports-only",
          output: { format: "es", inlineDynamicImports: true },
        },
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const output = (Array.isArray(result) ? result[0] : result).output;
    const code = output.find((file) => file.type === "chunk")?.code ?? "";
    // The real thing, not an empty bundle: it registers /sw.js and drives the save button.
    expect(code).toContain("/sw.js");
    expect(code).toContain("data-offline-save");
    expect(code).toContain(".register(");
    const gzipped = gzipSync(code, { level: 9 }).byteLength;
    expect(gzipped).toBeGreaterThan(500);
    expect(gzipped).toBeLessThanOrEqual(3 * 1024);
  }, 60_000);
});
