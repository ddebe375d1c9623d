import { StatusBadge } from "~/components/ui/status-badge";

const LABELS = { publish: "Objavljeno", draft: "Nacrt" } as const;

/** The stored status ("publish" | "draft") in the admin's words. */
export function ArticleStatusBadge({ status }: { status: "publish" | "draft" }) {
  return <StatusBadge status={status} labels={LABELS} />;
}
