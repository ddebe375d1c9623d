import type { Permission } from "~/domain/users/permissions";

export type AdminBadge = "pendingSubmissions" | "pendingListings" | "pendingForum";

export type AdminNavEntry = {
  label: string;
  to: string;
  permission: Permission;
  /** The entry appears once its screen exists: no empty placeholder screens. */
  ready: boolean;
  /** Dashboard needs an exact match; every other entry is active by path prefix. */
  exact?: boolean;
  /** A live count of items waiting for staff (yellow badge); see routes/admin/layout.tsx. */
  badge?: AdminBadge;
};

/** The admin sidebar of spec §2, in its order, each entry gated by its permission. */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { label: "Kontrolna tabla", to: "/admin", permission: "canViewDashboard", ready: true, exact: true },
  { label: "Članci", to: "/admin/articles", permission: "canViewArticles", ready: true },
  { label: "AI naslovi", to: "/admin/headings", permission: "canViewHeadings", ready: true },
  { label: "Kompanije", to: "/admin/companies", permission: "canViewCompanies", ready: true },
  {
    label: "Zahtevi kompanija",
    to: "/admin/company-submissions",
    permission: "canViewCompanies",
    ready: true,
    badge: "pendingSubmissions",
  },
  {
    label: "Poslovi i kupoprodaja",
    to: "/admin/listings",
    permission: "canViewListings",
    ready: true,
    badge: "pendingListings",
  },
  {
    label: "Forum",
    to: "/admin/forum",
    permission: "canViewForum",
    ready: true,
    badge: "pendingForum",
  },
  { label: "Baneri", to: "/admin/banners", permission: "canViewBanners", ready: true },
  { label: "Analitika", to: "/admin/analytics", permission: "canViewAnalytics", ready: true },
  { label: "Newsletter", to: "/admin/newsletter", permission: "canViewNewsletter", ready: true },
  { label: "Stripe narudžbine", to: "/admin/stripe-orders", permission: "canViewUsers", ready: true },
  { label: "Pop-up", to: "/admin/popup", permission: "canViewPopup", ready: true },
  { label: "Mediji", to: "/admin/media", permission: "canViewMedia", ready: true },
  { label: "Korisnici", to: "/admin/users", permission: "canViewUsers", ready: true },
  { label: "Podešavanja", to: "/admin/settings", permission: "canViewSettings", ready: true },
  { label: "Keš", to: "/admin/cache", permission: "canViewSettings", ready: true },
  { label: "Dnevnik izmena", to: "/admin/audit", permission: "canViewAudit", ready: true },
];

export function navFor(permissions: Record<Permission, boolean>): AdminNavEntry[] {
  return ADMIN_NAV.filter((entry) => entry.ready && permissions[entry.permission]);
}

/**
 * Sticky under the phone's admin bar (layout.tsx: `h-14`, hidden from lg up), so that a sticky
 * bar of a page (the article editor's toolbar) is never covered by it.
 */
export const STICKY_BELOW_ADMIN_BAR = "sticky top-14 lg:top-0";
