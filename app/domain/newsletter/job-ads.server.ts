/**
 * The 3 job ads of the dynamic newsletter (spec §9): the 3 newest approved, live job listings;
 * the spec's static samples only while the site has no live job at all.
 */
import type { DbOrTx } from "~/db/client.server";
import { formatPay } from "~/domain/listings/format";
import { latestApprovedJobs } from "~/domain/listings/listings.server";
import { ROUTE_TYPE_LABELS } from "~/domain/listings/options";

export type NewsletterJobAd = {
  title: string;
  company: string;
  location: string;
  pay: string;
  description: string;
  /** A path on our site (made absolute when the e-mail is rendered). */
  path: string;
};

export const SAMPLE_JOB_ADS: readonly NewsletterJobAd[] = [
  {
    title: "CDL-A vozač – OTR",
    company: "Midwest Freight Lines",
    location: "Chicago, IL",
    pay: "0,70–0,75 $ po milji",
    description: "Nove Freightliner Cascadia, 2–3 nedelje na putu, bonus za potpisivanje 3.000 $.",
    path: "/poslovi",
  },
  {
    title: "Owner operator – dedicated ruta",
    company: "Lakeside Logistics",
    location: "Indianapolis, IN",
    pay: "88 % od tovara",
    description: "Stalni tovari Indiana–Teksas, bez prinude na dispečera, plaćanje svake nedelje.",
    path: "/poslovi",
  },
  {
    title: "Regionalni vozač – kući svakog vikenda",
    company: "Balkan Express Inc.",
    location: "St. Louis, MO",
    pay: "1.600–1.900 $ nedeljno",
    description: "Suvi tovari po Srednjem zapadu, zdravstveno osiguranje i plaćen odmor.",
    path: "/poslovi",
  },
];

export const NEWSLETTER_JOB_ADS = 3;

export async function newsletterJobAds(db: DbOrTx, now = new Date()): Promise<NewsletterJobAd[]> {
  const jobs = await latestApprovedJobs(db, NEWSLETTER_JOB_ADS, now);
  if (jobs.length === 0) return [...SAMPLE_JOB_ADS];
  return jobs.map((job) => ({
    title: job.title,
    company: job.companyName,
    location: [job.city, job.state].filter(Boolean).join(", "),
    pay: formatPay(job.payMin, job.payMax, job.payUnit) ?? "Po dogovoru",
    description: job.routeType
      ? `${ROUTE_TYPE_LABELS[job.routeType]}. Detalji u oglasu.`
      : "Detalji u oglasu.",
    path: job.path,
  }));
}
