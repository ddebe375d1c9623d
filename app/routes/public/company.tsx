import { data, Link } from "react-router";
import { AddressText } from "~/components/address-text";
import { BrandName } from "~/components/brand-name";
import { CompanyLogo } from "~/components/companies/company-logo";
import { ErrorPage } from "~/components/error-page";
import { getCompany } from "~/domain/companies/queries.server";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/company";

export async function loader({ params }: Route.LoaderArgs) {
  // Only an id in range: anything else (and inactive or missing companies) is a 404.
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const db = getDb();
  const [company, settings] = await Promise.all([
    getCompany(db, id, { activeOnly: true }),
    getCachedSettings(db),
  ]);
  if (!company) throw data(null, { status: 404 });
  const origin = publicOrigin();
  return { company, defaultImage: settings.defaultCompanyImage, origin };
}

type CompanyData = Route.ComponentProps["loaderData"]["company"];

/** tel: links want the digits (and a leading +) only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

const absolute = (origin: string, url: string | null) => (url?.startsWith("/") ? `${origin}${url}` : url);

/** schema.org Organization for search engines. */
function organizationJsonLd(c: CompanyData, origin: string, defaultImage: string | null) {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: c.name,
    url: c.website ?? `${origin}/kompanije/${c.id}`,
  };
  if (c.description) ld.description = c.description;
  if (c.phone) ld.telephone = c.phone;
  if (c.email) ld.email = c.email;
  const logo = absolute(origin, c.logo ?? defaultImage);
  if (logo) ld.logo = logo;
  if (c.yearEstablished) ld.foundingDate = String(c.yearEstablished);
  if (c.location || c.state) {
    ld.address = {
      "@type": "PostalAddress",
      ...(c.location ? { addressLocality: c.location } : {}),
      ...(c.state ? { addressRegion: c.state } : {}),
      addressCountry: "US",
    };
  }
  if (c.services.length) ld.knowsAbout = [...c.services, ...c.specialties];
  return ld;
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "Kompanija nije pronađena — Balkan Vozači" }];
  const c = d.company;
  const where = [c.location, c.state].filter(Boolean).join(", ");
  return [
    { title: `${c.name} — Kompanije — Balkan Vozači` },
    {
      name: "description",
      content: (
        c.description ?? `${c.name}${c.category ? `, ${c.category}` : ""}${where ? `, ${where}` : ""}`
      ).slice(0, 160),
    },
    { property: "og:title", content: c.name },
    ...canonicalLinks(`${d.origin}/kompanije/${c.id}`),
    { "script:ld+json": organizationJsonLd(c, d.origin, d.defaultImage) },
  ];
};

function ContactLink({ href, label, children }: { href: string; label: string; children: React.ReactNode }) {
  const external = href.startsWith("http");
  return (
    <a
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
      className="flex min-h-12 items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 shadow-sm hover:border-brand-300"
    >
      <span className="w-16 shrink-0 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {label}
      </span>
      <span className="min-w-0 break-words font-medium text-brand-700">{children}</span>
    </a>
  );
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company: c, defaultImage } = loaderData;
  const where = [c.location, c.state].filter(Boolean).join(", ");
  const facts = [
    c.yearEstablished ? { label: "Osnovana", value: `${c.yearEstablished}.` } : null,
    c.fleetSize ? { label: "Flota", value: c.fleetSize } : null,
    where ? { label: "Lokacija", value: where } : null,
  ].filter((x): x is { label: string; value: string } => x !== null);
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to="/kompanije" className="text-brand-700 hover:underline">
          ‹ Sve kompanije
        </Link>
      </p>
      <header className="mt-3 flex items-center gap-4">
        <CompanyLogo
          logo={c.logo}
          fallback={defaultImage}
          name={c.name}
          eager
          className="h-20 w-20 shrink-0 rounded-xl border border-slate-200"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            <BrandName name={c.name} />
          </h1>
          {c.category ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{c.category}</p>
          ) : null}
        </div>
      </header>

      {c.phone || c.email || c.website ? (
        <section aria-label="Kontakt" className="mt-5 grid gap-2 sm:grid-cols-2">
          {c.phone ? (
            <ContactLink href={telHref(c.phone)} label="Pozovi">
              {c.phone}
            </ContactLink>
          ) : null}
          {c.email ? (
            <ContactLink href={`mailto:${c.email}`} label="E-pošta">
              <AddressText address={c.email} />
            </ContactLink>
          ) : null}
          {c.website ? (
            <ContactLink href={c.website} label="Sajt">
              <AddressText address={c.website.replace(/^https?:\/\//, "").replace(/\/$/, "")} />
            </ContactLink>
          ) : null}
        </section>
      ) : null}

      {facts.length ? (
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {facts.map((f) => (
            <div key={f.label} className="rounded-xl bg-slate-100 px-4 py-3">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{f.label}</dt>
              <dd className="mt-1 font-medium text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {c.description ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">O kompaniji</h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{c.description}</p>
        </section>
      ) : null}
      {c.services.length ? <Chips title="Usluge" items={c.services} /> : null}
      {c.specialties.length ? <Chips title="Specijalnosti" items={c.specialties} /> : null}
    </article>
  );
}

function Chips({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item}
            className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 ring-1 ring-brand-200"
          >
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
