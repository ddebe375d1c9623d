/**
 * docs/decisions/README.md indexes the decision records by area and status: every record is
 * listed once, linked, under its own title (the record's first line), and the index names no
 * record that is gone.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.resolve(import.meta.dirname, "../docs/decisions");
const records = readdirSync(DIR).filter((file) => /^\d{3}-.+\.md$/.test(file));
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

/** "# 170 — Where HTTP ends: …" → "Where HTTP ends: …" */
function titleOf(file: string): string {
  const first = readFileSync(path.join(DIR, file), "utf8").split("\n")[0];
  return first.replace(/^#\s*\d{3}\s*[—–-]\s*/, "").replace(/^#\s*/, "");
}

/** The index line for a record, as a new record's line is written. */
const lineOf = (file: string) =>
  `| ${file.slice(0, 3)} | [${titleOf(file).replaceAll("|", "\\|")}](${file}) | accepted |`;

describe("docs/decisions/README.md", () => {
  it("lists every record once under its own title", () => {
    expect(records.length).toBeGreaterThan(100);
    const rows = index.split("\n").filter((line) => /^\| \d{3} \|/.test(line));
    const missing = records.filter(
      (file) => rows.filter((row) => row.startsWith(lineOf(file).replace(/ accepted \|$/, ""))).length !== 1,
    );
    // A new record: add its line (below) under its area.
    expect(missing.map(lineOf)).toEqual([]);
  });

  it("names no record that is not there, and every status is accepted or superseded in part", () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((file) => !records.includes(file))).toEqual([]);
    const statuses = index
      .split("\n")
      .filter((line) => /^\| \d{3} \|/.test(line))
      .map((line) => line.split(" | ").at(-1) ?? "");
    expect(statuses.filter((s) => !/^(accepted|accepted; superseded in part by .+) \|$/.test(s))).toEqual([]);
  });
});
