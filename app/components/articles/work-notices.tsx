/**
 * The article form's notices about work in progress (decision 193): who else has the article
 * open, an autosaved draft to bring back, a save refused because a newer version exists, and the
 * shareable preview link of a draft or scheduled article (decision 194).
 */
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import { formatDateTime, ZONE_LABEL } from "~/lib/dates";
import { WORK_API } from "./form-safety";

export function PresenceNotice({ others }: { others: { name: string; since: string | Date }[] }) {
  if (others.length === 0) return null;
  const who = others.map((o) => `${o.name} (od ${formatDateTime(o.since)})`).join(", ");
  const zone = `(${ZONE_LABEL})`;
  return (
    <div
      role="status"
      data-testid="presence"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <strong>Ovaj članak trenutno uređuje i:</strong> {who} {zone}. Ako obe strane sačuvaju, druga će morati
      da izabere čije izmene ostaju.
    </div>
  );
}

export function DraftOffer({
  savedAt,
  articleId,
  onRestore,
  onDiscard,
}: {
  savedAt: string | Date;
  articleId: number | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="draft-offer"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong>Pronađen je nesačuvan nacrt ovog formulara</strong> od {formatDateTime(savedAt)} ({ZONE_LABEL}
        ; automatski sačuvan pre nego što je stranica zatvorena).
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={onRestore}>
          Vrati nacrt
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            void fetch(WORK_API, {
              method: "POST",
              body: new URLSearchParams({
                intent: "discard",
                article: articleId === null ? "" : String(articleId),
              }),
            });
            onDiscard();
          }}
        >
          Odbaci
        </Button>
      </div>
    </div>
  );
}

/**
 * A save refused because a newer version exists (decision 193): shown where the editor is — a
 * dialog that takes the focus (the save button may be far below the top of the form). Closed
 * without a choice, it stays as a notice above the form.
 */
export function ConflictNotice({
  conflict,
  onReload,
  onKeepMine,
}: {
  conflict: { savedBy: string; savedAt: string | Date };
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const [dismissed, setDismissed] = useState(false);
  const what = (
    <>
      članak je u međuvremenu sačuvao
      {conflict.savedBy ? ` ${conflict.savedBy}` : " neko drugi"} ({formatDateTime(conflict.savedAt)},{" "}
      {ZONE_LABEL}). Izaberite šta želite:
    </>
  );
  const choices = (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="sm" variant="secondary" onClick={onReload}>
          Učitaj njihovu verziju
        </Button>
        <Button size="sm" onClick={onKeepMine}>
          Sačuvaj moju kao novu reviziju
        </Button>
      </div>
      <p className="text-xs">Ni jedna verzija se ne gubi: obe ostaju u revizijama.</p>
    </>
  );
  if (!dismissed) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && setDismissed(true)}
        layout="center"
        width="lg"
        title="Vaše izmene nisu sačuvane"
        description={<>Vaše izmene nisu sačuvane: {what}</>}
        testId="conflict"
      >
        <div className="mt-4 space-y-3 text-sm text-slate-700">{choices}</div>
      </Dialog>
    );
  }
  return (
    <div
      role="alert"
      data-testid="conflict"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p>
        <strong>Vaše izmene nisu sačuvane:</strong> {what}
      </p>
      {choices}
    </div>
  );
}

/** The answer of the form's other buttons (unschedule, preview link, restore). */
export type WorkReply = {
  ok: boolean;
  intent?: string;
  message?: string;
  previewUrl?: string;
  expiresAt?: string | Date;
};

/** A link's full address (the card shows it to copy). */
const absolute = (path: string) => new URL(path, window.location.origin).toString();

/** One working link: its address to copy, until when it works, who made it, "Opozovi". */
function PreviewLinkRow({
  link,
  fresh,
  busy,
  onRevoke,
}: {
  link: { id: number; path: string; expiresAt: string | Date; createdByName: string };
  fresh: boolean;
  busy: boolean;
  onRevoke: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const url = absolute(link.path);
  return (
    <li className="space-y-1 py-2" data-testid="preview-link">
      <label className="block text-xs text-slate-600" htmlFor={`preview-url-${link.id}`}>
        {fresh ? "Novi link — radi" : "Radi"} bez prijave do {formatDateTime(link.expiresAt)} ({ZONE_LABEL})
        {link.createdByName ? `; napravio/la: ${link.createdByName}` : ""}
      </label>
      <input
        id={`preview-url-${link.id}`}
        readOnly
        value={url}
        className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex gap-1">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? "Kopirano" : "Kopiraj link"}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" disabled={busy} onClick={onRevoke}>
          Opozovi
        </Button>
      </div>
    </li>
  );
}

/**
 * "Pregled za deljenje" of a draft or scheduled article (decisions 194, 291): make a link, see the
 * article's working links with their expiry, revoke one; and "Otkaži zakazivanje".
 */
export function PreviewLinkCard({
  fetcher,
  links,
  canUnschedule,
}: {
  fetcher: FetcherWithComponents<WorkReply>;
  links: { id: number; path: string; expiresAt: string | Date; createdByName: string }[];
  canUnschedule: boolean;
}) {
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <Button
        variant="secondary"
        className="w-full"
        disabled={busy}
        onClick={() => fetcher.submit({ intent: "preview-link" }, { method: "post" })}
      >
        Pregled za deljenje
      </Button>
      {links.length > 0 ? (
        <div data-testid="preview-links">
          <p className="text-xs font-medium text-slate-700">Aktivni linkovi za pregled ({links.length})</p>
          <ul className="divide-y divide-slate-100">
            {links.map((link) => (
              <PreviewLinkRow
                key={link.id}
                link={link}
                fresh={reply?.previewUrl === link.path}
                busy={busy}
                onRevoke={() =>
                  fetcher.submit({ intent: "preview-revoke", linkId: String(link.id) }, { method: "post" })
                }
              />
            ))}
          </ul>
        </div>
      ) : null}
      {canUnschedule ? (
        <Button
          variant="ghost"
          className="w-full text-red-700"
          disabled={busy}
          onClick={() => fetcher.submit({ intent: "unschedule" }, { method: "post" })}
        >
          Otkaži zakazivanje
        </Button>
      ) : null}
      {reply?.message ? <Notice tone={reply.ok ? "success" : "error"} message={reply.message} /> : null}
    </div>
  );
}
