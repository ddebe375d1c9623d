/**
 * deploy/prometheus-rules.yml, as Prometheus itself reads it (issue 24): `promtool check rules`,
 * the alerts' own unit tests (`promtool test rules deploy/prometheus-rules.test.yml`), every series
 * they name one the app exports, every runbook they point to a heading of docs/operations.md, and
 * the app's exposition accepted by `promtool check metrics`. promtool is Debian's `prometheus`
 * package (scripts/test.sh installs it).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getMetrics } from "./metrics";

const ROOT = path.resolve(import.meta.dirname, "..");
const RULES = path.join(ROOT, "deploy/prometheus-rules.yml");

function promtool(args: string[], input?: string): { code: number; output: string } {
  const found = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error("promtool is missing: apt-get install prometheus (npm test installs it)");
  const result = spawnSync(found, args, { cwd: path.join(ROOT, "deploy"), input, encoding: "utf8" });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/** GitHub's anchor of a Markdown heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

describe("deploy/prometheus-rules.yml", () => {
  const rules = fs.readFileSync(RULES, "utf8");

  it("promtool check rules accepts it", () => {
    const { code, output } = promtool(["check", "rules", RULES]);
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(code, output).toBe(0);
  });

  it("its alerts fire as their tests say (promtool test rules)", () => {
    const { code, output } = promtool(["test", "rules", "prometheus-rules.test.yml"]);
    expect(code, output).toBe(0);
    expect(output).toContain("SUCCESS");
  });

  it("has the alerts issue 24 asked for: a periodic job with nothing queued, an uncertain batch, stale backups", () => {
    for (const name of [
      "BalkanVozaciPeriodicJobMissing",
      "BalkanVozaciNewsletterBatchUncertain",
      "BalkanVozaciBackupStale",
      "BalkanVozaciErrorRate",
      "BalkanVozaciJobQueueStuck",
      "BalkanVozaciDiskFilling",
    ]) {
      expect(rules).toContain(`alert: ${name}\n`);
    }
  });

  it("names only series the app exports, and runbooks that exist", async () => {
    const metrics = getMetrics();
    metrics.setOperations({ periodicKinds: ["backups:nightly"], backups: true });
    const exported = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
    const named = new Set(
      [...rules.matchAll(/\b(bv_[a-z_]+|http_request_duration_seconds)(_bucket|_count)?\b/g)].map(
        (m) => m[1],
      ),
    );
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(exported, name).toContain(name);

    const headings = fs
      .readFileSync(path.join(ROOT, "docs/operations.md"), "utf8")
      .split("\n")
      .filter((line) => /^#{2,4} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, "")));
    const runbooks = [...rules.matchAll(/runbook: "docs\/operations\.md#([^"]+)"/g)].map((m) => m[1]);
    expect(runbooks.length).toBeGreaterThan(5);
    for (const anchor of runbooks) expect(headings, anchor).toContain(anchor);
  });

  it("the app's exposition passes promtool check metrics", async () => {
    const body = await getMetrics().registry.metrics();
    expect(body).toContain("# TYPE bv_jobs_periodic_scheduled gauge");
    const { code, output } = promtool(["check", "metrics"], body);
    expect(output).toBe("");
    expect(code).toBe(0);
  });
});
