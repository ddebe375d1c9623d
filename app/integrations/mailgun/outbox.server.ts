/**
 * The local outbox: with no Mailgun configured, every message is kept as one JSON file under
 * `DATA_DIR/outbox` (one file per submission, i.e. per batch), which the newsletter manager lists
 * and shows as each recipient would see it. Nothing leaves the machine, and the screens say so.
 *
 * A submission with a `reference` (a newsletter batch) is written once: submitting the same
 * reference again finds the file and answers as the first time, and `wasAccepted` is "the file
 * exists" — so a resumed send can never put a batch in the outbox twice.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  MAILGUN_MAX_RECIPIENTS,
  MailError,
  type MailProvider,
  type OutgoingMessage,
  type SendReceipt,
} from "./provider";

export type OutboxMessage = OutgoingMessage & { id: string; createdAt: string };
export type OutboxSummary = {
  id: string;
  createdAt: string;
  kind: OutgoingMessage["kind"];
  /** The subject as the first recipient sees it (a batch's subject may be theirs alone). */
  subject: string;
  tags: readonly string[];
  from: string;
  recipients: number;
  reference?: string;
};

export type OutboxStore = MailProvider & {
  readonly dir: string;
  list(options: { page: number; perPage: number }): Promise<{ total: number; items: OutboxSummary[] }>;
  read(id: string): Promise<OutboxMessage | null>;
};

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,120}$/;

export function isOutboxId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** A file-name-safe id from a reference ("nl-12-3" stays as it is). */
function idFor(reference: string | undefined, now: Date): string {
  if (reference) {
    const safe = reference
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "");
    if (safe) return `ref-${safe}`.slice(0, 120);
  }
  return `msg-${now.getTime()}-${randomBytes(4).toString("hex")}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

export function createOutbox(options: {
  dir: string;
  domain: string;
  maximumRecipients?: number;
}): OutboxStore {
  const dir = path.resolve(options.dir);
  const fileOf = (id: string) => path.join(dir, `${id}.json`);

  async function read(id: string): Promise<OutboxMessage | null> {
    if (!isOutboxId(id)) return null;
    try {
      return JSON.parse(await fs.readFile(fileOf(id), "utf8")) as OutboxMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  return {
    name: "outbox",
    domain: options.domain,
    maximumRecipients: options.maximumRecipients ?? MAILGUN_MAX_RECIPIENTS,
    dir,

    async send(message): Promise<SendReceipt> {
      if (message.to.length === 0) throw new MailError("No recipients provided", { uncertain: false });
      const now = new Date();
      const id = idFor(message.reference, now);
      const file = fileOf(id);
      await fs.mkdir(dir, { recursive: true });
      if (message.reference && (await exists(file))) return { id, message: "Već u outboxu." };
      const stored: OutboxMessage = { ...message, id, createdAt: now.toISOString() };
      // Written to a temporary name and renamed: a crash never leaves half a message behind.
      const temp = path.join(dir, `.${id}.${process.pid}.tmp`);
      await fs.writeFile(temp, JSON.stringify(stored));
      await fs.rename(temp, file);
      return { id, message: "Sačuvano u lokalnom outboxu (nije poslato)." };
    },

    async wasAccepted({ reference }) {
      return exists(fileOf(idFor(reference, new Date())));
    },

    async list({ page, perPage }) {
      let names: string[];
      try {
        names = (await fs.readdir(dir)).filter((n) => n.endsWith(".json") && !n.startsWith("."));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return { total: 0, items: [] };
        throw error;
      }
      const stamped = await Promise.all(
        names.map(async (name) => ({ name, mtime: (await fs.stat(path.join(dir, name))).mtimeMs })),
      );
      stamped.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
      const slice = stamped.slice((page - 1) * perPage, page * perPage);
      const items: OutboxSummary[] = [];
      for (const { name } of slice) {
        const message = await read(name.slice(0, -".json".length));
        if (!message) continue;
        items.push({
          id: message.id,
          createdAt: message.createdAt,
          kind: message.kind,
          subject: personalize(message.subject, message.recipientVariables?.[message.to[0]]),
          tags: message.tags ?? [],
          from: message.from,
          recipients: message.to.length,
          reference: message.reference,
        });
      }
      return { total: stamped.length, items };
    },

    read,
  };
}

/** `%recipient.key%` filled in for one recipient, as the provider does. */
export function personalize(template: string, variables: Record<string, string> | undefined): string {
  return template.replace(/%recipient\.([A-Za-z0-9_-]+)%/g, (whole, key: string) =>
    variables && key in variables ? variables[key] : whole,
  );
}
