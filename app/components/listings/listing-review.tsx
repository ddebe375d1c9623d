/**
 * The body of a listing in the moderation queue's dialog (decision 171): the whole listing as it
 * will read on the site, with its photos, the moderator's note and every action its status allows.
 */
import { FactList, ListingGallery } from "~/components/listings/listing-parts";
import { DecisionForm, DeleteItemButton } from "~/components/moderation/decision-form";
import type { QueueControls } from "~/components/moderation/queue";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Detail } from "~/components/ui/detail";
import { Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatPlace, listingPath } from "~/domain/listings/format";
import { jobFacts, saleFacts } from "~/domain/listings/json-ld";
import { KIND_LABELS, STATUS_LABELS } from "~/domain/listings/options";
import { actionsFor, isFeatured, isLive, type StatusChange } from "~/domain/listings/rules";
import type { ListingDetail } from "~/domain/listings/types";
import { ACTION_LABELS } from "~/domain/moderation/queue";
import { formatDate, formatDateTime } from "~/lib/dates";

export function ListingSubtitle({ listing }: { listing: ListingDetail }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
      <Badge tone="brand">{KIND_LABELS[listing.kind]}</Badge>
      <StatusBadge status={listing.status} labels={STATUS_LABELS} />
      {isFeatured(listing.featuredUntil) ? (
        <Badge tone="warning">Istaknuto do {formatDate(listing.featuredUntil)}</Badge>
      ) : null}
      Poslato {formatDateTime(listing.createdAt)}
    </p>
  );
}

// Over 80 lines on purpose: one flat read-only layout of the listing plus its DecisionForm.
export function ListingReview({ listing, q }: { listing: ListingDetail; q: QueueControls }) {
  const reply = q.replyFor(listing.id);
  const failed = reply && !reply.ok ? reply : null;
  const actions = actionsFor(listing.status);
  const changes = actions.filter((a): a is StatusChange => a !== "edit" && a !== "delete");
  const facts = listing.kind === "job" ? jobFacts(listing) : saleFacts(listing);
  return (
    <>
      {failed ? <Notice className="mt-4" tone="error" message={failed.message} /> : null}
      {listing.revisionOf ? (
        <Notice
          className="mt-4"
          tone="info"
          message={`Ovo je izmena objavljenog oglasa #${listing.revisionOf} koju je poslao oglašivač. Odobrena zamenjuje taj oglas (njegov status i datumi ostaju); do tada se na sajtu vidi prethodna verzija.`}
        />
      ) : null}
      <div className="mt-4 space-y-4">
        {listing.kind === "job" ? (
          <p className="font-medium text-brand-700">
            {listing.companyName}
            {listing.companyId ? (
              <span className="ml-2 text-xs text-slate-500">
                (povezano sa imenikom, #{listing.companyId})
              </span>
            ) : null}
          </p>
        ) : null}
        <ListingGallery photos={listing.photos} title={listing.title} />
        <FactList facts={facts} />
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Lokacija">{formatPlace(listing.city, listing.state)}</Detail>
          <Detail label="Kontakt">{listing.contactName}</Detail>
          <Detail label="Telefon">{listing.contactPhone}</Detail>
          <Detail label="E-pošta">{listing.contactEmail}</Detail>
          <Detail label="Oglašivač (privatno)">{listing.posterEmail}</Detail>
          {listing.filledAt ? (
            <Detail label="Popunjeno / prodato">{formatDateTime(listing.filledAt)}</Detail>
          ) : null}
        </dl>
        <Detail label="Opis">
          <span className="whitespace-pre-line">{listing.description}</span>
        </Detail>
        {listing.requirements ? (
          <Detail label="Uslovi">
            <span className="whitespace-pre-line">{listing.requirements}</span>
          </Detail>
        ) : null}
        <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3">
          <Detail label="Odobreno">{formatDateTime(listing.approvedAt)}</Detail>
          <Detail label="Ističe">{formatDateTime(listing.expiresAt)}</Detail>
          <Detail label="Pregledao">{listing.reviewedBy}</Detail>
          {listing.featuredDaysPending > 0 ? (
            <Detail label="Plaćeno isticanje">{`${listing.featuredDaysPending} dana, počinje odobrenjem`}</Detail>
          ) : null}
          {listing.adminNote ? (
            <div className="sm:col-span-3">
              <Detail label="Napomena">{listing.adminNote}</Detail>
            </div>
          ) : null}
        </dl>
      </div>

      <DecisionForm
        note={
          changes.includes("reject") || changes.includes("approve")
            ? {
                idPrefix: `note-${listing.id}`,
                label: "Napomena (obavezna za odbijanje)",
                rows: 2,
                values: failed?.values,
                errors: failed?.fieldErrors,
              }
            : null
        }
      >
        {(note) => (
          <>
            {changes.map((change) => (
              <Button
                key={change}
                variant={change === "approve" ? "primary" : change === "reject" ? "warning" : "secondary"}
                disabled={q.busy}
                onClick={() => q.act(listing.id, change, { note: note() })}
              >
                {ACTION_LABELS[change]}
              </Button>
            ))}
            <ButtonLink variant="secondary" to={`/admin/listings/edit/${listing.id}`}>
              Izmeni
            </ButtonLink>
            {isLive(listing) ? (
              <a
                href={listingPath(listing)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-slate-100"
              >
                Otvori na sajtu ↗
              </a>
            ) : null}
            <DeleteItemButton id={listing.id} q={q} />
          </>
        )}
      </DecisionForm>
    </>
  );
}
