import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { formatDateTime } from "~/lib/dates";
import { Modal } from "./modal";

export type SyncView = {
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
  progress: {
    phase?: string;
    offset?: number;
    counts?: { created: number; updated: number; deactivated: number; pushed: number; errors: number };
  };
  error: string | null;
} | null;

const PHASES: Record<string, string> = {
  pull: "Preuzimanje kontakata iz Brevo",
  deactivate: "Deaktiviranje kontakata kojih više nema u Brevo",
  push: "Slanje lokalnih pretplatnika u Brevo",
  done: "Završeno",
};

/** Spec §4/§7: the Brevo sync, its progress, and its counts (or 'Greška prilikom sinhronizacije'). */
// Over 80 lines on purpose: one flat dialog layout (state, counts, start button); no logic of its own.
export function SyncDialog({
  open,
  onOpenChange,
  sync,
  configured,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sync: SyncView;
  configured: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "newsletter-sync" });
  const running = sync?.status === "queued" || sync?.status === "running";
  const counts = sync?.progress.counts;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Sinhronizacija sa Brevo"
      description="Preuzima kontakte iz Brevo (trenutno oko 572 kontakta), usklađuje aktivne i odjavljene, deaktivira one kojih tamo više nema i šalje u Brevo lokalne pretplatnike koji tamo još ne postoje."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Zatvori
          </Button>
          <Button
            disabled={!configured || running || fetcher.state !== "idle"}
            onClick={() =>
              fetcher.submit({ intent: "sync" }, { method: "post", action: "/admin/newsletter" })
            }
          >
            {running ? "Sinhronizacija u toku…" : "Pokreni sinhronizaciju"}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        {!configured ? (
          <Notice
            tone="warning"
            message="Brevo nije podešen (BREVO_API_KEY), pa sinhronizacija nije moguća."
          />
        ) : null}
        {fetcher.data && !fetcher.data.ok ? <Notice tone="error" message={fetcher.data.message} /> : null}
        {sync ? (
          <div
            className="space-y-2 rounded-lg border border-slate-200 p-3"
            aria-live="polite"
            data-testid="sync-state"
          >
            <p className="font-medium text-slate-800">
              {running
                ? `${PHASES[sync.progress.phase ?? "pull"] ?? "U toku"}… (pregledano ${sync.progress.offset ?? 0} kontakata)`
                : sync.status === "failed"
                  ? "Poslednja sinhronizacija nije uspela."
                  : `Poslednja sinhronizacija: ${formatDateTime(sync.finishedAt ?? sync.startedAt)}`}
            </p>
            {sync.status === "failed" ? <Notice tone="error" message={sync.error} /> : null}
            {counts ? (
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                {[
                  ["Novi", counts.created],
                  ["Ažurirani", counts.updated],
                  ["Deaktivirani", counts.deactivated],
                  ["Greške", counts.errors],
                  ["Poslato u Brevo", counts.pushed],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        ) : (
          <p className="text-slate-600">Sinhronizacija još nije pokretana.</p>
        )}
      </div>
    </Modal>
  );
}
