import fs from "node:fs";
import path from "node:path";

let cached: string | undefined;

/** The app's version: `version` of the package.json beside the code (source or build). */
export function appVersion(): string {
  if (cached) return cached;
  let dir = import.meta.dirname ?? process.cwd();
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "balkan-vozaci") {
        cached = pkg.version ?? "0.0.0";
        return cached;
      }
    }
    dir = path.dirname(dir);
  }
  cached = "0.0.0";
  return cached;
}
