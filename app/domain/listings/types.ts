/** The shapes the listing pages work with (pure types, shared by server and browser). */
import type {
  CdlClass,
  Endorsement,
  EquipmentType,
  HomeTime,
  JobPosition,
  ListingKind,
  ListingStatus,
  PayUnit,
  RouteType,
  SaleCategory,
  SaleCondition,
} from "./options";

export type ListingPhoto = {
  id: number;
  position: number;
  url: string;
  width: number;
  height: number;
};

/** Everything a listing holds, as the detail page, the admin preview and the editor read it. */
export type ListingDetail = {
  id: number;
  kind: ListingKind;
  status: ListingStatus;
  title: string;
  description: string;
  city: string;
  state: string;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  companyName: string | null;
  companyId: number | null;
  position: JobPosition | null;
  routeType: RouteType | null;
  equipment: EquipmentType[];
  cdlClass: CdlClass | null;
  endorsements: Endorsement[];
  payMin: number | null;
  payMax: number | null;
  payUnit: PayUnit | null;
  homeTime: HomeTime | null;
  requirements: string | null;
  saleCategory: SaleCategory | null;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  priceCents: number | null;
  condition: SaleCondition | null;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  expiresAt: Date | null;
  featuredUntil: Date | null;
  featuredDaysPending: number;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  adminNote: string | null;
  photos: ListingPhoto[];
};

/** One card of a public list (jobs or buy/sell). */
export type ListingCard = {
  id: number;
  kind: ListingKind;
  title: string;
  city: string;
  state: string;
  companyName: string | null;
  position: JobPosition | null;
  routeType: RouteType | null;
  equipment: EquipmentType[];
  payMin: number | null;
  payMax: number | null;
  payUnit: PayUnit | null;
  saleCategory: SaleCategory | null;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  priceCents: number | null;
  condition: SaleCondition | null;
  approvedAt: Date | null;
  featured: boolean;
  /** The first photo (buy/sell), if any. */
  photoUrl: string | null;
};
