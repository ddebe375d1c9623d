import { describe, expect, it } from "vitest";
import { MAILGUN_MAX_RECIPIENTS } from "~/integrations/mailgun/provider";
import { SEND_BATCH_SIZE, sendBatchSize } from "./send-job.server";

describe("newsletter batches (spec: batches of 1000 recipients)", () => {
  it("are the spec's 1,000 with Mailgun and the outbox", () => {
    expect(SEND_BATCH_SIZE).toBe(1000);
    expect(sendBatchSize(MAILGUN_MAX_RECIPIENTS)).toBe(1000);
  });

  it("stay 1,000 with a provider that allows more, and shrink to one that allows fewer", () => {
    expect(sendBatchSize(5000)).toBe(1000);
    expect(sendBatchSize(500)).toBe(500);
  });

  it("take a smaller size asked for (the tests' own), never over the provider's maximum", () => {
    expect(sendBatchSize(1000, 100)).toBe(100);
    expect(sendBatchSize(1000, 2000)).toBe(1000);
  });
});
