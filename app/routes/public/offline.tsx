import type { Route } from "./+types/offline";

/**
 * `/bez-mreze` (and `/cir/bez-mreze`): "Niste na mreži". The service worker keeps this page and
 * shows it, with its lists filled in (`offlinePageHtml`, app/public-client/offline/rules.ts), for
 * any address it does not keep while the network does not answer (docs/decisions/310). Served by
 * the server it shows only the note for an empty device.
 */
export function headers() {
  return { "Cache-Control": "public, max-age=300" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Niste na mreži — Balkan Vozači" },
  { name: "robots", content: "noindex" },
];

const SECTIONS = [
  { id: "saved", title: "Sačuvano za čitanje bez mreže" },
  { id: "latest", title: "Najnovije vesti" },
  { id: "recent", title: "Nedavno čitano" },
] as const;

export default function OfflineRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Niste na mreži</h1>
      <p className="mt-3 text-slate-700">
        Ova stranica nije sačuvana na ovom uređaju, a veza sa internetom trenutno ne radi. Kada se veza vrati,
        osvežite stranicu.
      </p>
      <p data-offline-empty="" className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-700">
        Kad sajt otvarate uz vezu, najnovije vesti i članci koje ste čitali čuvaju se na ovom uređaju, pa ih
        ovde možete naći i bez mreže.
      </p>
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          data-offline-section={section.id}
          hidden
          aria-labelledby={`bez-mreze-${section.id}`}
          className="mt-8"
        >
          <h2 id={`bez-mreze-${section.id}`} className="text-lg font-bold text-slate-900">
            {section.title}
          </h2>
          <ul data-offline-list={section.id} className="mt-3 space-y-2 border-l-2 border-brand-100 pl-4" />
        </section>
      ))}
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
