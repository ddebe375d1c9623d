import { Badge } from "~/components/ui/badge";
import type { StoredStatus } from "~/domain/articles/list-query";
import { formatDateTime } from "~/lib/dates";

export const ARTICLE_STATUS_LABELS: Record<StoredStatus, string> = {
  publish: "Objavljeno",
  draft: "Nacrt",
  scheduled: "Zakazano",
};

/** The stored status in the admin's words; a scheduled article says when it goes live. */
export function ArticleStatusBadge({ status, date }: { status: StoredStatus; date?: Date | string }) {
  if (status === "publish") return <Badge tone="success">Objavljeno</Badge>;
  if (status === "scheduled") {
    return <Badge tone="info">Zakazano{date ? ` · ${formatDateTime(new Date(date))}` : ""}</Badge>;
  }
  return <Badge tone="warning">Nacrt</Badge>;
}
