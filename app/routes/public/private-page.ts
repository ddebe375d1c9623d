/**
 * What every page opened by a private link sends (a poster's management pages, an alert's page,
 * the unsubscribe pages): never kept by a cache, never sent on as a referrer (the token is in the
 * URL), never indexed. The request log and nginx's log write such URLs without the token
 * (app/lib/redact-url.ts).
 */
export const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "no-store, private",
  "Referrer-Policy": "no-referrer",
};

export const PRIVATE_PAGE_META = [
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * Sent with the answer to a poster's change that the public pages show at once (filled, renewed,
 * deleted): the poster's own browser forgets its few seconds of cached lists (PUBLIC_LIST_CACHE),
 * so the search and the lists they open next show the change. Other readers' copies age out within
 * those seconds; the server's page cache is emptied by the change itself.
 */
export const POSTER_CHANGED_HEADERS = { "Clear-Site-Data": '"cache"' };
