import type { getHeadingPreview } from "./headings.server";

/** One article's heading preview as `/admin/headings/{id}` answers it (the preview dialog's data). */
export type HeadingPreview = NonNullable<Awaited<ReturnType<typeof getHeadingPreview>>>;
export type HeadingPreviewData = { preview: HeadingPreview; publicPath: string | null };
