/**
 * The 3 job ads of the dynamic newsletter (spec §9). Until the site has job listings, these are
 * the spec's static samples; when listings land, this one function returns the 3 newest approved
 * job listings instead (same shape), and nothing else changes.
 */
import type { DbOrTx } from "~/db/client.server";

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

export async function newsletterJobAds(_db: DbOrTx): Promise<NewsletterJobAd[]> {
  return [...SAMPLE_JOB_ADS];
}
