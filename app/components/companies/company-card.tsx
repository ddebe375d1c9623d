import { Link } from "react-router";
import { BrandName } from "~/components/brand-name";
import type { CompanyListRow } from "~/domain/companies/queries.server";
import { CompanyLogo } from "./company-logo";

/** One company of the public directory (`/kompanije`), linking to its page. */
export function CompanyCard({
  company: c,
  defaultImage,
  eager,
}: {
  company: CompanyListRow;
  defaultImage: string | null;
  eager: boolean;
}) {
  return (
    <Link
      to={`/kompanije/${c.id}`}
      className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
    >
      <CompanyLogo
        logo={c.logo}
        fallback={defaultImage}
        name={c.name}
        eager={eager}
        className="h-14 w-14 shrink-0 rounded-lg border border-slate-100"
      />
      <div className="min-w-0">
        <h2 className="font-semibold text-slate-900">
          <BrandName name={c.name} />
        </h2>
        {c.category ? (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{c.category}</p>
        ) : null}
        <p className="mt-1 text-sm text-slate-600">{[c.location, c.state].filter(Boolean).join(", ")}</p>
        {c.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{c.description}</p> : null}
      </div>
    </Link>
  );
}
