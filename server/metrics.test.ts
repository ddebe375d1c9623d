import { describe, expect, it } from "vitest";
import { getMetrics } from "./metrics";

describe("hits recorded without a label lookup", () => {
  it("reach the duration histogram and the page cache counter, exact, when scraped", async () => {
    const metrics = getMetrics();
    metrics.observeRequest("/vesti", "GET", 200, 0.04);
    const hit = metrics.hitRecorder("/vesti", "GET", 200);
    for (let i = 0; i < 1000; i++) hit(0.00002);
    hit(0.007);
    hit(0.03);
    metrics.hitRecorder("/article/:param", "HEAD", 304)(0.00001);
    metrics.pageCacheLookup(false);

    const text = await metrics.registry.metrics();
    const sample = (name: string, labels: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
      return line === undefined ? undefined : Number(line.split(" ").at(-1));
    };
    const vesti = 'route="/vesti",method="GET",status="200"';
    expect(sample("http_request_duration_seconds_count", vesti)).toBe(1003);
    expect(sample("http_request_duration_seconds_bucket", `le="0.005",${vesti}`)).toBe(1000);
    expect(sample("http_request_duration_seconds_bucket", `le="0.01",${vesti}`)).toBe(1001);
    expect(sample("http_request_duration_seconds_bucket", `le="0.025",${vesti}`)).toBe(1001);
    expect(sample("http_request_duration_seconds_bucket", `le="0.05",${vesti}`)).toBe(1003);
    expect(sample("http_request_duration_seconds_bucket", `le="+Inf",${vesti}`)).toBe(1003);
    expect(sample("http_request_duration_seconds_sum", vesti)).toBeCloseTo(0.04 + 0.02 + 0.007 + 0.03, 9);
    expect(
      sample("http_request_duration_seconds_count", 'route="/article/:param",method="HEAD",status="304"'),
    ).toBe(1);
    expect(sample("bv_page_cache_requests_total", 'result="hit"')).toBe(1003);
    expect(sample("bv_page_cache_requests_total", 'result="miss"')).toBe(1);

    // Counted once: a second scrape adds nothing new.
    const again = await metrics.registry.metrics();
    expect(again).toContain(`http_request_duration_seconds_count{${vesti}} 1003`);
    expect(again).toContain('bv_page_cache_requests_total{result="hit"} 1003');
  });
});
