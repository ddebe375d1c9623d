import { afterEach, describe, expect, it, vi } from "vitest";
import { onContentChange } from "~/lib/content-change.server";
import { throttledArticlesChanged } from "./jobs.server";
import { headingWord, minutesLeft, percentDone, readProgress } from "./rules";

afterEach(() => vi.useRealTimers());

describe("the content-change signal during Convert all", () => {
  it("goes out at most once a second, and once more after the last conversion", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const stop = onContentChange((topic) => seen.push(topic));
    const changed = throttledArticlesChanged(1000);
    changed();
    expect(seen).toEqual(["articles"]);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(200);
      changed();
    }
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(5000);
    expect(seen).toHaveLength(2);
    stop();
  });
});

describe("the headings screen's small rules", () => {
  it("says headings in Serbian", () => {
    expect(headingWord(1)).toBe("1 naslov");
    expect(headingWord(2)).toBe("2 naslova");
    expect(headingWord(11)).toBe("11 naslova");
    expect(headingWord(21)).toBe("21 naslov");
  });

  it("reads a checkpoint and shows progress", () => {
    expect(readProgress({})).toBeNull();
    expect(
      readProgress({ total: 10, done: 4, cursor: { date: "2026-01-01 10:00:00+00", id: 7 } }),
    ).toMatchObject({
      total: 10,
      done: 4,
      matched: 0,
      cursor: { id: 7 },
    });
    expect(percentDone({ done: 1, total: 3 })).toBe(33);
    expect(percentDone({ done: 0, total: 0 })).toBe(100);
    expect(minutesLeft({ done: 10, total: 100 }, 10_000)).toBeNull();
    expect(minutesLeft({ done: 100, total: 700 }, 60_000)).toBe(6);
  });
});
