import { data, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { BrandName } from "~/components/brand-name";
import { ErrorPage } from "~/components/error-page";
import { FeaturedMark } from "~/components/listings/listing-card";
import {
  ContactBar,
  ContactLinks,
  FactList,
  ListingGallery,
  TextSection,
} from "~/components/listings/listing-parts";
import { PromotionOffers } from "~/components/payments/promotion-offers";
import { Breadcrumbs } from "~/components/public/breadcrumbs";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import {
  formatPay,
  formatPlace,
  formatPrice,
  listingKindOfPath,
  listingParam,
  listingPath,
  parseListingParam,
} from "~/domain/listings/format";
import {
  jobFacts,
  jobPostingJsonLd,
  saleFacts,
  saleJsonLd,
  serializeJsonLd,
} from "~/domain/listings/json-ld";
import { getListing, linkedCompany } from "~/domain/listings/listings.server";
import { KIND_SECTIONS, type ListingKind } from "~/domain/listings/options";
import { newLinkPath } from "~/domain/listings/owner-rules";
import { isFeatured, publicAvailability } from "~/domain/listings/rules";
import { promotionOffers } from "~/domain/orders/checkout.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { formatLongDate } from "~/lib/dates";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/listing";

/**
 * `/poslovi/{slug}-{id}` and `/kupoprodaja/{slug}-{id}`: one live listing. Another form of the URL
 * (bare id, an old slug) answers 301 with the canonical one; a listing that was public and expired
 * is 410 Gone; one that never was public (pending, rejected), of the other kind, or missing is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = listingKindOfPath(new URL(request.url).pathname);
  const id = parseListingParam(params.param);
  if (id === null) throw data(null, { status: 404 });
  const db = getDb();
  const listing = await getListing(db, id);
  const availability = publicAvailability(listing?.kind === kind ? listing : null);
  if (availability === "missing" || !listing) throw data(null, { status: 404 });
  if (availability === "expired") throw data({ kind, id: listing.id }, { status: 410 });
  if (params.param !== listingParam(listing)) throw redirect(listingPath(listing), 301);

  const [settings, company, promotion] = await Promise.all([
    getCachedSettings(db),
    linkedCompany(db, listing.companyId),
    // Paid promotion (docs/decisions/130): offered only when card payments are configured.
    promotionOffers(db, getPayments(), { id: listing.id, kind: listing.kind, public: true }),
  ]);
  const origin = publicOrigin(request);
  const canonicalUrl = `${origin}${listingPath(listing)}`;
  const ctx = {
    url: canonicalUrl,
    origin,
    siteName: settings.siteName,
    companyWebsite: company?.website,
    companyLogo: company?.logo,
  };
  // A listing its poster marked filled or sold is no offer any more: no JobPosting or Offer for it.
  const jsonLd =
    listing.filledAt === null
      ? serializeJsonLd(listing.kind === "job" ? jobPostingJsonLd(listing, ctx) : saleJsonLd(listing, ctx))
      : null;
  const firstPhoto = listing.photos[0]?.url;
  return {
    listing,
    company: company ? { id: company.id, name: company.name } : null,
    featured: isFeatured(listing.featuredUntil),
    canonicalUrl,
    imageUrl: firstPhoto ? `${origin}${firstPhoto}` : null,
    siteName: settings.siteName,
    jsonLd,
    offers: listing.filledAt === null ? promotion.offers : [],
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "Oglas nije dostupan — Balkan Vozači" }];
  const { listing, canonicalUrl, imageUrl, siteName } = d;
  const section = KIND_SECTIONS[listing.kind].title;
  const summary =
    listing.kind === "job"
      ? `${listing.companyName} · ${formatPlace(listing.city, listing.state)}`
      : `${formatPrice(listing.priceCents)} · ${formatPlace(listing.city, listing.state)}`;
  const description = `${summary}. ${listing.description}`.replace(/\s+/g, " ").slice(0, 160);
  const tags = [
    { title: `${listing.title} — ${section} — ${siteName}` },
    { name: "description", content: description },
    ...canonicalLinks(canonicalUrl),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "sr_RS" },
    { property: "og:title", content: listing.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
  ];
  if (imageUrl) tags.push({ property: "og:image", content: imageUrl });
  return tags;
};

// Long: one flat page layout (gallery, facts, text sections, side column with offers, contact bar) of listing-parts.
export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, company, featured, jsonLd, offers } = loaderData;
  const filled = listing.filledAt !== null;
  const section = KIND_SECTIONS[listing.kind];
  const isJob = listing.kind === "job";
  const pay = isJob ? formatPay(listing.payMin, listing.payMax, listing.payUnit) : null;
  const facts = isJob ? jobFacts(listing) : saleFacts(listing);
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-6 sm:pt-8 lg:pb-8">
      {jsonLd ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (serializeJsonLd), built on the server
          dangerouslySetInnerHTML={{ __html: jsonLd }}
        />
      ) : null}
      <Breadcrumbs
        steps={[
          { label: "Početna", to: "/" },
          { label: section.title, to: section.path },
        ]}
      />

      {filled ? (
        <p
          role="status"
          className="mt-3 rounded-xl bg-slate-800 px-4 py-3 font-semibold text-white"
          data-testid="listing-filled"
        >
          {isJob ? "Ovaj posao je popunjen." : "Prodato."} Oglas ostaje vidljiv do isteka, ali više nije
          aktuelan.
        </p>
      ) : null}
      <header className="mt-3">
        {featured && !filled ? <FeaturedMark /> : null}
        <h1 className="mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{listing.title}</h1>
        {isJob ? (
          <p className="mt-1 font-medium text-brand-700">
            {company ? (
              <Link to={`/kompanije/${company.id}`} className="hover:underline">
                <BrandName name={listing.companyName ?? ""} />
              </Link>
            ) : (
              <BrandName name={listing.companyName ?? ""} />
            )}
          </p>
        ) : null}
        <p className="mt-1 text-slate-600">{formatPlace(listing.city, listing.state)}</p>
        <p className="mt-2 text-xl font-bold text-emerald-700">
          {isJob ? pay : formatPrice(listing.priceCents)}
        </p>
      </header>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0">
          <ListingGallery photos={listing.photos} title={listing.title} />
          <div className={listing.photos.length > 0 ? "mt-5" : ""}>
            <FactList facts={facts} />
          </div>
          <TextSection title={isJob ? "Opis posla" : "Opis"}>{listing.description}</TextSection>
          {isJob && listing.requirements ? (
            <TextSection title="Uslovi">{listing.requirements}</TextSection>
          ) : null}
          <p className="mt-6 text-sm text-slate-500">
            Objavljeno {formatLongDate(listing.approvedAt)} · važi do {formatLongDate(listing.expiresAt)} ·
            oglas br. {listing.id}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            Vaš oglas? Menjate ga preko privatnog linka iz e-pošte.{" "}
            <Link to={newLinkPath(listing.id)} className="text-brand-700 underline">
              Izgubili ste link?
            </Link>
          </p>
        </div>
        <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start" aria-label="Kontakt i saveti">
          <ContactLinks
            name={listing.contactName}
            phone={listing.contactPhone}
            email={listing.contactEmail}
            subject={`Oglas: ${listing.title}`}
          />
          <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
            {isJob
              ? "Pre početka rada proverite kompaniju (MC/DOT broj) i tražite uslove u pisanom obliku."
              : "Ne plaćajte unapred pre nego što vidite vozilo ili robu i proverite dokumenta (title, VIN)."}
          </p>
          <PromotionOffers listingId={listing.id} token={null} offers={offers} />
          <Link to={section.path} className="text-sm font-medium text-brand-700 hover:underline">
            ‹ {isJob ? "Svi poslovi" : "Svi oglasi kupoprodaje"}
          </Link>
        </aside>
      </div>
      {filled ? null : (
        <ContactBar
          phone={listing.contactPhone}
          email={listing.contactEmail}
          subject={`Oglas: ${listing.title}`}
        />
      )}
    </div>
  );
}

/** 410 for an expired listing (with the way back to its list), the site's error page otherwise. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 410) {
    const gone = isRouteErrorResponse(error)
      ? (error.data as { kind?: ListingKind; id?: number } | null)
      : null;
    const kind = gone?.kind ?? "job";
    const section = KIND_SECTIONS[kind];
    return (
      <div>
        <ErrorPage status={410} message="Ovaj oglas je istekao i više nije aktivan." />
        <p className="-mt-8 pb-12 text-center">
          <Link to={section.path} className="font-medium text-brand-700 underline">
            Pogledajte aktuelne oglase ({section.title})
          </Link>
        </p>
        {gone?.id ? (
          <p className="-mt-8 px-4 pb-12 text-center text-sm text-slate-600">
            Vaš oglas? Obnovite ga preko linka iz e-pošte.{" "}
            <Link to={newLinkPath(gone.id)} className="text-brand-700 underline">
              Izgubili ste link?
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  return <ErrorPage status={status} />;
}
