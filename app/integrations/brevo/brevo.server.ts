/**
 * Brevo (the e-mail-marketing provider of spec §7) for its contacts only, over the HTTP API with the
 * `api-key` header. Our server is the only caller: the key never reaches the browser.
 *
 * - GET  /contacts/{email}                  one contact; 404 means none
 * - POST /contacts                          {email, attributes {FIRSTNAME, LASTNAME}, listIds, updateEnabled false} → {id};
 *                                           400 or code `duplicate_parameter` means it already exists
 * - GET  /contacts?limit=50&offset={n}      pages of contacts ({contacts: [...]})
 * - GET  /contacts/lists                    the contact lists
 * - PUT  /contacts/{email}                  {emailBlacklisted} — true when someone left through our link,
 *                                           false when they signed up again
 */
export type BrevoContact = {
  id: string;
  email: string;
  emailBlacklisted: boolean;
  createdAt: string | null;
  modifiedAt: string | null;
};

export class ContactsError extends Error {
  override name = "ContactsError";
  readonly status?: number;
  readonly body?: string;
  constructor(message: string, details: { status?: number; body?: string } = {}) {
    super(message);
    this.status = details.status;
    this.body = details.body;
  }
}

export interface ContactsProvider {
  readonly name: "brevo";
  getContact(email: string): Promise<BrevoContact | null>;
  /** `created: false` when the provider already had the contact (spec §8 'Contact already exists'). */
  createContact(email: string): Promise<{ created: true; id: string } | { created: false }>;
  listContacts(page: { offset: number; limit: number }): Promise<BrevoContact[]>;
  listLists(): Promise<{ id: string; name: string }[]>;
  setBlacklisted(email: string, blacklisted: boolean): Promise<void>;
}

export type BrevoOptions = { apiKey: string; baseUrl: string; timeoutMs?: number; fetch?: typeof fetch };

type RawContact = {
  id?: number | string;
  email?: string;
  emailBlacklisted?: boolean;
  createdAt?: string;
  modifiedAt?: string;
};

function toContact(raw: RawContact): BrevoContact {
  return {
    id: String(raw.id ?? ""),
    email: String(raw.email ?? "")
      .trim()
      .toLowerCase(),
    emailBlacklisted: raw.emailBlacklisted === true,
    createdAt: raw.createdAt ?? null,
    modifiedAt: raw.modifiedAt ?? null,
  };
}

type Answer = { status: number; text: string };
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** One authenticated JSON request to the account's API; a connection failure is a ContactsError. */
function connect(options: BrevoOptions): Call {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          "api-key": options.apiKey,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } })?.cause?.code;
      throw new ContactsError(`Brevo nije dostupan: ${code ?? (error as Error)?.name ?? String(error)}`);
    }
    const text = await response.text().catch(() => "");
    return { status: response.status, text };
  };
}

function fail(status: number, text: string): never {
  const body = text.slice(0, 2000);
  throw new ContactsError(`Brevo ${status}: ${body}`, { status, body });
}

function parse<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ContactsError(`Brevo: neočekivan odgovor: ${text.slice(0, 200)}`);
  }
}

export function createBrevo(options: BrevoOptions): ContactsProvider {
  const call = connect(options);

  return {
    name: "brevo",

    async getContact(email) {
      const { status, text } = await call("GET", `/contacts/${encodeURIComponent(email)}`);
      if (status === 404) return null;
      if (status !== 200) fail(status, text);
      return toContact(parse<RawContact>(text));
    },

    async createContact(email) {
      const { status, text } = await call("POST", "/contacts", {
        email,
        attributes: { FIRSTNAME: "", LASTNAME: "" },
        listIds: [],
        updateEnabled: false,
      });
      if (status === 201 || status === 200) {
        const id = parse<{ id?: number | string }>(text || "{}").id;
        return id === undefined ? { created: false } : { created: true, id: String(id) };
      }
      const code = (() => {
        try {
          return (JSON.parse(text) as { code?: string }).code;
        } catch {
          return undefined;
        }
      })();
      if (status === 400 || code === "duplicate_parameter") return { created: false };
      fail(status, text);
    },

    async listContacts({ offset, limit }) {
      const { status, text } = await call("GET", `/contacts?limit=${limit}&offset=${offset}`);
      if (status !== 200) fail(status, text);
      const parsed = parse<{ contacts?: RawContact[] }>(text);
      return (parsed.contacts ?? []).map(toContact);
    },

    async listLists() {
      const { status, text } = await call("GET", "/contacts/lists");
      if (status !== 200) fail(status, text);
      const parsed = parse<{ lists?: { id: number | string; name?: string }[] }>(text);
      return (parsed.lists ?? []).map((l) => ({ id: String(l.id), name: String(l.name ?? "") }));
    },

    async setBlacklisted(email, blacklisted) {
      const { status, text } = await call("PUT", `/contacts/${encodeURIComponent(email)}`, {
        emailBlacklisted: blacklisted,
      });
      if (status !== 204 && status !== 200 && status !== 404) fail(status, text);
    },
  };
}
