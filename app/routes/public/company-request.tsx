import { data, Link } from "react-router";
import { blankCompanyInput, CompanyFields } from "~/components/companies/company-fields";
import { layoutCanonicalLinks } from "~/components/public/page-links";
import {
  PublicForm,
  PublicFormPage,
  SentPanel,
  usePublicFormState,
} from "~/components/public/public-form-page";
import { buttonClass } from "~/components/ui/button";
import { COMPANY_CATEGORIES, currentYear } from "~/domain/companies/constants";
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

const EMPTY = blankCompanyInput();

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
  const { sending, formRef } = usePublicFormState(actionData);
  if (actionData?.sent) {
    return (
      <SentPanel
        title="Hvala vam!"
        text="Vaš zahtev je primljen. Naš tim će ga pregledati i, kada ga odobri, kompanija će se pojaviti u imeniku."
      >
        <Link to="/kompanije" className={buttonClass("primary", "md", "mt-6")}>
          Nazad na kompanije
        </Link>
      </SentPanel>
    );
  }
  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <PublicFormPage
      back={{ to: "/kompanije", label: "‹ Sve kompanije" }}
      title="Dodajte svoju kompaniju"
      intro="Popunite podatke o kompaniji. Posle provere objavićemo je u imeniku. Polja sa * su obavezna, a potreban nam je telefon ili e-pošta."
    >
      <PublicForm
        formRef={formRef}
        className="space-y-5"
        message={failed?.message}
        submit="Pošalji zahtev"
        sending={sending}
      >
        <CompanyFields
          mode="public"
          idPrefix="zahtev"
          values={failed?.values ?? EMPTY}
          errors={failed?.fieldErrors ?? {}}
          categories={COMPANY_CATEGORIES}
          maxYear={loaderData.maxYear}
        />
      </PublicForm>
    </PublicFormPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
