/**
 * The server half of the moderation queue (decision 171): one loader helper that reads the queue's
 * URL, loads the area's counts, page and open item together, moves past-the-end pages back to the
 * last one and logs load failures; and the intent schemas every queue's action shares.
 */
import { redirect } from "react-router";
import { z } from "zod";
import {
  parseSearch,
  parseTab,
  QUEUE_PARAMS,
  type QueuePage,
  type QueueReply,
  type QueueTab,
  tabStatus,
} from "~/domain/moderation/queue";
import { idList } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { type ErrorCode, errorMessage, errorStatus } from "./errors";

export type QueueQuery<T extends QueueTab> = {
  tab: T;
  status: Exclude<T, "all"> | undefined;
  search: string;
  page: number;
  openId: number | null;
  url: URL;
};

/**
 * Loads one screen of a queue. `load` runs the area's queries for the parsed query; a failure is
 * logged and answered with an empty list (spec §8), with `loadFailed` set for the screen to say so.
 */
export async function loadQueue<Row, Item, T extends QueueTab>(
  request: Request,
  {
    tabs,
    pageSize,
    what,
    load,
  }: {
    tabs: readonly T[];
    pageSize: number;
    /** For the log: "forum topics", "listings" … */
    what: string;
    load: (query: QueueQuery<T>) => Promise<{
      counts: Record<T, number>;
      rows: Row[];
      total: number;
      opened: Item | null;
    }>;
  },
): Promise<QueuePage<Row, Item, T>> {
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get(QUEUE_PARAMS.status), tabs);
  const search = parseSearch(url.searchParams.get(QUEUE_PARAMS.search));
  const page = parsePage(url.searchParams.get(QUEUE_PARAMS.page));
  const openId = parseId(url.searchParams.get(QUEUE_PARAMS.open));
  const base = { tab, search, page, pageSize };
  try {
    const loaded = await load({ tab, status: tabStatus(tab), search, page, openId, url });
    const totalPages = totalPagesOf(loaded.total, pageSize);
    if (page > totalPages) {
      // After a bulk action the last page may be gone: show the new last page.
      url.searchParams.set(QUEUE_PARAMS.page, String(totalPages));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
    return { ...base, ...loaded, loadFailed: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, `${what} could not be loaded`);
    const counts = Object.fromEntries(tabs.map((t) => [t, 0])) as Record<T, number>;
    return { ...base, counts, rows: [], total: 0, opened: null, loadFailed: true };
  }
}

/** How a queue's POST is read: `id` may repeat (bulk). */
/**
 * `loadQueue` for the usual screen: the counts, one page of rows and the opened item read at once.
 * A list that does not count its rows is counted by its tab.
 */
export function loadQueueFrom<Row, Item, T extends QueueTab>(
  request: Request,
  {
    counts,
    list,
    get,
    ...options
  }: {
    tabs: readonly T[];
    pageSize: number;
    what: string;
    counts: (query: QueueQuery<T>) => Promise<Record<T, number>>;
    list: (query: QueueQuery<T>) => Promise<{ rows: Row[]; total?: number }>;
    get: (id: number) => Promise<Item | null>;
  },
) {
  return loadQueue<Row, Item, T>(request, {
    ...options,
    load: async (query) => {
      const [counted, page, opened] = await Promise.all([
        counts(query),
        list(query),
        query.openId ? get(query.openId) : null,
      ]);
      return { counts: counted, rows: page.rows, total: page.total ?? counted[query.tab], opened };
    },
  });
}

export const QUEUE_FORM = { lists: ["id"] } as const;

/** The ids of a moderation POST: `id` once or repeated. */
export const queueIds = (message: string) => idList(message);

/** A moderator's note: trimmed, at most 2000 characters, "" when left empty. */
export const queueNote = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 2000) : ""), z.string());

/** The intents every queue shares; an area adds its own options to the union. */
export function queueIntents(noneSelected: string) {
  const ids = queueIds(noneSelected);
  return [
    z.object({ intent: z.literal("approve"), id: ids, note: queueNote() }),
    z.object({ intent: z.literal("reject"), id: ids, note: queueNote() }),
    z.object({ intent: z.literal("pending"), id: ids }),
    z.object({ intent: z.literal("delete"), id: ids }),
  ] as const;
}

/** A queue's answer with its status: success text, or a failure code's text. */
export function queueReply(
  intent: string,
  ids: number[],
  result:
    | { ok: true; message: string }
    | { ok: false; code: ErrorCode; detail?: string; fieldErrors?: QueueReply["fieldErrors"] },
  extra: Partial<QueueReply> = {},
): { body: QueueReply; status: number } {
  if (result.ok) return { body: { ok: true, intent, ids, message: result.message, ...extra }, status: 200 };
  return {
    body: {
      ok: false,
      intent,
      ids,
      message: errorMessage(result.code, result.detail),
      fieldErrors: result.fieldErrors,
      ...extra,
    },
    status: errorStatus(result.code),
  };
}
