import { data, Link } from "react-router";
import { JobFields, SaleFields } from "~/components/listings/listing-fields";
import { PublicForm, PublicFormPage, usePublicFormState } from "~/components/public/public-form-page";
import { changedFields } from "~/domain/audit/audit.server";
import { listingToValues } from "~/domain/listings/form-values";
import { MAX_PHOTOS } from "~/domain/listings/options";
import { editedVersion, editTarget, saveOwnEdit } from "~/domain/listings/owner.server";
import { managePath, ownerActions } from "~/domain/listings/owner-rules";
import { PHOTO_MAX_BYTES, withNewPhotos } from "~/domain/listings/photos.server";
import { JOB_FORM_LISTS, jobSchema, maxModelYear, saleSchema } from "~/domain/listings/validation";
import { forgivePublicForm, limitPublicForm } from "~/domain/rate-limit/public-form.server";
import { type ErrorCode, failure } from "~/http/errors";
import { redirectWithFlash } from "~/http/flash.server";
import { parseForm } from "~/http/form";
import { honeypotFilled } from "~/http/public-form.server";
import { type FieldErrors, type FormValues, formValues } from "~/lib/form";
import { parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { formReadStatus, type ReceivedForm, readPostedForm } from "~/lib/multipart.server";
import { fieldMessage } from "~/messages/fields";
import { getDb, getStorage, getUploadDir } from "~/services.server";
import type { Route } from "./+types/listing-manage-edit";
import { loadManaged, posterAudit } from "./listing-manage.server";
import { PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

/**
 * `/moj-oglas/{id}/{token}/izmena`: the poster edits their listing with the posting form. An edit of
 * a live listing waits for approval as a revision (the public page keeps the approved version); a
 * listing that is not public changes in place and goes back to the queue (docs/decisions/300). A
 * public form like the others: the body limit, the limiter before the body is read, the honeypot,
 * the fields kept on an error.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const managed = await loadManaged(params);
  if (!ownerActions(managed.listing).includes("edit")) {
    throw failure("listing.owner_not_allowed", { listingId: null, headers: PRIVATE_PAGE_HEADERS });
  }
  const version = editedVersion(managed);
  return data(
    {
      back: managePath(managed.listing.id, String(params.token)),
      kind: managed.listing.kind,
      title: managed.listing.title,
      live: editTarget(managed) !== "in-place",
      values: listingToValues(version),
      photos: version.photos,
      maxYear: maxModelYear(),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? `${d.title} — izmena` : "Izmena oglasa"} — Balkan Vozači` },
  ...PRIVATE_PAGE_META,
];

const FORM_NAME = "listing-owner-edit";

export async function action({ request, params, context }: Route.ActionArgs) {
  const managed = await loadManaged(params);
  const db = getDb();
  const version = editedVersion(managed);
  const { kind } = managed.listing;
  // The limiter before the body is read (a refused post's photos are read and dropped).
  const admission = await limitPublicForm(db, FORM_NAME, context.clientIp ?? null);
  let form: ReceivedForm;
  try {
    form = await readPostedForm(request, {
      files:
        admission.ok && kind === "sale"
          ? { photos: { maxCount: MAX_PHOTOS, maxBytes: PHOTO_MAX_BYTES } }
          : undefined,
      tmpDir: getUploadDir(),
    });
  } catch (error) {
    const status = formReadStatus(error);
    if (status === 500)
      logger.error({ err: error, listingId: managed.listing.id }, "poster's edit could not be received");
    await forgivePublicForm(db, admission);
    return status === 413
      ? refused("listing.too_large", {}, listingToValues(version))
      : refused("listing.submit_failed", {}, listingToValues(version), { status });
  }
  try {
    const lists = kind === "job" ? [...JOB_FORM_LISTS, "removePhoto"] : ["removePhoto"];
    if (!admission.ok) {
      return refused("rate_limited", {}, formValues(form.fields, { lists }), {
        detail: String(admission.retryAfterMinutes),
      });
    }
    if (form.busy) {
      await forgivePublicForm(db, admission);
      return refused("listing.busy", {}, formValues(form.fields, { lists }));
    }
    // A filled honeypot changes nothing (and is not told so).
    if (honeypotFilled(form.fields))
      throw redirectWithFlash(
        request,
        managePath(managed.listing.id, String(params.token)),
        "listing.owner-edited-pending",
      );
    const parsed =
      kind === "job"
        ? parseForm(jobSchema, form.fields, { lists })
        : parseForm(saleSchema(), form.fields, { lists });
    if (!parsed.ok) {
      await forgivePublicForm(db, admission);
      return refused("listing.invalid", parsed.fieldErrors, parsed.values);
    }
    const own = new Set(version.photos.map((p) => p.id));
    const removeIds = parseIds(form.fields.getAll("removePhoto")).filter((id) => own.has(id));
    let code: ErrorCode | null = null;
    const saved = await withNewPhotos(
      getStorage(),
      {
        title: parsed.data.title,
        kept: version.photos.length - removeIds.length,
        uploads: kind === "sale" ? form.files : [],
      },
      async (add) => {
        const result = await saveOwnEdit(db, getStorage(), managed, parsed.data, { removeIds, add });
        if (result.ok) return result.value;
        code = result.code;
        return null;
      },
    );
    if (!saved.ok) {
      if (saved.reason === "photos")
        return refused("listing.photo_refused", { photos: fieldMessage(saved.photoError) }, parsed.values);
      return refused(code ?? "listing.owner_failed", {}, parsed.values);
    }
    await posterAudit(
      db,
      managed,
      context.clientIp,
    )(
      saved.value.awaitingApproval === "edit" ? "revision" : "update",
      changedFields(
        { title: version.title, description: version.description },
        { title: parsed.data.title, description: parsed.data.description },
      ),
    );
    throw redirectWithFlash(
      request,
      managePath(managed.listing.id, String(params.token)),
      saved.value.awaitingApproval === "edit" ? "listing.owner-edited" : "listing.owner-edited-pending",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, listingId: managed.listing.id }, "poster's edit could not be saved");
    return refused("listing.action_failed", {}, formValues(form.fields));
  } finally {
    await form.cleanup();
  }
}

/** A refused edit: the code's words and status, the field errors and the values as typed. */
function refused(
  code: ErrorCode,
  fieldErrors: FieldErrors,
  values: FormValues,
  extra: { status?: number; detail?: string } = {},
) {
  return failure(code, { fieldErrors, values, ...extra, headers: PRIVATE_PAGE_HEADERS });
}

export default function EditOwnListing({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, back, live, photos, maxYear } = loaderData;
  const { sending, formRef } = usePublicFormState(actionData);
  const fieldProps = {
    values: actionData?.values ?? loaderData.values,
    errors: actionData?.fieldErrors ?? {},
    idPrefix: "oglas",
  };
  return (
    <PublicFormPage
      back={{ to: back, label: "‹ Upravljanje oglasom" }}
      title="Izmena oglasa"
      intro={
        live
          ? "Izmene objavljenog oglasa idu na odobrenje. Dok ih ne odobrimo, na sajtu je sadašnja verzija."
          : "Izmenjen oglas ide na odobrenje pre objave."
      }
      note="Polja sa * su obavezna."
    >
      <PublicForm
        formRef={formRef}
        encType={kind === "sale" ? "multipart/form-data" : undefined}
        className="space-y-5"
        message={actionData?.message}
        submit="Sačuvajte izmene"
        sending={sending}
      >
        {kind === "job" ? (
          <JobFields {...fieldProps} />
        ) : (
          <SaleFields {...fieldProps} maxYear={maxYear} existingPhotos={photos} />
        )}
      </PublicForm>
      <p className="mt-4 text-sm">
        <Link to={back} className="text-brand-700 hover:underline">
          Odustanite
        </Link>
      </p>
    </PublicFormPage>
  );
}

export { ManageLinkError as ErrorBoundary } from "~/components/listings/manage-link-error";
