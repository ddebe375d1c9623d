/**
 * Reading styles for article HTML on the public article page (headings, lists, quotes, images,
 * tables, links). The same rules as ARTICLE_BODY_CLASS in components/articles/article-body.tsx, in
 * a module of its own: that file also imports the sanitizer (sanitize-html, ~190 kB), which must
 * not reach a visitor's phone — the public page sanitises on the server.
 */
/** The headings, text, lists, quotes and images of article HTML: the same on the site and in the admin. */
export const ARTICLE_TYPOGRAPHY = [
  "[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-1 [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figure]:my-4",
  "[&_figcaption]:mt-1 [&_figcaption]:text-sm [&_figcaption]:text-slate-500",
];

/** Table cells, rules and code of article HTML (tables themselves differ: see below). */
export const ARTICLE_BLOCKS = [
  "[&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left",
  "[&_hr]:my-6 [&_hr]:border-slate-200 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100",
];

export const ARTICLE_PROSE_CLASS = [
  "text-base leading-relaxed text-slate-800 break-words sm:text-lg",
  ...ARTICLE_TYPOGRAPHY,
  "[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:p-2",
  ...ARTICLE_BLOCKS,
  // A video placeholder (decision 191): a dark 16:9 box whose link leads to the video.
  "[&_figure[data-embed]]:flex [&_figure[data-embed]]:aspect-video [&_figure[data-embed]]:items-center [&_figure[data-embed]]:justify-center [&_figure[data-embed]]:rounded-xl [&_figure[data-embed]]:bg-slate-900",
  "[&_figure[data-embed]_a]:rounded-full [&_figure[data-embed]_a]:bg-white [&_figure[data-embed]_a]:px-5 [&_figure[data-embed]_a]:py-3 [&_figure[data-embed]_a]:font-semibold [&_figure[data-embed]_a]:text-slate-900 [&_figure[data-embed]_a]:no-underline",
].join(" ");
