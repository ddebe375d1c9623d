import { describe, expect, it } from "vitest";
import { applyRetention, backupFileName, isoWeekKey, nextNightlyRun, parseBackupFileName } from "./retention";

const day = (iso: string) => backupFileName(new Date(iso));

describe("backup retention (7 daily, 4 weekly)", () => {
  it("names round-trip; other files are not ours", () => {
    const at = new Date("2026-11-25T08:00:00Z");
    expect(backupFileName(at)).toBe("balkan-vozaci-20261125T080000Z.tar");
    expect(parseBackupFileName(backupFileName(at))?.toISOString()).toBe(at.toISOString());
    expect(parseBackupFileName("notes.txt")).toBeNull();
    expect(applyRetention(["notes.txt"]).remove).toEqual([]);
  });

  it("ISO weeks: 1 Jan 2027 is in 2026-W53; 4 Jan 2027 starts 2027-W01", () => {
    expect(isoWeekKey(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    expect(isoWeekKey(new Date("2027-01-04T00:00:00Z"))).toBe("2027-W01");
  });

  it("60 nightly backups keep the last 7 days and one per week for 4 weeks", () => {
    const names = Array.from({ length: 60 }, (_, i) =>
      day(new Date(Date.UTC(2026, 10, 25 - i, 8)).toISOString()),
    );
    const { keep, remove } = applyRetention(names);
    // 7 dailies (25 → 19 Nov) + the newest of the 4 weeks: W48 (25th, already kept), W47 (22nd,
    // already kept), W46 (15th) and W45 (8th).
    expect(keep).toEqual([
      ...Array.from({ length: 7 }, (_, i) => day(new Date(Date.UTC(2026, 10, 25 - i, 8)).toISOString())),
      day("2026-11-15T08:00:00Z"),
      day("2026-11-08T08:00:00Z"),
    ]);
    expect(keep.length + remove.length).toBe(60);
  });

  it("two backups on one day: the newer is kept", () => {
    const early = day("2026-11-25T01:00:00Z");
    const late = day("2026-11-25T09:00:00Z");
    expect(applyRetention([early, late])).toEqual({ keep: [late], remove: [early] });
  });

  it("the next run is 03:00 in New York, across daylight saving too", () => {
    expect(nextNightlyRun(new Date("2026-11-25T12:00:00Z")).toISOString()).toBe("2026-11-26T08:00:00.000Z");
    expect(nextNightlyRun(new Date("2026-11-25T07:00:00Z")).toISOString()).toBe("2026-11-25T08:00:00.000Z");
    expect(nextNightlyRun(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-07-02T07:00:00.000Z");
  });
});
