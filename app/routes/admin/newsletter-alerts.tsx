import { useFetcher } from "react-router";
import { z } from "zod";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { StatCard } from "~/components/newsletter/stat-cards";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { alertCounts, alertEmailTotals, recentAlertSends } from "~/domain/alerts/alerts.server";
import { latestAlertRuns, runDailyAlertsNow } from "~/domain/alerts/run-job.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { requirePermission } from "~/http/auth.server";
import { failure, storedErrorText, unknownIntent } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { formatDateTime } from "~/lib/dates";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-alerts";

export const meta: Route.MetaFunction = () => [
  { title: "Obaveštenja o oglasima — Newsletter — Admin panel" },
];

/**
 * `/admin/newsletter/alerts` (the newsletter's permission): how many alerts visitors hold, the
 * latest daily and instant runs, the sends they made, and "run the daily alerts now"
 * (docs/decisions/302, 303).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const db = getDb();
  const [counts, totals, runs, sends] = await Promise.all([
    alertCounts(db),
    alertEmailTotals(db),
    latestAlertRuns(db, 3),
    recentAlertSends(db, 20),
  ]);
  return {
    counts,
    totals,
    runs: runs.map((r) => ({ ...r, lastError: r.lastError === null ? null : storedErrorText(r.lastError) })),
    sends: sends.map((s) => ({
      ...s,
      lastError: s.lastError === null ? null : storedErrorText(s.lastError),
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("run-daily") })]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewNewsletter");
  const parsed = await readIntent(request, actionSchema);
  if (!parsed.ok) return unknownIntent();
  const db = getDb();
  const started = await runDailyAlertsNow(db);
  if (!started) return failure("alert.run_busy");
  await recordAudit(db, { actor: user, area: "newsletter", action: "alerts-run", ip: context.clientIp });
  return { ok: true, message: ALERT_MESSAGES.runStarted };
}

const number = new Intl.NumberFormat("sr-Latn");

const FREQUENCY = { daily: "Dnevno", instant: "Odmah" } as const;
const RUN_STATUS: Record<string, string> = {
  queued: "Zakazano",
  running: "U toku",
  done: "Završeno",
  failed: "Neuspešno",
  cancelled: "Zaustavljeno",
};
const SEND_STATUS: Record<string, string> = {
  queued: "Čeka na slanje",
  sending: "Šalje se",
  done: "Poslato",
  failed: "Neuspešno",
  cancelled: "Zaustavljeno",
};

type Run = Route.ComponentProps["loaderData"]["runs"][number];
type Send = Route.ComponentProps["loaderData"]["sends"][number];

const RUN_COLUMNS: Column<Run & { key: string }>[] = [
  { key: "frequency", header: "Vrsta", mobile: "title", cell: (r) => FREQUENCY[r.frequency] },
  {
    key: "status",
    header: "Status",
    mobile: "badge",
    cell: (r) => <StatusBadge status={r.status} labels={RUN_STATUS} />,
  },
  {
    key: "when",
    header: "Vreme",
    cell: (r) =>
      r.status === "queued"
        ? `zakazano ${formatDateTime(r.runAfter)}`
        : formatDateTime(r.finishedAt ?? r.runAfter),
  },
  { key: "message", header: "Ishod", cell: (r) => r.lastError ?? r.message ?? "—" },
];

const SEND_COLUMNS: Column<Send>[] = [
  { key: "when", header: "Pokrenuto", mobile: "title", cell: (s) => formatDateTime(s.queuedAt) },
  {
    key: "status",
    header: "Status",
    mobile: "badge",
    cell: (s) => <StatusBadge status={s.status} labels={SEND_STATUS} />,
  },
  {
    key: "audience",
    header: "Vrsta",
    cell: (s) => FREQUENCY[(s.audience ?? "daily") as keyof typeof FREQUENCY] ?? "—",
  },
  {
    key: "emails",
    header: "E-mailova",
    align: "right",
    cell: (s) => `${number.format(s.recipientsSent)} od ${number.format(s.totalRecipients)}`,
  },
  {
    key: "provider",
    header: "Provajder",
    cell: (s) => (s.provider === "outbox" ? "lokalni outbox (nije poslato)" : (s.provider ?? "—")),
  },
  { key: "error", header: "Greška", cell: (s) => s.lastError ?? "—" },
];

export default function NewsletterAlerts({ loaderData }: Route.ComponentProps) {
  const { counts, totals, runs, sends } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Obaveštenja o oglasima"
        description="Posetioci dobijaju nove oglase koji odgovaraju njihovoj pretrazi — jednom dnevno (u 7:00 po njujorškom vremenu) ili odmah."
        actions={
          <>
            <ButtonLink variant="secondary" to="/admin/newsletter">
              ‹ Newsletter
            </ButtonLink>
            <fetcher.Form method="post">
              <Button type="submit" name="intent" value="run-daily" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Pokretanje…" : "Pokreni dnevno slanje sada"}
              </Button>
            </fetcher.Form>
          </>
        }
      />
      {answer ? <Notice tone={answer.ok ? "success" : "error"} message={answer.message} /> : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="alert-stats">
        <StatCard
          label="Aktivna"
          value={counts.active}
          hint={`na ${number.format(counts.addresses)} adresa`}
        />
        <StatCard label="Čekaju potvrdu" value={counts.pending} />
        <StatCard label="Dnevna" value={counts.daily} />
        <StatCard label="Odmah" value={counts.instant} />
        <StatCard
          label="Poslovi / kupoprodaja"
          value={counts.jobs}
          hint={`kupoprodaja: ${number.format(counts.sales)}`}
        />
        <StatCard
          label="E-mailova (30 dana)"
          value={totals.last30}
          hint={`ukupno ${number.format(totals.total)}`}
        />
      </div>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          Pokretanja
        </h2>
        <DataTable
          rows={runs.map((r, i) => ({ ...r, key: `${r.frequency}-${i}` }))}
          rowKey={(r) => r.key}
          columns={RUN_COLUMNS}
          caption="Pokretanja slanja obaveštenja"
          testId="alert-run"
          empty={<p className="px-4 py-6 text-sm text-slate-500">Još nije bilo pokretanja.</p>}
        />
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">Slanja</h2>
        <DataTable
          rows={sends}
          columns={SEND_COLUMNS}
          caption="Slanja obaveštenja"
          testId="alert-send"
          empty={<p className="px-4 py-6 text-sm text-slate-500">Još nijedno obaveštenje nije poslato.</p>}
        />
      </Card>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
