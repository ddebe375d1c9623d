import { cn } from "~/components/ui/cn";

/** Reading styles for article HTML (headings, lists, quotes, images, tables, links). */
export const ARTICLE_BODY_CLASS = cn(
  "text-base leading-relaxed text-slate-800 break-words",
  "[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-1 [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figure]:my-4",
  "[&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:text-slate-500",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:p-2",
  "[&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left",
  "[&_hr]:my-6 [&_hr]:border-slate-200 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100",
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
