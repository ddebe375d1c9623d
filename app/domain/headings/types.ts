/** One article's heading preview as `/admin/headings/{id}` answers it (the preview dialog's data). */
export type { HeadingPreview } from "./preview.server";

import type { HeadingPreview } from "./preview.server";

export type HeadingPreviewData = { preview: HeadingPreview; publicPath: string | null };
