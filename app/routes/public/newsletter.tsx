import { data } from "react-router";
import { NewsletterSignup } from "~/components/public/newsletter-signup";
import { layoutCanonicalLinks } from "~/components/public/page-links";
import { getContacts, getDb } from "~/services.server";
import type { Route } from "./+types/newsletter";
import { subscribe } from "./newsletter-signup.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "Newsletter — Balkan Vozači" },
  {
    name: "description",
    content:
      "Prijavite se na newsletter Balkan Vozači: najvažnije vesti, oglasi i poslovi za balkanske vozače u Americi.",
  },
  ...layoutCanonicalLinks(matches, "/newsletter"),
];

/** The signup of the footer and of this page (a form post; in place with JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await subscribe(getDb(), getContacts(), form, context.clientIp ?? null);
  return data(result, { status: result.status });
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Newsletter</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
          Vesti za vozače, direktno u inbox
        </h1>
        <p className="mt-3 text-slate-600">
          Najvažnije vesti iz zajednice, novi oglasi i poslovi za balkanske vozače u Americi. Bez spama — a
          odjava je moguća jednim klikom iz svakog email-a.
        </p>
        <div className="mt-6">
          <NewsletterSignup idPrefix="newsletter-page" initial={actionData ?? null} />
        </div>
        <ul className="mt-6 space-y-2 text-sm text-slate-600">
          <li>✓ Izbor najčitanijih vesti iz Amerike i sa Balkana</li>
          <li>✓ Oglasi za posao i prilike za owner-operatore</li>
          <li>✓ Vašu adresu ne delimo ni sa kim</li>
        </ul>
      </div>
    </div>
  );
}
