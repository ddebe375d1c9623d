import { Link } from "react-router";
import { BrandName } from "~/components/brand-name";
import { formatPay, formatPlace } from "~/domain/listings/format";
import type { LatestJob } from "~/domain/listings/listings.server";
import { ROUTE_TYPE_LABELS } from "~/domain/listings/options";

/**
 * The home page's "Najnoviji poslovi": the newest approved jobs (latestApprovedJobs), each a link
 * to its page, with the way to all jobs and to post one. Self-contained, so the home page only
 * loads the rows and places this section.
 */
export function NewestJobs({ jobs }: { jobs: readonly LatestJob[] }) {
  return (
    <section aria-labelledby="najnoviji-poslovi">
      <div className="flex items-baseline justify-between gap-4 border-b-2 border-brand-600 pb-2">
        <h2 id="najnoviji-poslovi" className="text-xl font-bold text-slate-900">
          Najnoviji poslovi
        </h2>
        <Link to="/poslovi" className="text-sm font-medium text-brand-700 hover:text-brand-900">
          Svi poslovi →
        </Link>
      </div>
      {jobs.length === 0 ? (
        <p className="mt-4 text-slate-600">
          Trenutno nema otvorenih poslova.{" "}
          <Link to="/poslovi/novi" className="font-medium text-brand-700 underline">
            Objavite oglas za posao
          </Link>
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {jobs.map((job) => {
            const pay = formatPay(job.payMin, job.payMax, job.payUnit);
            return (
              <li key={job.id}>
                <Link
                  to={job.path}
                  className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:shadow"
                >
                  <h3 className="font-semibold leading-snug text-slate-900">{job.title}</h3>
                  <p className="text-sm font-medium text-brand-700">
                    <BrandName name={job.companyName ?? ""} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {[
                      job.routeType ? ROUTE_TYPE_LABELS[job.routeType] : null,
                      formatPlace(job.city, job.state),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {pay ? <p className="text-sm font-semibold text-emerald-700">{pay}</p> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
