import { Badge } from "~/components/ui/badge";

/** The stored status ("publish" | "draft") in the admin's words. */
export function ArticleStatusBadge({ status }: { status: "publish" | "draft" }) {
  return status === "publish" ? (
    <Badge tone="success">Objavljeno</Badge>
  ) : (
    <Badge tone="warning">Nacrt</Badge>
  );
}
