/**
 * The fake Mailgun as a process of its own (for the benchmark: its bookkeeping stays out of the
 * measured process). Prints one JSON line {url, apiKey, domain}; GET /__stats reports what it got.
 *   tsx tests/support/fake-mailgun-cli.ts
 */
import { startFakeMailgun } from "./fake-mailgun";

const fake = await startFakeMailgun({ keepCopies: false });
process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey, domain: fake.domain })}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
