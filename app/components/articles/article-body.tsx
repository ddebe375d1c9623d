import { ARTICLE_BLOCKS, ARTICLE_TYPOGRAPHY } from "~/components/public/article-prose";
import { cn } from "~/components/ui/cn";

/** Reading styles for article HTML (headings, lists, quotes, images, tables, links). */
export const ARTICLE_BODY_CLASS = cn(
  "text-base leading-relaxed text-slate-800 break-words",
  ...ARTICLE_TYPOGRAPHY,
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:p-2",
  ...ARTICLE_BLOCKS,
);

/**
 * Article HTML that has ALREADY been through `sanitizeArticleHtml` (in a loader, or in the browser
 * for the live preview). This component does not sanitise, so that the sanitiser (sanitize-html
 * and its parser) stays out of pages that only show stored articles.
 */
export function CleanArticleHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the caller passes sanitizeArticleHtml output (see above)
  return <div className={cn(ARTICLE_BODY_CLASS, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
