/**
 * The fake Stripe of tests/support/fake-stripe.ts as a process (Playwright's second web server,
 * or by hand next to a dev server):
 *
 *   FAKE_STRIPE_PORT=4242 FAKE_STRIPE_SECRET_KEY=sk_test_… FAKE_STRIPE_WEBHOOK_SECRET=whsec_… \
 *   FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:3000/webhooks/stripe node --import tsx tests/support/fake-stripe-cli.ts
 *
 * FAKE_STRIPE_WEBHOOK_DELAY_MS delays the completion webhook after the redirect (to see the
 * success page wait for it).
 */
import { startFakeStripe } from "./fake-stripe";

const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) {
    console.error(`fake-stripe: ${name} is required`);
    process.exit(2);
  }
  return value;
};

const fake = await startFakeStripe({
  port: Number(env.FAKE_STRIPE_PORT ?? 0),
  secretKey: required("FAKE_STRIPE_SECRET_KEY"),
  webhookSecret: required("FAKE_STRIPE_WEBHOOK_SECRET"),
  webhookUrl: env.FAKE_STRIPE_WEBHOOK_URL,
  webhookDelayMs: Number(env.FAKE_STRIPE_WEBHOOK_DELAY_MS ?? 0),
});
console.log(`fake-stripe: listening on ${fake.url}, webhooks to ${env.FAKE_STRIPE_WEBHOOK_URL ?? "(none)"}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
