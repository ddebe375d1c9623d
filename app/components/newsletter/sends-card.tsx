import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Card } from "~/components/admin/page-header";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/dates";

export type SendView = {
  id: number;
  kind: "manual" | "dynamic";
  status: "draft" | "queued" | "sending" | "done" | "failed" | "cancelled";
  subject: string;
  provider: string | null;
  totalRecipients: number;
  totalBatches: number;
  batchesDone: number;
  recipientsSent: number;
  lastError: string | null;
  createdBy: string | null;
  queuedAt: string | Date | null;
  finishedAt: string | Date | null;
  jobStatus: string | null;
};

const STATUS_LABELS: Record<SendView["status"], string> = {
  draft: "Nacrt",
  queued: "Čeka na slanje",
  sending: "Šalje se",
  done: "Poslato",
  failed: "Neuspešno",
  cancelled: "Zaustavljeno",
};

const number = new Intl.NumberFormat("sr-Latn");

export function isActiveSend(send: SendView): boolean {
  return send.status === "queued" || send.status === "sending";
}

function Progress({ send }: { send: SendView }) {
  const total = Math.max(send.totalBatches, 1);
  const pct = send.totalBatches === 0 ? 0 : Math.round((send.batchesDone / total) * 100);
  return (
    <div>
      <div
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`Slanje: ${send.subject}`}
        aria-valuemin={0}
        aria-valuemax={send.totalBatches}
        aria-valuenow={send.batchesDone}
        aria-valuetext={`${send.batchesDone} od ${send.totalBatches} grupa`}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600" data-testid="send-progress">
        {send.totalBatches > 0
          ? `Grupa ${send.batchesDone} od ${send.totalBatches} · ${number.format(send.recipientsSent)} od ${number.format(send.totalRecipients)} primalaca`
          : `Priprema liste primalaca (${number.format(send.totalRecipients)})…`}
      </p>
    </div>
  );
}

/** The current send's progress and the last few sends, with stop and resume. */
// Over 80 lines on purpose: one flat list layout of the recent sends with their progress and buttons.
export function SendsCard({ sends, outboxTotal }: { sends: SendView[]; outboxTotal: number }) {
  const fetcher = useFetcher<{ ok: boolean; message: string; intent: string }>({ key: "send-control" });
  const [toStop, setToStop] = useState<SendView | null>(null);
  const busy = fetcher.state !== "idle";
  const submit = (intent: "cancel-send" | "resume-send", id: number) => {
    fetcher.submit({ intent, sendId: String(id) }, { method: "post" });
    setToStop(null);
  };
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Slanja</h2>
        {outboxTotal > 0 ? (
          <Link to="/admin/newsletter/outbox" className="text-sm font-medium text-brand-700 hover:underline">
            Lokalni outbox ({number.format(outboxTotal)})
          </Link>
        ) : null}
      </div>
      {fetcher.data && fetcher.state === "idle" ? (
        <p
          role={fetcher.data.ok ? "status" : "alert"}
          className={`px-4 pt-3 text-sm font-medium ${fetcher.data.ok ? "text-emerald-700" : "text-red-700"}`}
        >
          {fetcher.data.message}
        </p>
      ) : null}
      {sends.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">
          Iz ovog panela još nije pokrenuto nijedno slanje newslettera (brojevi gore broje sve poslate
          email-ove sajta). Napravite prvi dugmetom „Novi newsletter”.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {sends.map((send) => {
            // Kept in the local outbox is not sent: say so (in the colour of something left to do).
            const inOutbox = send.status === "done" && send.provider === "outbox";
            return (
              <li key={send.id} className="space-y-2 px-4 py-3" data-testid={`send-${send.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{send.subject}</p>
                    <p className="text-xs text-slate-500">
                      {send.kind === "dynamic" ? "Dinamički" : "Ručni"} · {formatDateTime(send.queuedAt)}
                      {send.createdBy ? ` · ${send.createdBy}` : ""}
                      {send.provider === "outbox"
                        ? " · lokalni outbox (nije poslato)"
                        : send.provider === "mailgun"
                          ? " · Mailgun"
                          : ""}
                    </p>
                  </div>
                  {inOutbox ? (
                    <StatusBadge status="pending" labels={{ pending: "Sačuvano u outboxu" }} />
                  ) : (
                    <StatusBadge status={send.status} labels={STATUS_LABELS} />
                  )}
                </div>
                {isActiveSend(send) ? <Progress send={send} /> : null}
                {!isActiveSend(send) ? (
                  <p className="text-sm text-slate-600">
                    {number.format(send.recipientsSent)} od {number.format(send.totalRecipients)} primalaca
                    {send.finishedAt ? ` · završeno ${formatDateTime(send.finishedAt)}` : ""}
                  </p>
                ) : null}
                {send.lastError ? (
                  <p
                    className={`text-sm ${send.status === "failed" ? "text-red-700" : "text-amber-800"}`}
                    role={send.status === "failed" ? "alert" : undefined}
                  >
                    {send.lastError}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {isActiveSend(send) ? (
                    <Button size="sm" variant="secondary" disabled={busy} onClick={() => setToStop(send)}>
                      Zaustavi slanje
                    </Button>
                  ) : null}
                  {(send.status === "failed" || send.status === "cancelled") &&
                  send.recipientsSent < send.totalRecipients ? (
                    <Button size="sm" disabled={busy} onClick={() => submit("resume-send", send.id)}>
                      Nastavi slanje
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={toStop !== null}
        onOpenChange={(open) => !open && setToStop(null)}
        tone="warning"
        title="Zaustaviti slanje?"
        description="Grupe koje su već poslate ostaju poslate. Slanje možete kasnije nastaviti od sledeće grupe — niko neće dobiti newsletter dva puta."
        confirmLabel="Zaustavi"
        busy={busy}
        onConfirm={() => toStop && submit("cancel-send", toStop.id)}
      />
    </Card>
  );
}
