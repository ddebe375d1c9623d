/**
 * A small fake of the Stripe API on 127.0.0.1, for integration and end-to-end tests (no test ever
 * talks to the real Stripe). It checks what the real API checks for the calls the site makes and
 * sends webhooks the way Stripe does:
 *
 * - `POST /v1/checkout/sessions`: a Bearer secret key, a form-encoded body (the library's
 *   `line_items[0][price_data][currency]=usd` encoding), `mode=payment`, line items with
 *   `price_data` (currency, integer `unit_amount` of at least 50, `product_data[name]`) and a
 *   quantity, absolute `success_url` and `cancel_url`, metadata within Stripe's limits. Answers
 *   with a Checkout Session whose `url` is this server's fake checkout page; errors look like
 *   Stripe's (`{ error: { type, message, param } }`, 400 or 401).
 * - `GET /checkout/{id}`: the fake payment page (e-mail, name, address, "Plati" for a card, a
 *   bank-debit button that leaves the payment pending, and "Odustani" back to `cancel_url`).
 *   Paying sends `checkout.session.completed` to the webhook URL, signed with the webhook secret
 *   by the library's own `generateTestHeaderString`, then redirects to `success_url` with the
 *   session id filled in.
 * - Test controls: `POST /__fake/sessions/{id}/{succeed|fail|expire}` (the async outcome or the
 *   expiry, with its event), `POST /__fake/events/{id}/resend` (a replay: the same event, freshly
 *   signed), `GET /__fake/events`, `GET /__fake/requests`.
 *
 * Run as a process for Playwright: tests/support/fake-stripe-cli.ts.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FakeStripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where events go (the app's `/webhooks/stripe`); without it events are only recorded. */
  webhookUrl?: string;
  port?: number;
  /** Deliver the completion webhook this long AFTER redirecting the browser (0: before). */
  webhookDelayMs?: number;
};

export type FakeSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  customer_details: {
    email: string | null;
    name: string | null;
    address: Record<string, string | null> | null;
    phone: null;
    tax_exempt: "none";
    tax_ids: [];
  } | null;
  customer_email: string | null;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** Kept for the fake page (not a Stripe field). */
  line_items_for_page: { name: string; amount: number; quantity: number }[];
};

export type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
};

export type SentEvent = {
  id: string;
  type: string;
  sessionId: string;
  payload: string;
  deliveries: number[];
};

export type FakeStripe = {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  events: SentEvent[];
  /** Builds (and records) an event about a session, without delivering it. */
  buildEvent(type: string, sessionId: string): SentEvent;
  /** Delivers a recorded event (again), freshly signed; returns the webhook's status. */
  deliver(event: SentEvent, options?: { signature?: string }): Promise<number>;
  /** The customer pays on the fake page: `card` is paid at once, `bank` completes unpaid. */
  pay(sessionId: string, customer?: Partial<Customer>, method?: "card" | "bank"): Promise<SentEvent>;
  /** The async outcome of a bank payment, or the expiry of an open session; sends its event. */
  settle(sessionId: string, outcome: "succeed" | "fail" | "expire"): Promise<SentEvent>;
  /**
   * The merchant refunds a paid session's charge (all of it, or `amount` cents) or the
   * cardholder's bank opens a dispute: sends `charge.refunded` / `charge.dispute.created`, whose
   * object names the payment intent, as Stripe's do.
   */
  refund(sessionId: string, amount?: number): Promise<SentEvent>;
  dispute(sessionId: string): Promise<SentEvent>;
  close(): Promise<void>;
};

export type Customer = {
  email: string;
  name: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

const DEFAULT_CUSTOMER: Customer = {
  email: "kupac@example.com",
  name: "Marko Kupac",
  line1: "100 Main St",
  city: "Chicago",
  state: "IL",
  postal_code: "60601",
  country: "US",
};

const id = (prefix: string, length = 24) =>
  `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length)}`;

// --- Stripe's form encoding -------------------------------------------------------------------

type Tree = { [key: string]: Tree | string };

/** `a[b][0][c]=1` → { a: { b: { "0": { c: "1" } } } } (Stripe's and the library's encoding). */
export function parseStripeForm(body: string): Tree {
  const root: Tree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new StripeApiError(400, `Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        if (typeof next === "string") throw new StripeApiError(400, `Invalid parameter: ${rawKey}`, rawKey);
        node[part] = next ?? {};
        node = node[part] as Tree;
      }
    }
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

const str = (tree: Tree | string | undefined): string | undefined =>
  typeof tree === "string" ? tree : undefined;
const obj = (tree: Tree | string | undefined): Tree | undefined =>
  tree && typeof tree === "object" ? tree : undefined;

function requireAbsoluteUrl(value: string | undefined, param: string): string {
  if (!value) throw new StripeApiError(400, `Missing required param: ${param}.`, param);
  try {
    const url = new URL(value.replace("{CHECKOUT_SESSION_ID}", "x"));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    throw new StripeApiError(400, `Not a valid URL`, param);
  }
  return value;
}

function integer(value: string | undefined, param: string, min: number): number {
  if (value === undefined) throw new StripeApiError(400, `Missing required param: ${param}.`, param);
  if (!/^\d+$/.test(value)) throw new StripeApiError(400, `Invalid integer: ${value}`, param);
  const n = Number(value);
  if (n < min) throw new StripeApiError(400, `${param} must be at least ${min}`, param);
  return n;
}

/** The checks the real API makes on the parameters the site sends. */
function checkSessionParams(params: Tree): Omit<FakeSession, "id" | "url" | "created" | "expires_at"> {
  const mode = str(params.mode);
  if (!mode) throw new StripeApiError(400, "Missing required param: mode.", "mode");
  if (mode !== "payment")
    throw new StripeApiError(400, `Invalid mode: this fake knows only payment (got ${mode})`, "mode");
  const success = requireAbsoluteUrl(str(params.success_url), "success_url");
  const cancel = requireAbsoluteUrl(str(params.cancel_url), "cancel_url");
  const items = obj(params.line_items);
  if (!items || Object.keys(items).length === 0) {
    throw new StripeApiError(
      400,
      "You must specify either `line_items` or `subscription_data` in `payment` mode.",
      "line_items",
    );
  }
  let currency: string | undefined;
  let total = 0;
  const pageItems: FakeSession["line_items_for_page"] = [];
  for (const [index, raw] of Object.entries(items)) {
    const item = obj(raw);
    const param = `line_items[${index}]`;
    if (!/^\d+$/.test(index) || !item) throw new StripeApiError(400, `Invalid array`, "line_items");
    const priceData = obj(item.price_data);
    if (!priceData)
      throw new StripeApiError(400, `You must specify either price or price_data.`, `${param}[price_data]`);
    const itemCurrency = str(priceData.currency);
    if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency)) {
      throw new StripeApiError(400, "Missing required param: currency.", `${param}[price_data][currency]`);
    }
    if (currency && currency !== itemCurrency)
      throw new StripeApiError(
        400,
        "All line items must share a currency.",
        `${param}[price_data][currency]`,
      );
    currency = itemCurrency;
    const amount = integer(str(priceData.unit_amount), `${param}[price_data][unit_amount]`, 0);
    const name = str(obj(priceData.product_data)?.name);
    if (!name)
      throw new StripeApiError(
        400,
        "Missing required param: product_data[name].",
        `${param}[price_data][product_data][name]`,
      );
    const quantity = integer(str(item.quantity), `${param}[quantity]`, 1);
    total += amount * quantity;
    pageItems.push({ name, amount, quantity });
  }
  if (total < 50)
    throw new StripeApiError(
      400,
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      "line_items",
    );
  const metadata: Record<string, string> = {};
  const meta = obj(params.metadata) ?? {};
  if (Object.keys(meta).length > 50)
    throw new StripeApiError(400, "Metadata can have up to 50 keys.", "metadata");
  for (const [key, value] of Object.entries(meta)) {
    if (typeof value !== "string")
      throw new StripeApiError(400, "Invalid metadata value", `metadata[${key}]`);
    if (key.length > 40)
      throw new StripeApiError(400, "Metadata keys can be up to 40 characters.", `metadata[${key}]`);
    if (value.length > 500)
      throw new StripeApiError(400, "Metadata values can be up to 500 characters.", `metadata[${key}]`);
    metadata[key] = value;
  }
  return {
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    currency: currency ?? "usd",
    client_reference_id: str(params.client_reference_id) ?? null,
    customer_details: null,
    customer_email: str(params.customer_email) ?? null,
    livemode: false,
    metadata,
    mode: "payment",
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    success_url: success,
    cancel_url: cancel,
    line_items_for_page: pageItems,
  };
}

// --- the server ---------------------------------------------------------------------------------

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function publicSession(session: FakeSession) {
  const { line_items_for_page: _, ...rest } = session;
  return rest;
}

function checkoutPage(session: FakeSession): string {
  const items = session.line_items_for_page
    .map((i) => `<li>${escapeHtml(i.name)} — <strong>$${(i.amount / 100).toFixed(2)}</strong></li>`)
    .join("");
  const field = (name: keyof Customer, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(DEFAULT_CUSTOMER[name])}"></label>`;
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<body><h1>Fake Stripe Checkout</h1><p>Session <code>${session.id}</code></p><ul>${items}</ul>
<p>Total: <strong data-testid="total">$${(session.amount_total / 100).toFixed(2)}</strong> ${session.currency.toUpperCase()}</p>
<form method="post">${field("email", "Email")}${field("name", "Name")}${field("line1", "Address")}${field("city", "City")}${field("state", "State")}${field("postal_code", "ZIP")}${field("country", "Country")}
<button name="method" value="card">Plati</button> <button name="method" value="bank">Plati bankovnim računom</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Odustani</a></p></body></html>`;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const events: SentEvent[] = [];
  let baseUrl = "";

  function authorize(req: http.IncomingMessage): void {
    const header = req.headers.authorization ?? null;
    if (!header) {
      throw new StripeApiError(401, "You did not provide an API key.", undefined, "invalid_request_error");
    }
    if (header !== `Bearer ${options.secretKey}`) {
      throw new StripeApiError(401, "Invalid API Key provided.", undefined, "invalid_request_error");
    }
  }

  function buildEvent(type: string, sessionId: string): SentEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no such session ${sessionId}`);
    const event = {
      id: id("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: publicSession(session) },
    };
    const sent: SentEvent = { id: event.id, type, sessionId, payload: JSON.stringify(event), deliveries: [] };
    events.push(sent);
    return sent;
  }

  /** A charge event (refund, dispute) about a paid session's payment. */
  function buildChargeEvent(
    type: "charge.refunded" | "charge.dispute.created",
    sessionId: string,
    refunded = 0,
  ) {
    const session = sessions.get(sessionId);
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${sessionId}'`, "id");
    if (session.payment_status !== "paid" || !session.payment_intent) {
      throw new StripeApiError(400, "Only a paid session has a charge to refund or dispute.");
    }
    const chargeId = `ch_${session.payment_intent.slice(3)}`;
    const object =
      type === "charge.refunded"
        ? {
            id: chargeId,
            object: "charge",
            amount: session.amount_total,
            amount_captured: session.amount_total,
            amount_refunded: refunded,
            captured: true,
            currency: session.currency,
            paid: true,
            payment_intent: session.payment_intent,
            refunded: refunded >= session.amount_total,
            status: "succeeded",
          }
        : {
            id: id("dp_"),
            object: "dispute",
            amount: session.amount_total,
            charge: chargeId,
            currency: session.currency,
            payment_intent: session.payment_intent,
            reason: "fraudulent",
            status: "needs_response",
          };
    const event = {
      id: id("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const sent: SentEvent = { id: event.id, type, sessionId, payload: JSON.stringify(event), deliveries: [] };
    events.push(sent);
    return sent;
  }

  async function refund(sessionId: string, amount?: number): Promise<SentEvent> {
    const session = sessions.get(sessionId);
    const event = buildChargeEvent("charge.refunded", sessionId, amount ?? session?.amount_total ?? 0);
    await deliver(event);
    return event;
  }

  async function dispute(sessionId: string): Promise<SentEvent> {
    const event = buildChargeEvent("charge.dispute.created", sessionId);
    await deliver(event);
    return event;
  }

  async function deliver(event: SentEvent, deliverOptions: { signature?: string } = {}): Promise<number> {
    if (!options.webhookUrl) return 0;
    const signature =
      deliverOptions.signature ??
      Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: options.webhookSecret });
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signature,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: event.payload,
    });
    await response.arrayBuffer();
    event.deliveries.push(response.status);
    return response.status;
  }

  function complete(sessionId: string, customer: Partial<Customer>, method: "card" | "bank"): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${sessionId}'`, "id");
    if (session.status !== "open")
      throw new StripeApiError(400, `This Checkout Session is ${session.status}.`);
    const c = { ...DEFAULT_CUSTOMER, ...customer };
    session.status = "complete";
    session.payment_status = method === "card" ? "paid" : "unpaid";
    session.payment_intent = id("pi_");
    session.customer_details = {
      email: c.email,
      name: c.name,
      address: {
        line1: c.line1,
        line2: null,
        city: c.city,
        state: c.state,
        postal_code: c.postal_code,
        country: c.country,
      },
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    session.url = null;
    return session;
  }

  async function pay(sessionId: string, customer: Partial<Customer> = {}, method: "card" | "bank" = "card") {
    complete(sessionId, customer, method);
    const event = buildEvent("checkout.session.completed", sessionId);
    await deliver(event);
    return event;
  }

  async function settle(sessionId: string, outcome: "succeed" | "fail" | "expire"): Promise<SentEvent> {
    const session = sessions.get(sessionId);
    if (!session) throw new StripeApiError(404, `No such checkout.session: '${sessionId}'`, "id");
    let type: string;
    if (outcome === "expire") {
      if (session.status !== "open")
        throw new StripeApiError(400, `Only an open session can expire (it is ${session.status}).`);
      session.status = "expired";
      session.url = null;
      type = "checkout.session.expired";
    } else {
      if (session.status !== "complete" || session.payment_status !== "unpaid") {
        throw new StripeApiError(400, "Only a completed, unpaid session settles later.");
      }
      session.payment_status = outcome === "succeed" ? "paid" : "unpaid";
      type =
        outcome === "succeed"
          ? "checkout.session.async_payment_succeeded"
          : "checkout.session.async_payment_failed";
    }
    const event = buildEvent(type, sessionId);
    await deliver(event);
    return event;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", baseUrl);
    const body = req.method === "POST" ? await readBody(req) : "";
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      contentType: req.headers["content-type"] ?? null,
      body,
    });
    const path = url.pathname;
    const sessionApi = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path);
    const checkoutPath = /^\/checkout\/(\w+)$/.exec(path);
    const settlePath = /^\/__fake\/sessions\/(\w+)\/(succeed|fail|expire)$/.exec(path);
    const chargePath = /^\/__fake\/sessions\/(\w+)\/(refund|dispute)$/.exec(path);
    const resendPath = /^\/__fake\/events\/(\w+)\/resend$/.exec(path);

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      authorize(req);
      if (!/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")) {
        throw new StripeApiError(
          400,
          "Stripe API requests must be form-encoded (application/x-www-form-urlencoded).",
        );
      }
      const checked = checkSessionParams(parseStripeForm(body));
      const created = Math.floor(Date.now() / 1000);
      const session: FakeSession = {
        ...checked,
        id: id("cs_test_", 58),
        url: null,
        created,
        expires_at: created + 86_400,
      };
      session.url = `${baseUrl}/checkout/${session.id}`;
      sessions.set(session.id, session);
      return sendJson(res, 200, publicSession(session));
    }
    if (req.method === "GET" && sessionApi) {
      authorize(req);
      const session = sessions.get(sessionApi[1]);
      if (!session) throw new StripeApiError(404, `No such checkout.session: '${sessionApi[1]}'`, "id");
      return sendJson(res, 200, publicSession(session));
    }
    if (checkoutPath) {
      const session = sessions.get(checkoutPath[1]);
      if (session?.status !== "open") {
        res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          "<!doctype html><title>Expired</title><h1>This Checkout Session is no longer available.</h1>",
        );
        return;
      }
      if (req.method === "GET") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(checkoutPage(session));
        return;
      }
      const form = new URLSearchParams(body);
      const customer: Partial<Customer> = {};
      for (const key of Object.keys(DEFAULT_CUSTOMER) as (keyof Customer)[]) {
        const value = form.get(key);
        if (value) customer[key] = value;
      }
      complete(session.id, customer, form.get("method") === "bank" ? "bank" : "card");
      const event = buildEvent("checkout.session.completed", session.id);
      const delay = options.webhookDelayMs ?? 0;
      if (delay > 0) {
        setTimeout(() => void deliver(event).catch(() => {}), delay);
      } else {
        await deliver(event);
      }
      res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      res.end();
      return;
    }
    if (req.method === "POST" && settlePath) {
      const event = await settle(settlePath[1], settlePath[2] as "succeed" | "fail" | "expire");
      return sendJson(res, 200, { id: event.id, type: event.type, deliveries: event.deliveries });
    }
    if (req.method === "POST" && chargePath) {
      const event = chargePath[2] === "refund" ? await refund(chargePath[1]) : await dispute(chargePath[1]);
      return sendJson(res, 200, { id: event.id, type: event.type, deliveries: event.deliveries });
    }
    if (req.method === "POST" && resendPath) {
      const event = events.find((e) => e.id === resendPath[1]);
      if (!event) throw new StripeApiError(404, "No such event");
      const status = await deliver(event);
      return sendJson(res, 200, { id: event.id, status });
    }
    if (req.method === "GET" && url.pathname === "/__fake/events") {
      return sendJson(
        res,
        200,
        events.map(({ payload: _, ...e }) => e),
      );
    }
    if (req.method === "GET" && url.pathname === "/__fake/health") return sendJson(res, 200, { ok: true });
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof StripeApiError) {
        sendJson(res, error.status, {
          error: { type: error.type, message: error.message, param: error.param },
        });
      } else {
        sendJson(res, 500, { error: { type: "api_error", message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    requests,
    sessions,
    events,
    buildEvent,
    deliver,
    pay,
    settle,
    refund,
    dispute,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
