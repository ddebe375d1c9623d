/**
 * Mailgun over its HTTP API (spec §7): `POST /v3/{domain}/messages` as multipart form data with
 * basic authentication (`api:{key}`). One call carries up to 1,000 recipients; with
 * `recipient-variables` Mailgun sends each one their own copy. Open and click tracking are on for
 * newsletters. After a crash, `wasAccepted` asks the events API whether a batch whose answer was
 * lost had been accepted (by the `v:bv_reference` variable we attach to every message).
 */
import { randomBytes } from "node:crypto";
import {
  MAILGUN_MAX_RECIPIENTS,
  MailError,
  type MailProvider,
  type OutgoingMessage,
  type SendReceipt,
} from "./provider";

export type MailgunOptions = {
  apiKey: string;
  domain: string;
  /** https://api.mailgun.net (US) or https://api.eu.mailgun.net; a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** How long one request may take (a 1,000-recipient batch is ~200 KB). */
export const MAILGUN_TIMEOUT_MS = 30_000;
/** The user variable that carries our reference (`v:bv_reference`; events show it in `user-variables`). */
export const REFERENCE_VARIABLE = "bv_reference";

/** The multipart fields of one message, in Mailgun's names. Pure: the fake server tests read it too. */
export function mailgunFields(message: OutgoingMessage): [string, string][] {
  const fields: [string, string][] = [["from", message.from]];
  for (const to of message.to) fields.push(["to", to]);
  fields.push(["subject", message.subject], ["html", message.html], ["text", message.text]);
  if (message.replyTo) fields.push(["h:Reply-To", message.replyTo]);
  for (const [name, value] of Object.entries(message.headers ?? {})) fields.push([`h:${name}`, value]);
  if (message.recipientVariables) {
    fields.push(["recipient-variables", JSON.stringify(message.recipientVariables)]);
  }
  const tracking = message.tracking ? "yes" : "no";
  fields.push(["o:tracking", tracking], ["o:tracking-opens", tracking], ["o:tracking-clicks", tracking]);
  for (const tag of message.tags ?? []) fields.push(["o:tag", tag]);
  if (message.reference) fields.push([`v:${REFERENCE_VARIABLE}`, message.reference]);
  return fields;
}

/**
 * The fields as a multipart/form-data body, built in one pass (a 1,000-recipient batch with its
 * recipient variables is ~200 KB; encoding it through FormData took a third of a second).
 */
export function encodeMultipart(fields: readonly [string, string][]): { body: string; contentType: string } {
  let boundary = `----bv${randomBytes(16).toString("hex")}`;
  while (fields.some(([, value]) => value.includes(boundary)))
    boundary = `----bv${randomBytes(16).toString("hex")}`;
  const parts: string[] = [];
  for (const [name, value] of fields) {
    const safeName = name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"\r\n\r\n${value}\r\n`);
  }
  parts.push(`--${boundary}--\r\n`);
  return {
    body: parts.join(""),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function basicAuth(apiKey: string): string {
  return `Basic ${Buffer.from(`api:${apiKey}`).toString("base64")}`;
}

/** Connection errors that prove the request never reached the provider. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

function networkError(error: unknown, what: string): MailError {
  const cause = (error as { cause?: { code?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const name = (error as { name?: string })?.name;
  const reason = name === "TimeoutError" ? "isteklo vreme čekanja" : (code ?? String(error));
  return new MailError(`Mailgun (${what}) nije dostupan: ${reason}`, {
    uncertain: !(code && NOT_SENT_CODES.has(code)),
  });
}

async function bodyText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return "";
  }
}

/** What every call needs: the account's API root, its credentials and the limits. */
type Connection = {
  doFetch: typeof fetch;
  base: string;
  domainPath: string;
  timeoutMs: number;
  auth: string;
};

/**
 * One authenticated request; the answer's body on 2xx. A connection failure and a refusal are
 * MailErrors (`what` names the call in the message; `uncertainOnRefusal`: whether a refused
 * answer may still hide an accepted send).
 */
async function call(
  c: Connection,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  what: string,
  uncertainOnRefusal: boolean,
): Promise<string> {
  let response: Response;
  try {
    response = await c.doFetch(url, {
      ...init,
      headers: { Authorization: c.auth, ...init.headers },
      signal: AbortSignal.timeout(c.timeoutMs),
    });
  } catch (error) {
    throw networkError(error, what);
  }
  const body = await bodyText(response);
  if (!response.ok) {
    const shown = body.slice(0, 2000);
    throw new MailError(`Mailgun ${response.status}: ${shown || response.statusText}`, {
      status: response.status,
      body: shown,
      uncertain: uncertainOnRefusal,
    });
  }
  return body;
}

/** Sends one message (up to 1,000 recipients): `POST /v3/{domain}/messages`. */
async function sendMessage(c: Connection, message: OutgoingMessage): Promise<SendReceipt> {
  if (message.to.length === 0) throw new MailError("No recipients provided", { uncertain: false });
  if (message.to.length > MAILGUN_MAX_RECIPIENTS) {
    throw new MailError(`Previše primalaca u jednoj poruci (${message.to.length})`, { uncertain: false });
  }
  const { body: payload, contentType } = encodeMultipart(mailgunFields(message));
  const body = await call(
    c,
    `${c.domainPath}/messages`,
    { method: "POST", headers: { "Content-Type": contentType }, body: payload },
    "slanje",
    false,
  );
  try {
    const parsed = JSON.parse(body) as { id?: string; message?: string };
    return { id: parsed.id ?? "", message: parsed.message };
  } catch {
    // Accepted (2xx) even if the answer is not the JSON we expect.
    return { id: "", message: body };
  }
}

/** Whether the events API saw a message with our `reference` accepted for `recipient` since `since`. */
async function wasAccepted(
  c: Connection,
  { reference, recipient, since }: { reference: string; recipient: string; since: Date },
): Promise<boolean> {
  const params = new URLSearchParams({
    event: "accepted",
    recipient,
    // A minute of slack for clock differences between us and Mailgun.
    begin: String(Math.floor(since.getTime() / 1000) - 60),
    ascending: "yes",
    limit: "300",
  });
  let url: string | null = `${c.domainPath}/events?${params}`;
  for (let page = 0; url && page < 10; page++) {
    const parsed = JSON.parse(await call(c, url, {}, "provera događaja", true)) as {
      items?: { "user-variables"?: Record<string, unknown> }[];
      paging?: { next?: string };
    };
    const items = parsed.items ?? [];
    if (items.some((item) => item["user-variables"]?.[REFERENCE_VARIABLE] === reference)) return true;
    const next = parsed.paging?.next;
    url = items.length > 0 && next?.startsWith(c.base) ? next : null;
  }
  return false;
}

export function createMailgun(options: MailgunOptions): MailProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const connection: Connection = {
    doFetch: options.fetch ?? fetch,
    base,
    domainPath: `${base}/v3/${encodeURIComponent(options.domain)}`,
    timeoutMs: options.timeoutMs ?? MAILGUN_TIMEOUT_MS,
    auth: basicAuth(options.apiKey),
  };
  return {
    name: "mailgun",
    domain: options.domain,
    maximumRecipients: MAILGUN_MAX_RECIPIENTS,
    send: (message) => sendMessage(connection, message),
    wasAccepted: (query) => wasAccepted(connection, query),
  };
}
