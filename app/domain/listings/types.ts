/** The shapes the listing pages work with (pure types, shared by server and browser). */
import type { listings } from "~/db/schema";

export type ListingPhoto = {
  id: number;
  position: number;
  url: string;
  width: number;
  height: number;
};

type ListingRow = typeof listings.$inferSelect;

/** Everything a listing holds, as the detail page, the admin preview and the editor read it. */
export type ListingDetail = Omit<ListingRow, "searchText" | "searchTitle"> & { photos: ListingPhoto[] };

/** One card of a public list (jobs or buy/sell). */
export type ListingCard = Pick<
  ListingRow,
  | "id"
  | "kind"
  | "title"
  | "city"
  | "state"
  | "companyName"
  | "position"
  | "routeType"
  | "equipment"
  | "payMin"
  | "payMax"
  | "payUnit"
  | "saleCategory"
  | "make"
  | "model"
  | "year"
  | "mileage"
  | "priceCents"
  | "condition"
  | "approvedAt"
> & {
  featured: boolean;
  /** The first photo (buy/sell), if any. */
  photoUrl: string | null;
};
