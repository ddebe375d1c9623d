import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { parseId } from "~/lib/ids";

type Reply = { ok: boolean; message: string };

/**
 * The row buttons of an admin table (toggle, delete…): one fetcher posts `{ intent, [idName]: id }`,
 * its reply becomes the screen's notice and closes the delete confirmation; `pendingId` is the row
 * whose request is on its way (its buttons are disabled).
 */
export function useRowActions<Row, Intent extends string>(key: string, idName: string) {
  const fetcher = useFetcher<Reply>({ key });
  const [notice, setNotice] = useState<Reply | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      setNotice({ ok: fetcher.data.ok, message: fetcher.data.message });
      setToDelete(null);
    }
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";
  return {
    notice,
    setNotice,
    toDelete,
    setToDelete,
    busy,
    pendingId: busy ? parseId(fetcher.formData?.get(idName)) : null,
    submit: (intent: Intent, id: number, extra: Record<string, string> = {}) =>
      fetcher.submit({ intent, [idName]: String(id), ...extra }, { method: "post" }),
  };
}
