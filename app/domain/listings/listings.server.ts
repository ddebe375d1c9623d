/**
 * Listings: the query modules of the area (jobs and buy/sell share them), one per concern — the
 * record (records.server.ts), the public lists and sitemap (public-lists.server.ts), moderation
 * (moderation-lists.server.ts), expiry and promotion (promotion.server.ts) over the shared SQL
 * pieces (listing-sql.server.ts). Lists are filtered, counted and paged in SQL; every status change
 * is one UPDATE whose WHERE names the statuses it may start from (rules.ts), so two staff members
 * clicking at once cannot move a listing through a transition that is no longer allowed.
 * This module re-exports them for the callers that import the area as one.
 */
export { listedWhere, liveWhere } from "./listing-sql.server";
export {
  type AdminListFilter,
  type AdminListingRow,
  type ChangeOptions,
  changeListingStatus,
  countListingsByStatus,
  countPendingListings,
  listAdminListings,
  type StatusCounts,
} from "./moderation-lists.server";
export {
  addFeaturedDays,
  expireDueListings,
  type PromotionResult,
  withdrawFeaturedDays,
} from "./promotion.server";
export {
  countLiveListings,
  type LatestJob,
  latestApprovedJobs,
  listPublicJobs,
  listPublicSales,
  type PublicPage,
  type SitemapListing,
  sitemapListings,
} from "./public-lists.server";
export {
  type CreateOptions,
  companyChoices,
  createListing,
  deleteListings,
  findCompanyByName,
  getListing,
  getListings,
  linkedCompany,
  type PhotoEdit,
  updateListing,
} from "./records.server";
