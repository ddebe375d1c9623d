/**
 * The moderation dialogs of /admin/listings: the whole listing with every action its status
 * allows, and the note a bulk rejection asks for.
 */
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FactList, ListingGallery } from "~/components/listings/listing-parts";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { formatPlace, listingPath } from "~/domain/listings/format";
import { jobFacts, saleFacts } from "~/domain/listings/json-ld";
import { KIND_LABELS, type ListingStatus, STATUS_LABELS } from "~/domain/listings/options";
import { actionsFor, isFeatured, isLive, type StatusChange } from "~/domain/listings/rules";
import type { ListingDetail } from "~/domain/listings/types";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/form";

/** What the moderation action answers. */
export type ModerationReply = {
  ok: boolean;
  intent: string;
  message: string;
  changed: number[];
  /** The listings the request named (a failed single action shows its message in that listing's dialog). */
  ids: number[];
  fieldErrors: FieldErrors;
  note: string;
};

/** The one fetcher key the list, its dialog and the bulk bar share. */
export const FETCHER = "listing-moderation";

const STATUS_TONES: Record<ListingStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
  expired: "neutral",
};

export function StatusBadge({ status }: { status: ListingStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

const CHANGE_LABELS: Record<StatusChange, string> = {
  approve: "Odobri",
  reject: "Odbij",
  "to-pending": "Vrati na čekanje",
  renew: "Obnovi 30 dana",
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children || "—"}</dd>
    </div>
  );
}

const noteClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** The whole listing as it will read on the site, with its photos and every action its status allows. */
export function PreviewDialog({ listing, onClose }: { listing: ListingDetail; onClose: () => void }) {
  const fetcher = useFetcher<ModerationReply>({ key: FETCHER });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const result =
    fetcher.data && !fetcher.data.ok && fetcher.data.ids.length === 1 && fetcher.data.ids[0] === listing.id
      ? fetcher.data
      : null;
  const noteError = result?.fieldErrors?.adminNote;
  const actions = actionsFor(listing.status);
  const submit = (intent: string) =>
    fetcher.submit(
      { intent, id: String(listing.id), adminNote: noteRef.current?.value ?? "" },
      { method: "post" },
    );
  const live = isLive(listing);
  const facts = listing.kind === "job" ? jobFacts(listing) : saleFacts(listing);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{listing.title}</Dialog.Title>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <Badge tone="brand">{KIND_LABELS[listing.kind]}</Badge>
                <StatusBadge status={listing.status} />
                {isFeatured(listing.featuredUntil) ? (
                  <Badge tone="warning">Istaknuto do {formatDate(listing.featuredUntil)}</Badge>
                ) : null}
                Poslato {formatDateTime(listing.createdAt)}
              </p>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>

          {result ? <Notice className="mt-4" tone="error" message={result.message} /> : null}

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
              <Detail label="Email">{listing.contactEmail}</Detail>
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

          <div className="mt-5 space-y-3 border-t border-slate-100 pt-4">
            {actions.includes("reject") || actions.includes("approve") ? (
              <div className="space-y-1">
                <label htmlFor={`note-${listing.id}`} className="block text-sm font-medium text-slate-700">
                  Napomena (obavezna za odbijanje)
                </label>
                <textarea
                  ref={noteRef}
                  id={`note-${listing.id}`}
                  rows={2}
                  defaultValue={result?.note ?? ""}
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? `note-${listing.id}-error` : undefined}
                  className={cn(noteClass, noteError ? "border-red-400" : "border-slate-300")}
                />
                {noteError ? (
                  <p id={`note-${listing.id}-error`} className="text-xs font-medium text-red-600">
                    {noteError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {actions
                .filter((a): a is StatusChange => a !== "edit" && a !== "delete")
                .map((change) => (
                  <Button
                    key={change}
                    variant={change === "approve" ? "primary" : change === "reject" ? "warning" : "secondary"}
                    disabled={busy}
                    onClick={() => submit(change)}
                  >
                    {CHANGE_LABELS[change]}
                  </Button>
                ))}
              <ButtonLink variant="secondary" to={`/admin/listings/edit/${listing.id}`}>
                Izmeni
              </ButtonLink>
              {live ? (
                <a
                  href={listingPath(listing)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-slate-100"
                >
                  Otvori na sajtu ↗
                </a>
              ) : null}
              <Button
                variant="danger"
                className="sm:ml-auto"
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
              >
                Obriši
              </Button>
            </div>
          </div>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            tone="danger"
            title="Brisanje oglasa"
            description={
              <>
                Da li ste sigurni da želite da obrišete oglas <strong>{listing.title}</strong>
                {listing.photos.length > 0 ? ` i njegove fotografije (${listing.photos.length})` : ""}? Ova
                akcija se ne može poništiti.
              </>
            }
            confirmLabel="Obriši"
            busy={busy}
            onConfirm={() => {
              setConfirmDelete(false);
              submit("delete");
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The bulk rejection asks for the one note all the selected listings get. */
export function BulkRejectDialog({
  open,
  count,
  onOpenChange,
  onReject,
  busy,
  error,
}: {
  open: boolean;
  count: number;
  onOpenChange: (open: boolean) => void;
  onReject: (note: string) => void;
  busy: boolean;
  error?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Odbijanje oglasa ({count})
          </Dialog.Title>
          <label htmlFor="bulk-note" className="mt-4 block text-sm font-medium text-slate-700">
            Razlog odbijanja
          </label>
          <textarea
            ref={ref}
            id="bulk-note"
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bulk-note-error" : undefined}
            className={cn(noteClass, "mt-1", error ? "border-red-400" : "border-slate-300")}
          />
          {error ? (
            <p id="bulk-note-error" className="mt-1 text-xs font-medium text-red-600">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Otkaži
              </Button>
            </Dialog.Close>
            <Button variant="warning" disabled={busy} onClick={() => onReject(ref.current?.value ?? "")}>
              Odbij izabrane
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
