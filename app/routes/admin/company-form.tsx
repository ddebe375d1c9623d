import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { blankCompanyInput, CompanyFields, companyToInput } from "~/components/companies/company-fields";
import { useFocusFirstError } from "~/components/ui/field";
import { FormActions } from "~/components/ui/form-actions";
import { Notice } from "~/components/ui/notice";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { COMPANY_CATEGORIES, categoryOptions, currentYear } from "~/domain/companies/constants";
import { createCompany, getCompany, updateCompany } from "~/domain/companies/queries.server";
import {
  COMPANY_FORM_LISTS,
  type CompanyInput,
  companyFormSchema,
  parseList,
} from "~/domain/companies/validation";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { redirectWithFlash } from "~/http/flash.server";
import { parseForm } from "~/http/form";
import { type FieldErrors, listOf, textValue } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/company-form";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Izmena kompanije" : "Nova kompanija"} — Admin panel` },
];

/** The id of /edit/{id}, or null on /new; anything that is not a positive integer is a 404. */
function companyId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseId(params.id);
  if (id === null) throw failure("company.not_found");
  return id;
}

/** Spec §9 defaults: category Transportne Kompanije, year the current year, active. */
function newCompanyValues(): CompanyInput {
  return blankCompanyInput({ services: [], specialties: [], yearEstablished: String(currentYear()) });
}

async function loadCompany(id: number) {
  const company = await getCompany(getDb(), id);
  if (!company) throw failure("company.not_found");
  return company;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "canViewCompanies");
  const id = companyId(params);
  const maxYear = currentYear();
  if (id === null) {
    return { id, values: newCompanyValues(), active: true, maxYear, categories: [...COMPANY_CATEGORIES] };
  }
  const company = await loadCompany(id);
  return {
    id,
    values: companyToInput(company),
    active: company.active,
    maxYear,
    categories: categoryOptions(COMPANY_CATEGORIES, company.category),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const id = companyId(params);
  const form = await request.formData();
  const active = form.get("active") === "on";
  const db = getDb();
  const stored = id === null ? null : await loadCompany(id);
  const schema = companyFormSchema({
    mode: "company",
    categories: categoryOptions(COMPANY_CATEGORIES, stored?.category),
  });
  const parsed = parseForm(schema, form, { lists: COMPANY_FORM_LISTS.company });
  // Text typed into "Usluge"/"Specijalnosti" but not added yet comes back added, by the same rule.
  const values = {
    ...parsed.values,
    services: parseList([...listOf(parsed.values, "services"), textValue(parsed.values, "servicesPending")]),
    specialties: parseList([
      ...listOf(parsed.values, "specialties"),
      textValue(parsed.values, "specialtiesPending"),
    ]),
  };
  if (!parsed.ok) {
    return failure("company.invalid", { fieldErrors: parsed.fieldErrors, values, active });
  }
  let saved: boolean;
  let savedId = id;
  try {
    if (id === null) savedId = await createCompany(db, { ...parsed.data, active });
    saved = id === null ? (savedId ?? 0) > 0 : await updateCompany(db, id, { ...parsed.data, active });
  } catch (error) {
    logger.error({ err: error, companyId: id }, "company save failed");
    return failure("company.save_failed", { fieldErrors: {} as FieldErrors, values, active });
  }
  if (!saved) throw failure("company.not_found");
  await recordAudit(db, {
    actor: user,
    area: "companies",
    action: id === null ? "create" : "update",
    recordId: savedId,
    recordLabel: parsed.data.name,
    ip: context.clientIp,
    changes: changedFields(
      stored as Record<string, unknown> | null,
      { ...parsed.data, active } as unknown as Record<string, unknown>,
    ),
  });
  return redirectWithFlash(request, "/admin/companies", "company.saved");
}

export default function CompanyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { id, maxYear, categories } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const values = actionData?.values ?? loaderData.values;
  const active = actionData?.active ?? loaderData.active;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  return (
    <div className="max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to="/admin/companies" className="text-brand-700 hover:underline">
          ‹ Nazad na kompanije
        </Link>
      </p>
      <PageHeader title={id === null ? "Nova kompanija" : "Izmena kompanije"} />
      <Card className="p-5 sm:p-6">
        <Form ref={formRef} method="post" noValidate className="space-y-5">
          <Notice tone="error" message={actionData?.message} />
          <CompanyFields
            mode="company"
            values={values}
            errors={actionData?.fieldErrors ?? {}}
            categories={categories}
            maxYear={maxYear}
          />
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              name="active"
              defaultChecked={active}
              className="h-4 w-4 rounded border-slate-300 text-brand-600"
            />
            Aktivna (vidljiva u imeniku)
          </label>
          <FormActions
            divided
            cancelTo="/admin/companies"
            saving={saving}
            label={id === null ? "Kreiraj kompaniju" : "Sačuvaj izmene"}
          />
        </Form>
      </Card>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
