/**
 * A small Brevo (contacts API v3) on 127.0.0.1 for tests (reached through BREVO_BASE_URL). It checks
 * what the real one checks — the `api-key` header, JSON bodies, a valid e-mail, `limit` between 1
 * and 1000 — and keeps contacts in memory. Faults: `duplicateOnCreate` answers a create with 400
 * `duplicate_parameter` (a contact added elsewhere in the meantime); `failAll(status)` answers every
 * call with an error.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeContact = {
  id: number;
  email: string;
  emailBlacklisted: boolean;
  createdAt: string;
  modifiedAt: string;
  listIds: number[];
};

export type FakeBrevo = {
  /** The base URL including /v3, as BREVO_BASE_URL. */
  url: string;
  apiKey: string;
  contacts: Map<string, FakeContact>;
  requests: { method: string; path: string; body?: unknown }[];
  duplicateOnCreate: Set<string>;
  failAll(status: number | null): void;
  add(
    email: string,
    options?: { blacklisted?: boolean; modifiedAt?: string; createdAt?: string },
  ): FakeContact;
  close(): Promise<void>;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startFakeBrevo(options: { apiKey?: string } = {}): Promise<FakeBrevo> {
  const apiKey = options.apiKey ?? "xkeysib-test";
  const contacts = new Map<string, FakeContact>();
  const requests: FakeBrevo["requests"] = [];
  const duplicateOnCreate = new Set<string>();
  let failStatus: number | null = null;
  let nextId = 1000;

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status);
      res.end();
      return;
    }
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const add: FakeBrevo["add"] = (email, opts = {}) => {
    const now = new Date().toISOString();
    const contact: FakeContact = {
      id: nextId++,
      email: email.toLowerCase(),
      emailBlacklisted: opts.blacklisted ?? false,
      createdAt: opts.createdAt ?? now,
      modifiedAt: opts.modifiedAt ?? now,
      listIds: [2],
    };
    contacts.set(contact.email, contact);
    return contact;
  };

  const find = (identifier: string) => {
    const key = decodeURIComponent(identifier).toLowerCase();
    if (/^\d+$/.test(key)) return [...contacts.values()].find((c) => c.id === Number(key));
    return contacts.get(key);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    if (raw) {
      if (!String(req.headers["content-type"] ?? "").includes("application/json")) {
        return send(res, 415, {
          code: "invalid_parameter",
          message: "Content-Type must be application/json",
        });
      }
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { code: "invalid_parameter", message: "Invalid JSON" });
      }
    }
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, body });
    if (req.headers["api-key"] !== apiKey)
      return send(res, 401, { code: "unauthorized", message: "Key not found" });
    if (failStatus) return send(res, failStatus, { code: "internal_error", message: "Fake outage" });

    const path = url.pathname.replace(/^\/v3/, "");
    if (req.method === "GET" && path === "/contacts/lists") {
      return send(res, 200, {
        lists: [{ id: 2, name: "Newsletter", totalSubscribers: contacts.size }],
        count: 1,
      });
    }
    if (req.method === "GET" && path === "/contacts") {
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        return send(res, 400, { code: "out_of_range", message: "Limit exceeds max value" });
      }
      const all = [...contacts.values()].sort((a, b) => a.id - b.id);
      return send(res, 200, { contacts: all.slice(offset, offset + limit), count: all.length });
    }
    if (req.method === "POST" && path === "/contacts") {
      const input = (body ?? {}) as {
        email?: string;
        updateEnabled?: boolean;
        attributes?: unknown;
        listIds?: unknown;
      };
      const email = String(input.email ?? "").toLowerCase();
      if (!EMAIL.test(email))
        return send(res, 400, { code: "invalid_parameter", message: "Invalid email address" });
      if (!Array.isArray(input.listIds) || typeof input.attributes !== "object") {
        return send(res, 400, { code: "invalid_parameter", message: "attributes and listIds are expected" });
      }
      if (duplicateOnCreate.has(email) || (contacts.has(email) && !input.updateEnabled)) {
        return send(res, 400, { code: "duplicate_parameter", message: "Contact already exist" });
      }
      return send(res, 201, { id: add(email).id });
    }
    const one = /^\/contacts\/([^/]+)$/.exec(path);
    if (one && req.method === "GET") {
      const contact = find(one[1]);
      if (!contact) return send(res, 404, { code: "document_not_found", message: "Contact does not exist" });
      return send(res, 200, contact);
    }
    if (one && req.method === "PUT") {
      const contact = find(one[1]);
      if (!contact) return send(res, 404, { code: "document_not_found", message: "Contact does not exist" });
      const input = (body ?? {}) as { emailBlacklisted?: boolean };
      if (typeof input.emailBlacklisted === "boolean") contact.emailBlacklisted = input.emailBlacklisted;
      contact.modifiedAt = new Date().toISOString();
      return send(res, 204);
    }
    send(res, 404, { code: "not_found", message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    contacts,
    requests,
    duplicateOnCreate,
    failAll(status) {
      failStatus = status;
    },
    add,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
