import { articlePath } from "~/domain/articles/slug";
import { getHeadingPreview } from "~/domain/headings/preview.server";
import type { HeadingPreviewData } from "~/domain/headings/types";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/heading-preview";

/**
 * `/admin/headings/{id}`: the preview modal's data — the article before and after its heading
 * conversion (sanitised HTML; new headings carry data-heading="new") and what can be done with it.
 */
export async function loader({ request, params }: Route.LoaderArgs): Promise<HeadingPreviewData> {
  await requirePermission(request, "canViewHeadings");
  const id = parseId(params.id);
  if (id === null) throw failure("heading.not_found");
  const preview = await getHeadingPreview(getDb(), id);
  if (!preview) throw failure("heading.not_found");
  return {
    preview,
    publicPath: preview.status === "publish" ? articlePath(preview) : null,
  };
}
