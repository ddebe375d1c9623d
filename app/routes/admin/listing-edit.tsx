import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { JobFields, SaleFields } from "~/components/listings/listing-fields";
import { Badge } from "~/components/ui/badge";
import { SelectField, useFocusFirstError } from "~/components/ui/field";
import { FormActions } from "~/components/ui/form-actions";
import { Notice } from "~/components/ui/notice";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { listingToValues } from "~/domain/listings/form-values";
import { companyChoices, getListing } from "~/domain/listings/listings.server";
import { KIND_LABELS, MAX_PHOTOS, STATUS_LABELS } from "~/domain/listings/options";
import { PHOTO_MAX_BYTES } from "~/domain/listings/photos.server";
import { maxModelYear } from "~/domain/listings/validation";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { redirectWithFlash } from "~/http/flash.server";
import { formValues } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { formReadStatus, type ReceivedForm, readPostedForm } from "~/lib/multipart.server";
import { getDb, getStorage, getUploadDir } from "~/services.server";
import type { Route } from "./+types/listing-edit";
import { saveListingEdit } from "./listing-edit.server";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.listing.title ?? "Oglas"} — izmena — Admin panel` },
];

/** The tab a listing of this status is listed under (the editor returns there). */
const TAB_OF = { pending: "", approved: "odobreno", rejected: "odbijeno", expired: "isteklo" } as const;

async function load(request: Request, params: { id?: string }) {
  const user = await requirePermission(request, "canViewListings");
  const id = parseId(params.id);
  if (id === null) throw failure("listing.not_found");
  const db = getDb();
  const listing = await getListing(db, id);
  if (!listing) throw failure("listing.not_found");
  const companies = listing.kind === "job" ? await companyChoices(db) : [];
  return { id, listing, companies, user };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { listing, companies } = await load(request, params);
  return { listing, companies, values: listingToValues(listing), maxYear: maxModelYear() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, listing, companies, user } = await load(request, params);
  let form: ReceivedForm;
  try {
    form = await readPostedForm(request, {
      files: { photos: { maxCount: MAX_PHOTOS, maxBytes: PHOTO_MAX_BYTES } },
      tmpDir: getUploadDir(),
    });
  } catch (error) {
    const status = formReadStatus(error);
    if (status === 500) logger.error({ err: error, id }, "listing edit body could not be received");
    const shown = { fieldErrors: {}, values: listingToValues(listing) };
    return status === 413
      ? failure("listing.too_large", shown)
      : failure("listing.action_failed", { ...shown, status });
  }
  try {
    if (form.busy) {
      return failure("listing.busy", {
        fieldErrors: {},
        values: formValues(form.fields),
        headers: { "Retry-After": "60" },
      });
    }
    const result = await saveListingEdit(
      getDb(),
      getStorage(),
      id,
      form.fields,
      form.files,
      new Set(companies.map((c) => c.id)),
    );
    if (result.ok) {
      await recordAudit(getDb(), {
        actor: user,
        area: "listings",
        action: "update",
        recordId: id,
        recordLabel: form.fields.get("title") ?? listing.title,
        ip: context.clientIp,
        changes: changedFields(
          { title: listing.title, description: listing.description },
          { title: form.fields.get("title") ?? "", description: form.fields.get("description") ?? "" },
        ),
      });
      const tab = TAB_OF[listing.status];
      throw redirectWithFlash(request, `/admin/listings${tab ? `?status=${tab}` : ""}`, "listing.saved");
    }
    const { code, status, fieldErrors, values } = result;
    if (code === "listing.not_found" && status === undefined) throw failure(code);
    return failure(code, { fieldErrors, values, ...(status ? { status } : {}) });
  } finally {
    await form.cleanup();
  }
}

export default function ListingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, companies, maxYear } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  const values = actionData?.values ?? loaderData.values;
  const fieldProps = { values, errors: actionData?.fieldErrors ?? {}, idPrefix: `oglas-${listing.id}` };
  const back = `/admin/listings${TAB_OF[listing.status] ? `?status=${TAB_OF[listing.status]}` : ""}`;
  return (
    <div className="max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to={back} className="text-brand-700 hover:underline">
          ‹ Poslovi i kupoprodaja
        </Link>
      </p>
      <PageHeader
        title="Izmena oglasa"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge tone="brand">{KIND_LABELS[listing.kind]}</Badge>
            <Badge>{STATUS_LABELS[listing.status]}</Badge>
            <span>Oglas br. {listing.id}. Izmene ne menjaju status ni datume.</span>
          </span>
        }
      />
      <Card className="p-4 sm:p-6">
        <Form
          ref={formRef}
          method="post"
          encType={listing.kind === "sale" ? "multipart/form-data" : undefined}
          noValidate
          className="space-y-5"
        >
          <Notice tone="error" message={actionData?.message} />
          {listing.kind === "job" ? (
            <JobFields
              {...fieldProps}
              companyChoice={
                <SelectField
                  {...fieldProps}
                  name="companyId"
                  label="Kompanija iz imenika"
                  placeholder="Nije povezana"
                  hint="Povezan oglas vodi na profil kompanije u imeniku."
                  options={companies.map((c) => [String(c.id), c.name] as const)}
                />
              }
            />
          ) : (
            <SaleFields {...fieldProps} maxYear={maxYear} existingPhotos={listing.photos} />
          )}
          <FormActions cancelTo={back} saving={saving} label="Sačuvaj izmene" />
        </Form>
      </Card>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
