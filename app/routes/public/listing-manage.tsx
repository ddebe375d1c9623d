import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { FlashNotice, Notice } from "~/components/ui/notice";
import { listingPath } from "~/domain/listings/format";
import {
  KIND_LABELS,
  KIND_SECTIONS,
  LISTING_LIFETIME_DAYS,
  type ListingKind,
} from "~/domain/listings/options";
import { deleteOwn, markFilled, renewOwn } from "~/domain/listings/owner.server";
import {
  FILLED_LABEL,
  managePath,
  newLinkPath,
  ownerActions,
  ownerStatus,
} from "~/domain/listings/owner-rules";
import { failure, unknownIntent } from "~/http/errors";
import { readFlash, redirectWithFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { formatLongDate } from "~/lib/dates";
import { getDb, getStorage } from "~/services.server";
import type { Route } from "./+types/listing-manage";
import { deletedPath } from "./deleted";
import { loadManaged, posterAudit } from "./listing-manage.server";
import { POSTER_CHANGED_HEADERS, PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

/**
 * `/moj-oglas/{id}/{token}`: the poster's own page for their listing, opened by the private link
 * they got by e-mail (docs/decisions/300). Where the listing stands, its edit waiting for approval,
 * and the poster's actions: edit, mark filled or sold, renew, delete (confirmed first). Plain forms:
 * it works without JavaScript, in both scripts (`/cir/moj-oglas/…`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const managed = await loadManaged(params);
  const { listing, edit } = managed;
  const { flash, headers } = readFlash(request);
  const status = ownerStatus(listing);
  for (const [key, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(key, value);
  return data(
    {
      flash,
      here: managePath(listing.id, String(params.token)),
      listing: {
        id: listing.id,
        kind: listing.kind,
        title: listing.title,
        status,
        publicPath: status === "live" || status === "filled" ? listingPath(listing) : null,
        expiresAt: listing.expiresAt,
        filledAt: listing.filledAt,
        adminNote: listing.status === "rejected" ? listing.adminNote : null,
      },
      edit: edit
        ? {
            status: edit.status,
            createdAt: edit.createdAt,
            adminNote: edit.status === "rejected" ? edit.adminNote : null,
          }
        : null,
      actions: ownerActions(listing),
    },
    { headers },
  );
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? `${d.listing.title} — upravljanje oglasom` : "Upravljanje oglasom"} — Balkan Vozači` },
  ...PRIVATE_PAGE_META,
];

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("fill") }),
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("delete") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const managed = await loadManaged(params);
  const parsed = await readIntent(request, actionSchema);
  if (!parsed.ok) return unknownIntent({ deleted: false });
  const db = getDb();
  const audit = posterAudit(db, managed, context.clientIp);
  const here = managePath(managed.listing.id, String(params.token));
  const { intent } = parsed.data;
  if (intent === "delete") {
    const result = await deleteOwn(db, getStorage(), managed);
    if (!result.ok) return failure(result.code, { deleted: false });
    await audit("delete");
    // Its own page: this one, loaded again after the form's POST, would find nothing.
    return redirect(deletedPath("listing", managed.listing.kind), { headers: POSTER_CHANGED_HEADERS });
  }
  if (intent === "fill") {
    const result = await markFilled(db, managed);
    if (!result.ok) return failure(result.code, { deleted: false });
    await audit("filled", { filled_at: [null, new Date().toISOString()] });
    return redirectWithFlash(
      request,
      here,
      managed.listing.kind === "job" ? "listing.owner-filled-job" : "listing.owner-filled-sale",
      { headers: POSTER_CHANGED_HEADERS },
    );
  }
  const result = await renewOwn(db, managed);
  if (!result.ok) return failure(result.code, { deleted: false });
  await audit("renew");
  return redirectWithFlash(request, here, "listing.owner-renewed", { headers: POSTER_CHANGED_HEADERS });
}

const STATUS_VIEW: Record<
  ReturnType<typeof ownerStatus>,
  { tone: BadgeTone; label: (kind: ListingKind) => string }
> = {
  pending: { tone: "warning", label: () => "Čeka odobrenje" },
  live: { tone: "success", label: () => "Objavljen" },
  expired: { tone: "neutral", label: () => "Istekao" },
  rejected: { tone: "danger", label: () => "Nije odobren" },
  filled: { tone: "info", label: (kind) => FILLED_LABEL[kind] },
};

export default function ManageListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, edit, actions, flash, here } = loaderData;
  const view = STATUS_VIEW[listing.status];
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  const filledWord = listing.kind === "job" ? "popunjen" : "prodat";
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to={KIND_SECTIONS[listing.kind].path} className="text-brand-700 hover:underline">
          ‹ {KIND_SECTIONS[listing.kind].title}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Upravljanje oglasom</h1>
      <FlashNotice flash={flash} className="mt-4" />
      <Notice tone="error" message={refusal} className="mt-4" />

      <section
        className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-label="Oglas"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={view.tone}>{view.label(listing.kind)}</Badge>
          <span className="text-sm text-slate-500">
            {KIND_LABELS[listing.kind]} · oglas br. {listing.id}
          </span>
        </div>
        <h2 className="mt-2 break-words text-lg font-semibold text-slate-900">
          {listing.publicPath ? (
            <Link to={listing.publicPath} className="hover:underline">
              {listing.title}
            </Link>
          ) : (
            listing.title
          )}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {listing.status === "live"
            ? // The long date ends with its own period ("29. decembra 2026.").
              `Na sajtu do ${formatLongDate(listing.expiresAt)}`
            : listing.status === "expired"
              ? `Istekao ${formatLongDate(listing.expiresAt)} — obnovite ga da bi se ponovo video.`
              : listing.status === "filled"
                ? `Označen kao ${filledWord} ${formatLongDate(listing.filledAt)}: stranica oglasa to prikazuje, a na spisku ga nema.`
                : listing.status === "pending"
                  ? "Naš tim pregleda oglas, obično u toku jednog dana."
                  : "Oglas nije odobren. Ispravite ga i pošaljite ponovo."}
        </p>
        {listing.adminNote ? (
          <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            Napomena urednika: {listing.adminNote}
          </p>
        ) : null}
        {edit ? (
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {edit.status === "rejected"
              ? `Vaša izmena nije odobrena${edit.adminNote ? `: ${edit.adminNote}` : "."} Na sajtu je i dalje prethodna verzija; izmenu možete ispraviti i poslati ponovo.`
              : `Vaša izmena od ${formatLongDate(edit.createdAt)} čeka odobrenje. Dok je ne odobrimo, na sajtu je prethodna verzija.`}
          </p>
        ) : null}
      </section>

      <section className="mt-5 space-y-4" aria-label="Šta možete da uradite">
        {actions.includes("edit") ? (
          <ActionRow
            title="Izmenite oglas"
            text={
              listing.status === "live"
                ? "Izmena objavljenog oglasa ide na odobrenje; do tada se vidi sadašnja verzija."
                : "Izmenjen oglas ide na odobrenje."
            }
          >
            <Link to={`${here}/izmena`} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
              Izmenite oglas
            </Link>
          </ActionRow>
        ) : null}
        {actions.includes("fill") ? (
          <ActionRow
            title={`Označite kao ${filledWord}`}
            text="Oglas nestaje sa spiska i iz obaveštenja; stranica oglasa ostaje sa oznakom do isteka."
          >
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="fill"
                className={buttonClass("secondary", "md", "w-full sm:w-auto")}
              >
                {listing.kind === "job" ? "Posao je popunjen" : "Prodato"}
              </button>
            </Form>
          </ActionRow>
        ) : null}
        {actions.includes("renew") ? (
          <ActionRow
            title="Obnovite oglas"
            text={
              listing.status === "filled"
                ? `Oglas se vraća na spisak i važi još ${LISTING_LIFETIME_DAYS} dana od danas.`
                : `Oglas važi još ${LISTING_LIFETIME_DAYS} dana od danas.`
            }
          >
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="renew"
                className={buttonClass("secondary", "md", "w-full sm:w-auto")}
              >
                Obnovite na {LISTING_LIFETIME_DAYS} dana
              </button>
            </Form>
          </ActionRow>
        ) : null}
        <ActionRow
          title="Obrišite oglas"
          text="Oglas odmah nestaje sa sajta i iz pretrage. Ovo se ne može poništiti."
        >
          <details className="group">
            <summary
              className={buttonClass(
                "danger",
                "md",
                "w-full list-none sm:w-auto [&::-webkit-details-marker]:hidden",
              )}
            >
              Obrišite oglas
            </summary>
            <Form method="post" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
              <p className="text-sm font-medium text-red-900">
                Da li ste sigurni da želite da obrišete ovaj oglas?
              </p>
              <button
                type="submit"
                name="intent"
                value="delete"
                className={buttonClass("danger", "md", "mt-3 w-full sm:w-auto")}
              >
                Da, obrišite oglas
              </button>
            </Form>
          </details>
        </ActionRow>
      </section>

      <p className="mt-8 text-sm text-slate-500">
        Ovaj link je privatan: ko ga ima, može da menja i briše oglas. Ne delite ga. Ako mislite da ga je neko
        drugi dobio,{" "}
        <Link to={newLinkPath(listing.id)} className="text-brand-700 underline">
          zatražite novi
        </Link>{" "}
        — stari tada prestaje da važi.
      </p>
    </div>
  );
}

function ActionRow({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

export { ManageLinkError as ErrorBoundary } from "~/components/listings/manage-link-error";
