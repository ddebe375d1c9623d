import { useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CompanyFields } from "~/components/companies/company-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { layoutCanonicalLinks } from "~/components/public/page-links";
import { buttonClass } from "~/components/ui/button";
import { useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { COMPANY_CATEGORIES, currentYear, DEFAULT_COMPANY_CATEGORY } from "~/domain/companies/constants";
import type { CompanyInput } from "~/domain/companies/validation";
import { getDb } from "~/services.server";
import type { Route } from "./+types/company-request";
import { submitCompanyRequest } from "./company-request.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: "Dodajte svoju kompaniju — Balkan Vozači" },
  {
    name: "description",
    content: "Pošaljite podatke o svojoj kompaniji; posle provere objavljujemo je u imeniku kompanija.",
  },
  ...layoutCanonicalLinks(matches, "/kompanije/nova"),
];

const EMPTY: CompanyInput = {
  name: "",
  description: "",
  location: "",
  state: "",
  phone: "",
  email: "",
  website: "",
  logo: "",
  category: DEFAULT_COMPANY_CATEGORY,
  services: "",
  yearEstablished: "",
  fleetSize: "",
  specialties: "",
};

export function loader() {
  return { maxYear: currentYear() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitCompanyRequest(getDb(), await request.formData(), context.clientIp ?? null);
  if (result.ok) return { sent: true as const };
  const values = { ...EMPTY, ...(result.values as Partial<CompanyInput>), logo: "" };
  return data(
    { sent: false as const, message: result.message, fieldErrors: result.fieldErrors, values },
    { status: result.status },
  );
}

export default function CompanyRequest({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  if (actionData?.sent) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10 text-center">
        <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-8">
          <h1 className="text-2xl font-bold text-emerald-900">Hvala vam!</h1>
          <p className="mt-2 text-emerald-900">
            Vaš zahtev je primljen. Naš tim će ga pregledati i, kada ga odobri, kompanija će se pojaviti u
            imeniku.
          </p>
        </div>
        <Link to="/kompanije" className={buttonClass("primary", "md", "mt-6")}>
          Nazad na kompanije
        </Link>
      </div>
    );
  }
  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to="/kompanije" className="text-brand-700 hover:underline">
          ‹ Sve kompanije
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Dodajte svoju kompaniju</h1>
      <p className="mt-1 text-slate-600">
        Popunite podatke o kompaniji. Posle provere objavićemo je u imeniku. Polja sa * su obavezna, a
        potreban nam je telefon ili email.
      </p>
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-5 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <Notice tone="error" message={failed?.message} />
        <HoneypotField />
        <CompanyFields
          mode="public"
          idPrefix="zahtev"
          values={failed?.values ?? EMPTY}
          errors={failed?.fieldErrors ?? {}}
          categories={COMPANY_CATEGORIES}
          maxYear={loaderData.maxYear}
        />
        <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")} disabled={sending}>
          {sending ? "Slanje…" : "Pošalji zahtev"}
        </button>
      </Form>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
