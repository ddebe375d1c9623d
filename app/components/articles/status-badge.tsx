import { StatusBadge } from "~/components/ui/status-badge";
import type { StoredStatus } from "~/domain/articles/list-query";
import { formatDateTime } from "~/lib/dates";

export const ARTICLE_STATUS_LABELS: Record<StoredStatus, string> = {
  publish: "Objavljeno",
  draft: "Nacrt",
  scheduled: "Zakazano",
};

/** The stored status in the admin's words; a scheduled article says when it goes live. */
export function ArticleStatusBadge({ status, date }: { status: StoredStatus; date?: Date | string }) {
  const labels =
    status === "scheduled" && date
      ? { ...ARTICLE_STATUS_LABELS, scheduled: `Zakazano · ${formatDateTime(new Date(date))}` }
      : ARTICLE_STATUS_LABELS;
  return <StatusBadge status={status} labels={labels} />;
}
