/** A job woken by an enqueue inside a request runs outside that request (its logs carry no requestId). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { currentRequestId, runWithRequestContext } from "~/lib/request-context.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { enqueueJob } from "./queue.server";
import { startJobRunner } from "./runner.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describeDb("job runner and request context", () => {
  it("a job enqueued during a request does not run in that request's context", async () => {
    let seen: string | undefined | null = null;
    let ran: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      ran = resolve;
    });
    const runner = startJobRunner({
      db: t.db,
      pollMs: 60_000,
      handlers: {
        probe: async () => {
          seen = currentRequestId();
          ran();
        },
      },
    });
    try {
      // The first look happens at once; after it, only the enqueue's wake-up starts the job.
      await new Promise((r) => setTimeout(r, 300));
      await runWithRequestContext({ requestId: "req-123" }, () => enqueueJob(t.db, { kind: "probe" }));
      await done;
    } finally {
      await runner.stop();
    }
    expect(seen).toBeUndefined();
  });
});
