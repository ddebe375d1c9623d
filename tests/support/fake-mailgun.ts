/**
 * A small Mailgun on 127.0.0.1 for tests and the benchmark (reached through MAILGUN_BASE_URL). It
 * checks what the real API checks — basic auth `api:{key}`, the domain in the path, a multipart
 * body with from / to / subject / html or text, at most 1,000 recipients, `recipient-variables` as
 * JSON, the tracking options — and records every recipient's own copy (variables filled in, as
 * Mailgun does). It also records what would be a bug on our side even where Mailgun would accept
 * it (`violations`): a batch without recipient variables (every recipient would see all the
 * others), a recipient without variables, a List-Unsubscribe without List-Unsubscribe-Post.
 *
 * Faults: `fail(call, status, body)` answers one call (or every call from then on) with an error;
 * `hang(call, "before" | "after")` never answers that call, before or after accepting it (a
 * process killed with its request in flight); `onAccepted` runs after each accepted call.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type DeliveredCopy = {
  recipient: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  tags: string[];
  variables: Record<string, string>;
  tracking: { opens: string | null; clicks: string | null };
  messageId: string;
  call: number;
};

type Fault = { status: number; body: string; persistent: boolean };

export type FakeMailgun = {
  url: string;
  apiKey: string;
  domain: string;
  /** Message calls received (accepted or not), 1-based numbering for faults. */
  readonly calls: number;
  readonly acceptedCalls: number;
  /** Copies per recipient. */
  deliveries: Map<string, number>;
  /** The last copy each recipient got (when `keepCopies`). */
  copies: Map<string, DeliveredCopy>;
  /** Recipients per accepted call, in order. */
  batches: string[][];
  violations: string[];
  fail(call: number, status: number, body: string, options?: { persistent?: boolean }): void;
  hang(call: number, when: "before" | "after"): void;
  clearFaults(): void;
  onAccepted?: (call: number, recipients: string[]) => void;
  close(): Promise<void>;
};

const TRACKING_VALUES = new Set(["yes", "no", "true", "false", "htmlonly"]);

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/%recipient\.([A-Za-z0-9_-]+)%/g, (whole, key: string) =>
    key in vars ? vars[key] : whole,
  );
}

/**
 * A strict multipart/form-data reader (RFC 7578): every part needs
 * `Content-Disposition: form-data; name="…"`; null when the body is not well-formed.
 */
export function parseMultipart(body: Buffer, contentType: string): [string, string][] | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  if (body.indexOf(delimiter) !== 0) return null;
  const fields: [string, string][] = [];
  let pos = delimiter.length;
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return fields; // "--": the closing delimiter
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) return null;
    const headerEnd = body.indexOf("\r\n\r\n", pos + 2);
    if (headerEnd < 0) return null;
    const headers = body.subarray(pos + 2, headerEnd).toString("utf8");
    const name = /^content-disposition:\s*form-data;\s*name="([^"]*)"/im.exec(headers)?.[1];
    if (name === undefined) return null;
    const end = body.indexOf(next, headerEnd + 4);
    if (end < 0) return null;
    if (!/filename=/i.test(headers)) fields.push([name, body.subarray(headerEnd + 4, end).toString("utf8")]);
    pos = end + next.length;
  }
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeMailgun(
  options: { apiKey?: string; domain?: string; keepCopies?: boolean; latencyMs?: number } = {},
): Promise<FakeMailgun> {
  const apiKey = options.apiKey ?? "key-test-123";
  const domain = options.domain ?? "mg.example.test";
  const keepCopies = options.keepCopies ?? true;
  const faults = new Map<number, Fault>();
  const hangs = new Map<number, "before" | "after">();
  let persistentFrom: { call: number; fault: Fault } | null = null;
  let calls = 0;
  let acceptedCalls = 0;
  const deliveries = new Map<string, number>();
  const copies = new Map<string, DeliveredCopy>();
  const batches: string[][] = [];
  const violations: string[] = [];
  /** accepted events per recipient: [epoch seconds, user variables] */
  const events = new Map<string, { ts: number; vars: Record<string, string>; messageId: string }[]>();
  const hanging = new Set<http.ServerResponse>();

  const expectedAuth = `Basic ${Buffer.from(`api:${apiKey}`).toString("base64")}`;

  async function readBody(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function handleMessages(req: http.IncomingMessage, res: http.ServerResponse) {
    const call = ++calls;
    const contentType = req.headers["content-type"] ?? "";
    const body = await readBody(req);
    if (!contentType.startsWith("multipart/form-data")) {
      return json(res, 400, { message: "Expected a multipart/form-data body" });
    }
    const fields = parseMultipart(body, contentType);
    if (!fields) return json(res, 400, { message: "Malformed multipart/form-data body" });
    const text = (name: string) => fields.find(([key]) => key === name)?.[1] ?? null;
    const all = (name: string) => fields.filter(([key]) => key === name).map(([, value]) => value);

    if (hangs.get(call) === "before") {
      hanging.add(res);
      return;
    }
    const fault =
      faults.get(call) ?? (persistentFrom && call >= persistentFrom.call ? persistentFrom.fault : null);
    if (fault) {
      res.writeHead(fault.status, { "content-type": "application/json" });
      res.end(fault.body);
      return;
    }

    const from = text("from");
    if (!from) return json(res, 400, { message: "from parameter is missing" });
    const to = all("to")
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    if (to.length === 0) return json(res, 400, { message: "to parameter is missing" });
    if (to.length > 1000) return json(res, 400, { message: "Too many recipients: the limit is 1000" });
    const subject = text("subject");
    if (!subject) return json(res, 400, { message: "subject parameter is missing" });
    const html = text("html");
    const plain = text("text");
    if (!html && !plain) {
      return json(res, 400, {
        message: "Need at least one of 'text', 'html', 'amp-html' or 'template' parameters specified",
      });
    }
    for (const option of ["o:tracking", "o:tracking-opens", "o:tracking-clicks"]) {
      const v = text(option);
      if (v !== null && !TRACKING_VALUES.has(v))
        return json(res, 400, { message: `${option} has an invalid value` });
    }
    let recipientVars: Record<string, Record<string, string>> | null = null;
    const rawVars = text("recipient-variables");
    if (rawVars !== null) {
      try {
        const parsed = JSON.parse(rawVars) as unknown;
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
        recipientVars = parsed as Record<string, Record<string, string>>;
      } catch {
        return json(res, 400, { message: "recipient-variables parameter is not a valid JSON" });
      }
    }
    if (to.length > 1 && !recipientVars) {
      violations.push(
        `call ${call}: ${to.length} recipients without recipient-variables (everyone sees everyone)`,
      );
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of fields) {
      if (key.startsWith("h:")) headers[key.slice(2)] = value;
    }
    if (headers["List-Unsubscribe"] && headers["List-Unsubscribe-Post"] !== "List-Unsubscribe=One-Click") {
      violations.push(
        `call ${call}: List-Unsubscribe without List-Unsubscribe-Post: List-Unsubscribe=One-Click`,
      );
    }
    const userVars: Record<string, string> = {};
    for (const [key, value] of fields) {
      if (key.startsWith("v:")) userVars[key.slice(2)] = value;
    }

    acceptedCalls++;
    const messageId = `<${Date.now()}.${call}@${domain}>`;
    const ts = Date.now() / 1000;
    batches.push(to);
    for (const recipient of to) {
      const vars = recipientVars?.[recipient];
      if (recipientVars && !vars) violations.push(`call ${call}: no recipient-variables for ${recipient}`);
      deliveries.set(recipient, (deliveries.get(recipient) ?? 0) + 1);
      const list = events.get(recipient) ?? [];
      list.push({ ts, vars: userVars, messageId });
      events.set(recipient, list);
      if (keepCopies) {
        const v = vars ?? {};
        const filledHeaders = Object.fromEntries(Object.entries(headers).map(([k, h]) => [k, fill(h, v)]));
        if (
          filledHeaders["List-Unsubscribe"] &&
          !/^<https?:\/\/[^>]+>/.test(filledHeaders["List-Unsubscribe"])
        ) {
          violations.push(
            `call ${call}: List-Unsubscribe for ${recipient} is not an https URL: ${filledHeaders["List-Unsubscribe"]}`,
          );
        }
        copies.set(recipient, {
          recipient,
          from,
          subject: fill(subject, v),
          html: fill(html ?? "", v),
          text: fill(plain ?? "", v),
          headers: filledHeaders,
          tags: all("o:tag"),
          variables: v,
          tracking: { opens: text("o:tracking-opens"), clicks: text("o:tracking-clicks") },
          messageId,
          call,
        });
      }
    }
    if (hangs.get(call) === "after") {
      hanging.add(res);
      fake.onAccepted?.(call, to);
      return;
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    json(res, 200, { id: messageId, message: "Queued. Thank you." });
    fake.onAccepted?.(call, to);
  }

  function handleEvents(url: URL, res: http.ServerResponse) {
    const recipient = url.searchParams.get("recipient");
    const begin = Number(url.searchParams.get("begin") ?? 0);
    const event = url.searchParams.get("event");
    const limit = Math.min(300, Number(url.searchParams.get("limit") ?? 100));
    const list = event && event !== "accepted" ? [] : recipient ? (events.get(recipient) ?? []) : [];
    const items = list
      .filter((e) => e.ts >= begin)
      .slice(0, limit)
      .map((e) => ({
        event: "accepted",
        recipient,
        timestamp: e.ts,
        "user-variables": e.vars,
        message: { headers: { "message-id": e.messageId.slice(1, -1) } },
      }));
    json(res, 200, { items, paging: { next: `${url.origin}${url.pathname}?page=next-empty` } });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (url.pathname === "/__stats" && req.method === "GET") {
      // Not a Mailgun endpoint: what the fake received, for a benchmark in another process.
      let duplicates = 0;
      for (const n of deliveries.values()) if (n > 1) duplicates++;
      return json(res, 200, { calls, acceptedCalls, recipients: deliveries.size, duplicates, violations });
    }
    if (req.headers.authorization !== expectedAuth) {
      res.writeHead(401, { "content-type": "text/plain" });
      res.end("Forbidden");
      return;
    }
    const match = /^\/v3\/([^/]+)\/(messages|events)$/.exec(url.pathname);
    if (!match) return json(res, 404, { message: "Not found" });
    if (decodeURIComponent(match[1]) !== domain)
      return json(res, 404, { message: `Domain not found: ${match[1]}` });
    if (match[2] === "messages" && req.method === "POST") {
      handleMessages(req, res).catch((error) => json(res, 500, { message: String(error) }));
      return;
    }
    if (match[2] === "events" && req.method === "GET") {
      if (url.searchParams.get("page") === "next-empty") return json(res, 200, { items: [], paging: {} });
      return handleEvents(url, res);
    }
    json(res, 405, { message: "Method not allowed" });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeMailgun = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    domain,
    get calls() {
      return calls;
    },
    get acceptedCalls() {
      return acceptedCalls;
    },
    deliveries,
    copies,
    batches,
    violations,
    fail(call, status, body, opts = {}) {
      const fault = { status, body, persistent: opts.persistent ?? false };
      if (fault.persistent) persistentFrom = { call, fault };
      else faults.set(call, fault);
    },
    hang(call, when) {
      hangs.set(call, when);
    },
    clearFaults() {
      faults.clear();
      hangs.clear();
      persistentFrom = null;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
