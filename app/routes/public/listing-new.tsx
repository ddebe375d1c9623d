import { data } from "react-router";
import { JobFields, SaleFields } from "~/components/listings/listing-fields";
import { PromotionOffers } from "~/components/payments/promotion-offers";
import {
  PublicForm,
  PublicFormPage,
  SentLinks,
  SentPanel,
  usePublicFormState,
} from "~/components/public/public-form-page";
import { EMPTY_VALUES } from "~/domain/listings/form-values";
import { listingKindOfPath } from "~/domain/listings/format";
import {
  KIND_SECTIONS,
  LISTING_LIFETIME_DAYS,
  type ListingKind,
  MAX_PHOTOS,
} from "~/domain/listings/options";
import { PHOTO_MAX_BYTES } from "~/domain/listings/photos.server";
import { admitListingPost, submitListing, withdrawListingPost } from "~/domain/listings/submit.server";
import {
  JOB_FORM_LISTS,
  jobSchema,
  maxModelYear,
  photoCountError,
  saleSchema,
} from "~/domain/listings/validation";
import { promotionOffers } from "~/domain/orders/checkout.server";
import { tooManyRequestsMessage } from "~/domain/rate-limit/public-form.server";
import { errorMessage, errorStatus } from "~/http/errors";
import { parseForm } from "~/http/form";
import { honeypotFilled } from "~/http/public-form.server";
import { type FieldErrors, type FormValues, formValues } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { formReadStatus, type ReceivedForm, readPostedForm } from "~/lib/multipart.server";
import { fieldErrorsText, fieldMessage } from "~/messages/fields";
import { LISTING_MESSAGES } from "~/messages/listings";
import { getDb, getPayments, getStorage, getUploadDir } from "~/services.server";
import type { Route } from "./+types/listing-new";

const COPY: Record<ListingKind, { title: string; intro: string; submit: string; back: string }> = {
  job: {
    title: "Objavite oglas za posao",
    intro:
      "Tražite vozača, dispečera ili mehaničara? Popunite oglas — posle provere objavljujemo ga besplatno.",
    submit: "Pošalji oglas",
    back: "‹ Svi poslovi",
  },
  sale: {
    title: "Postavite oglas za prodaju",
    intro:
      "Prodajete kamion, prikolicu ili delove? Dodajte fotografije i opis — posle provere oglas je na sajtu.",
    submit: "Pošalji oglas",
    back: "‹ Sva kupoprodaja",
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { kind: listingKindOfPath(new URL(request.url).pathname), maxYear: maxModelYear() };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? COPY[d.kind].title : "Novi oglas"} — Balkan Vozači` },
  { name: "robots", content: "noindex" },
];

/**
 * The public form's order (domain/listings/submit.server.ts, decision 150): the limiter before the
 * body is read, then the form (photos to temporary files only when admitted), the honeypot, the
 * fields, then the photos. The temporary files are removed whatever happens.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = listingKindOfPath(new URL(request.url).pathname);
  const db = getDb();
  const now = new Date();
  const admission = await admitListingPost(db, kind, context.clientIp ?? null, now);
  let form: ReceivedForm;
  try {
    form = await readPostedForm(request, {
      // Photos beyond the 8th or over 5 MB are read and dropped (their count and size are reported).
      files:
        admission.ok && kind === "sale"
          ? { photos: { maxCount: MAX_PHOTOS, maxBytes: PHOTO_MAX_BYTES } }
          : undefined,
      tmpDir: getUploadDir(),
    });
  } catch (error) {
    const status = formReadStatus(error);
    if (status === 500) {
      logger.error({ err: error }, "listing form could not be received");
      await withdrawListingPost(db, admission);
    }
    const message = status === 413 ? LISTING_MESSAGES.tooLarge : LISTING_MESSAGES.failed;
    return refused(status, message, {}, EMPTY_VALUES[kind], true);
  }
  try {
    const lists = kind === "job" ? JOB_FORM_LISTS : [];
    const photos = kind === "sale" ? form.files : [];
    const photosSent = photos.length > 0;
    if (!admission.ok) {
      const values = formValues(form.fields, { lists });
      return refused(429, tooManyRequestsMessage(admission.retryAfterMinutes), {}, values, photosSent, {
        "Retry-After": String(admission.retryAfterSeconds),
      });
    }
    if (form.busy) {
      await withdrawListingPost(db, admission);
      const values = formValues(form.fields, { lists });
      return refused(503, LISTING_MESSAGES.busy, {}, values, photosSent, { "Retry-After": "60" });
    }
    // A filled honeypot is answered as if it worked; nothing is stored (the attempt counts).
    if (honeypotFilled(form.fields)) return sent(null, kind);
    const parsed =
      kind === "job" ? parseForm(jobSchema, form.fields, { lists }) : parseForm(saleSchema(now), form.fields);
    const countError = photoCountError(photos.length);
    if (!parsed.ok || countError) {
      await withdrawListingPost(db, admission);
      const fieldErrors = {
        ...(parsed.ok ? {} : parsed.fieldErrors),
        ...(countError ? { photos: fieldMessage(countError) } : {}),
      };
      return refused(400, LISTING_MESSAGES.fixErrors, fieldErrors, parsed.values, photosSent);
    }
    const result = await submitListing(db, getStorage(), admission, { data: parsed.data, photos }, now);
    if (result.ok) return sent(result.value.id, kind);
    return refused(
      errorStatus(result.code),
      errorMessage(result.code),
      fieldErrorsText(result.fieldErrors ?? {}),
      parsed.values,
      photosSent,
    );
  } finally {
    await form.cleanup();
  }
}

function refused(
  status: number,
  message: string,
  fieldErrors: FieldErrors,
  values: FormValues,
  photosLost: boolean,
  headers?: Record<string, string>,
) {
  return data({ sent: false as const, message, fieldErrors, values, photosLost }, { status, headers });
}

/** The thank-you answer; the poster may pay for a promotion now (none for a honeypot "success"). */
async function sent(id: number | null, kind: ListingKind) {
  const promotion =
    id === null
      ? { offers: [], token: null }
      : await promotionOffers(getDb(), getPayments(), { id, kind, public: false }).catch((error: unknown) => {
          logger.error({ err: error }, "promotion offers could not be loaded after posting");
          return { offers: [], token: null };
        });
  return { sent: true as const, id, offers: promotion.offers, token: promotion.token };
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, maxYear } = loaderData;
  const copy = COPY[kind];
  const section = KIND_SECTIONS[kind];
  const { sending, formRef } = usePublicFormState(actionData);

  if (actionData?.sent) {
    return (
      <SentPanel
        title="Hvala vam!"
        text={`Vaš oglas je primljen i čeka odobrenje. Naš tim ga pregleda, obično u toku jednog dana, i kada ga odobri oglas će biti vidljiv na sajtu ${LISTING_LIFETIME_DAYS} dana.`}
      >
        <PromotionOffers
          className="mt-6 text-left"
          variant="page"
          listingId={actionData.id ?? 0}
          token={actionData.token}
          offers={actionData.offers}
          pending
        />
        <SentLinks
          back={{ to: section.path, label: `Nazad na ${section.title.toLowerCase()}` }}
          again={{ to: `${section.path}/novi`, label: "Postavite još jedan oglas", reloadDocument: true }}
        />
      </SentPanel>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  const fieldProps = {
    values: failed?.values ?? EMPTY_VALUES[kind],
    errors: failed?.fieldErrors ?? {},
    idPrefix: "oglas",
  };
  return (
    <PublicFormPage
      back={{ to: section.path, label: copy.back }}
      title={copy.title}
      intro={copy.intro}
      note={`Polja sa * su obavezna. Oglas čeka odobrenje pre objave i važi ${LISTING_LIFETIME_DAYS} dana.`}
    >
      <PublicForm
        formRef={formRef}
        encType={kind === "sale" ? "multipart/form-data" : undefined}
        className="space-y-5"
        message={failed?.message}
        submit={copy.submit}
        sending={sending}
      >
        {kind === "job" ? (
          <JobFields {...fieldProps} />
        ) : (
          <SaleFields {...fieldProps} maxYear={maxYear} photosLost={failed?.photosLost} />
        )}
      </PublicForm>
    </PublicFormPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
