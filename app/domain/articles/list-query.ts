import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { parsePage } from "~/lib/pagination";

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export type StoredStatus = "publish" | "draft" | "scheduled";

/** The admin article list's URL contract, shared by the server and the browser. */

/** The list's status filter from the URL: both spellings of published are accepted. */
export function parseStatusFilter(value: string | null | undefined): StoredStatus | null {
  if (value === "published" || value === "publish") return "publish";
  if (value === "draft") return "draft";
  if (value === "scheduled" || value === "zakazano") return "scheduled";
  return null;
}

export const ARTICLE_PAGE_SIZE = 20;
export const SEARCH_MAX_LENGTH = 200;

export type PopularFilter = "yes" | "no";

export type ArticleListQuery = {
  q: string;
  status: StoredStatus | null;
  category: ArticleCategory | null;
  popular: PopularFilter | null;
  page: number;
};

/** The list's filters from the URL (`?q=&status=&category=&popular=&page=`); odd values are ignored. */
export function parseArticleListQuery(params: URLSearchParams): ArticleListQuery {
  const category = params.get("category");
  const popular = params.get("popular");
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    status: parseStatusFilter(params.get("status")),
    category: (ARTICLE_CATEGORIES as readonly string[]).includes(category ?? "")
      ? (category as ArticleCategory)
      : null,
    popular: popular === "yes" || popular === "no" ? popular : null,
    page: parsePage(params.get("page")),
  };
}
