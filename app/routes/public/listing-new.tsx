import { useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { JobFields, SaleFields } from "~/components/listings/listing-fields";
import { PromotionOffers } from "~/components/payments/promotion-offers";
import { buttonClass } from "~/components/ui/button";
import { useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { EMPTY_VALUES } from "~/domain/listings/form-values";
import {
  KIND_SECTIONS,
  LISTING_LIFETIME_DAYS,
  LISTING_MESSAGES,
  type ListingKind,
} from "~/domain/listings/options";
import { maxModelYear } from "~/domain/listings/validation";
import { promotionOffers } from "~/domain/orders/checkout.server";
import { bodyLimitFor } from "~/lib/body-limits";
import { logger } from "~/lib/logger.server";
import { getDb, getPayments, getStorage } from "~/services.server";
import type { Route } from "./+types/listing-new";
import { submitListing } from "./listing-submit.server";

/** `/poslovi/novi` or `/kupoprodaja/novi`. */
function kindOf(request: Request): ListingKind {
  return new URL(request.url).pathname.startsWith("/poslovi/") ? "job" : "sale";
}

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
  return { kind: kindOf(request), maxYear: maxModelYear() };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? COPY[d.kind].title : "Novi oglas"} — Balkan Vozači` },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request);
  const tooLarge = () =>
    data(
      {
        sent: false as const,
        message: LISTING_MESSAGES.tooLarge,
        fieldErrors: {},
        values: EMPTY_VALUES[kind],
        photosLost: true,
      },
      { status: 413 },
    );
  // The server refuses larger bodies before this runs; a declared length over the limit is refused here too.
  if (Number(request.headers.get("Content-Length") ?? 0) > bodyLimitFor(new URL(request.url).pathname)) {
    return tooLarge();
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    logger.error({ err: error }, "listing form body could not be read");
    return tooLarge();
  }
  const result = await submitListing(getDb(), getStorage(), kind, form, context.clientIp ?? null);
  if (result.ok) {
    // The poster may pay for a promotion now; its days start when the listing is approved (none
    // for a honeypot "success", which stored nothing).
    const id = result.id;
    const promotion =
      id === null
        ? { offers: [], token: null }
        : await promotionOffers(getDb(), getPayments(), { id, kind, public: false }).catch(
            (error: unknown) => {
              logger.error({ err: error }, "promotion offers could not be loaded after posting");
              return { offers: [], token: null };
            },
          );
    return { sent: true as const, id: result.id, offers: promotion.offers, token: promotion.token };
  }
  return data(
    {
      sent: false as const,
      message: result.message,
      fieldErrors: result.fieldErrors,
      values: result.values,
      photosLost: result.photosLost,
    },
    { status: result.status },
  );
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, maxYear } = loaderData;
  const copy = COPY[kind];
  const section = KIND_SECTIONS[kind];
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
            Vaš oglas je primljen i čeka odobrenje. Naš tim ga pregleda, obično u toku jednog dana, i kada ga
            odobri oglas će biti vidljiv na sajtu {LISTING_LIFETIME_DAYS} dana.
          </p>
        </div>
        <PromotionOffers
          className="mt-6 text-left"
          variant="page"
          listingId={actionData.id ?? 0}
          token={actionData.token}
          offers={actionData.offers}
          pending
        />
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={section.path} className={buttonClass("primary", "md")}>
            Nazad na {section.title.toLowerCase()}
          </Link>
          <Link to={`${section.path}/novi`} reloadDocument className={buttonClass("secondary", "md")}>
            Postavite još jedan oglas
          </Link>
        </div>
      </div>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  const fieldProps = {
    values: failed?.values ?? EMPTY_VALUES[kind],
    errors: failed?.fieldErrors ?? {},
    idPrefix: "oglas",
  };
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to={section.path} className="text-brand-700 hover:underline">
          {copy.back}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{copy.title}</h1>
      <p className="mt-1 text-slate-600">{copy.intro}</p>
      <p className="mt-1 text-sm text-slate-500">
        Polja sa * su obavezna. Oglas čeka odobrenje pre objave i važi {LISTING_LIFETIME_DAYS} dana.
      </p>
      <Form
        ref={formRef}
        method="post"
        encType={kind === "sale" ? "multipart/form-data" : undefined}
        noValidate
        className="mt-5 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <Notice tone="error" message={failed?.message} />
        <HoneypotField />
        {kind === "job" ? (
          <JobFields {...fieldProps} />
        ) : (
          <SaleFields {...fieldProps} maxYear={maxYear} photosLost={failed?.photosLost} />
        )}
        <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")} disabled={sending}>
          {sending ? "Slanje…" : copy.submit}
        </button>
      </Form>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
