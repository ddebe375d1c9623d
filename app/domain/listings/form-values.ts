/** A stored listing as the editor's form values, and the empty forms. Pure. */
import type { FormValues } from "~/lib/form";
import type { ListingKind } from "./options";
import type { ListingDetail } from "./types";

const COMMON_EMPTY = {
  title: "",
  description: "",
  city: "",
  state: "",
  contactName: "",
  contactPhone: "",
  contactEmail: "",
};

export const EMPTY_VALUES: Record<ListingKind, FormValues> = {
  job: {
    ...COMMON_EMPTY,
    companyName: "",
    position: "",
    routeType: "",
    equipment: [],
    cdlClass: "A",
    endorsements: [],
    payMin: "",
    payMax: "",
    payUnit: "",
    homeTime: "",
    requirements: "",
  },
  sale: {
    ...COMMON_EMPTY,
    saleCategory: "",
    make: "",
    model: "",
    year: "",
    mileage: "",
    price: "",
    condition: "",
  },
};

const amount = (n: number | null) => (n === null ? "" : String(n).replace(".", ","));

export function listingToValues(l: ListingDetail): FormValues {
  const common = {
    title: l.title,
    description: l.description,
    city: l.city,
    state: l.state,
    contactName: l.contactName,
    contactPhone: l.contactPhone ?? "",
    contactEmail: l.contactEmail ?? "",
  };
  if (l.kind === "job") {
    return {
      ...common,
      companyName: l.companyName ?? "",
      companyId: l.companyId ? String(l.companyId) : "",
      position: l.position ?? "",
      routeType: l.routeType ?? "",
      equipment: l.equipment,
      cdlClass: l.cdlClass ?? "",
      endorsements: l.endorsements,
      payMin: amount(l.payMin),
      payMax: amount(l.payMax),
      payUnit: l.payUnit ?? "",
      homeTime: l.homeTime ?? "",
      requirements: l.requirements ?? "",
    };
  }
  return {
    ...common,
    saleCategory: l.saleCategory ?? "",
    make: l.make ?? "",
    model: l.model ?? "",
    year: l.year ? String(l.year) : "",
    mileage: l.mileage !== null ? String(l.mileage) : "",
    price: l.priceCents !== null ? amount(l.priceCents / 100) : "",
    condition: l.condition ?? "",
  };
}
