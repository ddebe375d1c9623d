import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  looseRef,
  lowercase,
  oneOf,
  parentId,
  serialId,
  stampedAt,
  timestamps,
  trigramIndex,
  tstz,
} from "./columns";
import { companies } from "./companies";
import {
  CDL_CLASSES,
  type Endorsement,
  type EquipmentType,
  HOME_TIMES,
  JOB_POSITIONS,
  LISTING_KINDS,
  LISTING_STATUSES,
  PAY_UNITS,
  ROUTE_TYPES,
  SALE_CATEGORIES,
  SALE_CONDITIONS,
  SCRIPTS,
} from "./listing-values";

export * from "./listing-values";

/**
 * Classified listings: jobs (kind `job`) and buy/sell (kind `sale`) in one table, because they share
 * the whole life cycle — posting, moderation, the 30-day expiry, paid promotion (`featured_until`),
 * the sitemap — and differ only in a few columns (docs/decisions/090). The columns of the other kind
 * stay null; CHECK constraints hold each kind's required ones.
 */
export const listings = pgTable(
  "listings",
  {
    id: serialId(),
    kind: text("kind", { enum: LISTING_KINDS }).notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("pending"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    city: text("city").notNull(),
    /** One of the 50 states, by full name (like companies.state). */
    state: text("state").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),

    // --- job ---
    companyName: text("company_name"),
    /** Optionally linked to a company of the directory; unlinked when the company is deleted. */
    companyId: looseRef("company_id", () => companies.id),
    position: text("position", { enum: JOB_POSITIONS }),
    routeType: text("route_type", { enum: ROUTE_TYPES }),
    equipment: text("equipment").array().$type<EquipmentType[]>().notNull().default(sql`'{}'::text[]`),
    cdlClass: text("cdl_class", { enum: CDL_CLASSES }),
    endorsements: text("endorsements").array().$type<Endorsement[]>().notNull().default(sql`'{}'::text[]`),
    /** Pay in the unit's own terms: dollars per mile/week/year, or percent of the load. */
    payMin: numeric("pay_min", { precision: 10, scale: 2, mode: "number" }),
    payMax: numeric("pay_max", { precision: 10, scale: 2, mode: "number" }),
    payUnit: text("pay_unit", { enum: PAY_UNITS }),
    homeTime: text("home_time", { enum: HOME_TIMES }),
    requirements: text("requirements"),

    // --- buy/sell ---
    saleCategory: text("sale_category", { enum: SALE_CATEGORIES }),
    make: text("make"),
    model: text("model"),
    year: integer("year"),
    mileage: integer("mileage"),
    /** US cents; null is "po dogovoru" (price on request). */
    priceCents: integer("price_cents"),
    condition: text("condition", { enum: SALE_CONDITIONS }),

    // --- life cycle ---
    ...timestamps(),
    approvedAt: tstz("approved_at"),
    /** Set on approval (30 days later) and by a renewal; an approved listing is public until then. */
    expiresAt: tstz("expires_at"),
    /** Paid promotion (the payments issue): shown first and marked "Istaknuto" until then. */
    featuredUntil: tstz("featured_until"),
    /** Promotion days paid for while the listing was not public yet: they start at approval. */
    featuredDaysPending: integer("featured_days_pending").notNull().default(0),
    reviewedAt: tstz("reviewed_at"),
    /** E-mail of the staff member who decided last, kept as text (survives the user's removal). */
    reviewedBy: text("reviewed_by"),
    /** The moderation note (required for a rejection). */
    adminNote: text("admin_note"),

    // --- the poster (docs/decisions/300) ---
    /**
     * The poster's own address (required on the public forms, not shown unless it is also the
     * contact e-mail): the management link and the expiry reminder go there. Null for listings
     * made before it was asked for, and for demo listings.
     */
    posterEmail: text("poster_email"),
    /** The script the poster wrote in (`lat` | `cir`): their e-mails come in it. */
    posterScript: text("poster_script", { enum: SCRIPTS }).notNull().default("lat"),
    /** Marked filled (a job) or sold (buy/sell) by the poster: the page says so, the lists leave it out. */
    filledAt: tstz("filled_at"),
    /** The expiry the reminder e-mail was sent for (a renewal gives a new expiry and a new reminder). */
    remindedFor: tstz("reminded_for"),
    /**
     * A poster's edit of a live listing waits for approval as a row of its own, pointing here at the
     * listing it changes; the public page keeps the approved version until the edit is approved
     * (then it is merged into this listing and removed). One edit per listing.
     */
    revisionOf: integer("revision_of").references((): AnyPgColumn => listings.id, { onDelete: "cascade" }),
    /**
     * What the search looks in, lowercased and without diacritics, kept by the database: the text and
     * what the listing's card shows — the state's name and code, the labels of its category,
     * condition, position, route and equipment (`listing_card_words`, migration 0022, decision 260).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`search_norm(title || ' ' || coalesce(company_name, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || city || ' ' || state || ' ' || listing_card_words(sale_category, condition, position, route_type, equipment, state) || ' ' || description)`,
      ),
    /** The title as the search compares it, for ranking title matches first (decision 200). */
    searchTitle: text("search_title").notNull().generatedAlwaysAs(sql`search_norm(title)`),
  },
  (t) => [
    oneOf("listings_kind_check", t.kind, LISTING_KINDS),
    oneOf("listings_status_check", t.status, LISTING_STATUSES),
    check(
      "listings_job_fields_check",
      sql`${t.kind} <> 'job' or (${t.companyName} is not null and ${t.position} is not null)`,
    ),
    check(
      "listings_sale_fields_check",
      sql`${t.kind} <> 'sale' or (${t.saleCategory} is not null and ${t.condition} is not null)`,
    ),
    check("listings_contact_check", sql`${t.contactPhone} is not null or ${t.contactEmail} is not null`),
    check(
      "listings_approved_expiry_check",
      sql`${t.status} not in ('approved', 'expired') or ${t.expiresAt} is not null`,
    ),
    check("listings_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "listings_pay_check",
      sql`${t.payMax} is null or ${t.payMin} is null or ${t.payMax} >= ${t.payMin}`,
    ),
    check("listings_featured_days_check", sql`${t.featuredDaysPending} >= 0`),
    oneOf("listings_poster_script_check", t.posterScript, SCRIPTS),
    lowercase("listings_poster_email_lower", t.posterEmail),
    uniqueIndex("listings_revision_of_key").on(t.revisionOf),
    // The expiry reminder: live listings with a poster, by their expiry.
    index("listings_remind_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'approved' and ${t.posterEmail} is not null and ${t.filledAt} is null`),
    // The public lists: approved listings of a kind, newest approval first.
    index("listings_public_idx").on(t.kind, t.approvedAt.desc()).where(sql`${t.status} = 'approved'`),
    // The admin tabs: a status, newest posting first.
    index("listings_status_created_idx").on(t.status, t.kind, t.createdAt.desc()),
    // The expiry job: approved listings by their expiry.
    index("listings_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'approved'`),
    index("listings_state_idx").on(t.kind, t.state),
    index("listings_equipment_idx").using("gin", t.equipment),
    trigramIndex("listings_search_text_trgm_idx", t.searchText),
  ],
);

/**
 * The photos of a buy/sell listing (at most 8), in their order. The objects live in the `images`
 * bucket under a key that carries their size, with WebP variants beside them (decision 011); demo
 * listings may share an object, so one is removed only when no row references it any more.
 */
export const listingPhotos = pgTable(
  "listing_photos",
  {
    id: serialId(),
    listingId: parentId("listing_id", () => listings.id),
    position: integer("position").notNull(),
    /** The object key in the `images` bucket. */
    key: text("key").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    createdAt: stampedAt("created_at"),
  },
  (t) => [
    uniqueIndex("listing_photos_listing_position_key").on(t.listingId, t.position),
    index("listing_photos_key_idx").on(t.key),
  ],
);

/**
 * The poster's management links of a listing (docs/decisions/300): each link is a long random
 * token, signed, of which only the SHA-256 is kept here. A listing may have several live links (the
 * one sent after posting, the one in the expiry reminder); asking for a new link revokes the others.
 */
export const listingManageLinks = pgTable(
  "listing_manage_links",
  {
    id: serialId(),
    listingId: parentId("listing_id", () => listings.id),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull(),
    createdAt: stampedAt("created_at"),
    revokedAt: tstz("revoked_at"),
    lastUsedAt: tstz("last_used_at"),
  },
  (t) => [
    uniqueIndex("listing_manage_links_token_key").on(t.tokenHash),
    index("listing_manage_links_listing_idx").on(t.listingId),
  ],
);
