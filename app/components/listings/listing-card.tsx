import { Link } from "react-router";
import { BrandName } from "~/components/brand-name";
import { formatPay, formatPrice, jobSubtitle, listingPath, saleSubtitle } from "~/domain/listings/format";
import { EQUIPMENT_LABELS, POSITION_LABELS } from "~/domain/listings/options";
import type { ListingCard } from "~/domain/listings/types";
import { thumbnailUrl } from "~/domain/media/responsive";
import { formatDate } from "~/lib/dates";

/** The "Istaknuto" mark of a promoted listing. */
export function FeaturedMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      <span aria-hidden="true">★</span> Istaknuto
    </span>
  );
}

function Chip({ children }: { children: React.ReactNode }) {
  return <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">{children}</li>;
}

/** A job in a list: the whole card is one link (big tap target on a phone). */
export function JobCard({ job, headingLevel = 2 }: { job: ListingCard; headingLevel?: 2 | 3 }) {
  const pay = formatPay(job.payMin, job.payMax, job.payUnit);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link
      to={listingPath(job)}
      className={`flex h-full flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm transition hover:shadow ${
        job.featured ? "border-amber-300 ring-1 ring-amber-200" : "border-slate-200 hover:border-brand-300"
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="font-semibold leading-snug text-slate-900">{job.title}</Heading>
          <p className="text-sm font-medium text-brand-700">
            <BrandName name={job.companyName ?? ""} />
          </p>
        </div>
        {job.featured ? <FeaturedMark /> : null}
      </div>
      <p className="text-sm text-slate-600">{jobSubtitle(job)}</p>
      {pay ? <p className="text-sm font-semibold text-emerald-700">{pay}</p> : null}
      <ul className="mt-auto flex flex-wrap gap-1.5 pt-1" aria-label="Detalji">
        {job.position ? <Chip>{POSITION_LABELS[job.position]}</Chip> : null}
        {job.equipment.slice(0, 3).map((e) => (
          <Chip key={e}>{EQUIPMENT_LABELS[e]}</Chip>
        ))}
      </ul>
      {job.approvedAt ? (
        <p className="text-xs text-slate-500">Objavljeno {formatDate(job.approvedAt)}</p>
      ) : null}
    </Link>
  );
}

/** A buy/sell item in a list: photo (the smallest WebP variant), title, price, facts. */
export function SaleCard({ sale, eager = false }: { sale: ListingCard; eager?: boolean }) {
  return (
    <Link
      to={listingPath(sale)}
      className={`flex h-full gap-3 overflow-hidden rounded-xl border bg-white p-3 shadow-sm transition hover:shadow sm:flex-col sm:p-0 ${
        sale.featured ? "border-amber-300 ring-1 ring-amber-200" : "border-slate-200 hover:border-brand-300"
      }`}
    >
      <div className="relative aspect-[4/3] w-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-full sm:rounded-none">
        {sale.photoUrl ? (
          <img
            src={thumbnailUrl(sale.photoUrl)}
            alt=""
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-1 text-slate-400">
            <svg
              viewBox="0 0 24 24"
              className="h-8 w-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              aria-hidden="true"
            >
              <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" strokeLinejoin="round" />
              <circle cx="7" cy="17.5" r="1.5" />
              <circle cx="17" cy="17.5" r="1.5" />
            </svg>
            <span className="text-xs text-slate-600">Bez fotografije</span>
          </div>
        )}
        {sale.featured ? (
          <span className="absolute left-2 top-2 hidden sm:inline-flex">
            <FeaturedMark />
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:p-4 sm:pt-0">
        {sale.featured ? (
          <span className="sm:hidden">
            <FeaturedMark />
          </span>
        ) : null}
        <h2 className="font-semibold leading-snug text-slate-900">{sale.title}</h2>
        <p className="text-base font-bold text-emerald-700">{formatPrice(sale.priceCents)}</p>
        <p className="text-sm text-slate-600">{saleSubtitle(sale)}</p>
      </div>
    </Link>
  );
}
