import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter()],
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/.tmp/**"] } },
  ssr: { external: ["@electric-sql/pglite", "pg", "@node-rs/bcrypt", "pino"] },
  optimizeDeps: { exclude: ["@node-rs/bcrypt", "@electric-sql/pglite"] },
}));
