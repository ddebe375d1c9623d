import { useCallback, useEffect, useState } from "react";
import { data, Form, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ComposerDialog } from "~/components/newsletter/composer-dialog";
import { isActiveSend, SendsCard, type SendView } from "~/components/newsletter/sends-card";
import { MonthlyChart, StatCards } from "~/components/newsletter/stat-cards";
import { SyncDialog, type SyncView } from "~/components/newsletter/sync-dialog";
import { TestEmailDialog } from "~/components/newsletter/test-email-dialog";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { SOURCE_LABELS, SUBSCRIBERS_PAGE_SIZE } from "~/domain/newsletter/constants";
import {
  continueSend,
  generateNewsletter,
  lastSync,
  type ManagerResult,
  sendNewsletter,
  startSync,
  stopSend,
  testEmail,
} from "~/domain/newsletter/manager.server";
import { recentSends } from "~/domain/newsletter/sends.server";
import { emailStatsSummary } from "~/domain/newsletter/stats.server";
import {
  listSubscribers,
  parseSubscriberFilter,
  subscriberSources,
} from "~/domain/newsletter/subscribers.server";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { publicOrigin } from "~/lib/public-origin.server";
import { getContacts, getDb, getMail, getOutbox, getStorage } from "~/services.server";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const params = new URL(request.url).searchParams;
  const filter = parseSubscriberFilter(params);
  const page = parsePage(params.get("page"));
  const db = getDb();
  const mail = getMail();
  const [stats, list, sources, sends, sync, outboxTotal] = await Promise.all([
    emailStatsSummary(db),
    listSubscribers(db, filter, page).catch((error: unknown) => {
      // Spec §8: a list that cannot load shows empty.
      logger.error({ err: error }, "newsletter subscribers could not be listed");
      return { rows: [], total: 0 };
    }),
    subscriberSources(db).catch((error: unknown) => {
      logger.error({ err: error }, "subscriber sources could not be read");
      return [] as string[];
    }),
    recentSends(db, 5),
    lastSync(db),
    getOutbox()
      .list({ page: 1, perPage: 1 })
      .then((r) => r.total)
      .catch((error: unknown) => {
        logger.error({ err: error }, "the local outbox could not be read");
        return 0;
      }),
  ]);
  return {
    stats,
    subscribers: list.rows,
    total: list.total,
    filter,
    page,
    sources,
    sends,
    sync,
    outboxTotal,
    provider: { name: mail.name, domain: mail.domain },
    brevoConfigured: getContacts() !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewNewsletter");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  let result: ManagerResult;
  switch (intent) {
    case "generate":
      result = await generateNewsletter(db, getStorage(), form, {
        origin: publicOrigin(request),
        createdBy: user.email,
      });
      break;
    case "send":
      result = await sendNewsletter(db, form, user.email);
      break;
    case "test-email":
      result = await testEmail(db, getMail(), form);
      break;
    case "sync":
      result = await startSync(db, getContacts(), user.email);
      break;
    case "cancel-send":
    case "resume-send": {
      const id = parseId(form.get("sendId"));
      if (id === null) {
        result = { intent, ok: false, status: 400, message: "Nepoznato slanje." };
        break;
      }
      result = intent === "cancel-send" ? await stopSend(db, id) : await continueSend(db, id, user.email);
      break;
    }
    default:
      result = { intent, ok: false, status: 400, message: "Nepoznata akcija." };
  }
  if (result.ok) {
    await recordAudit(db, {
      actor: user,
      area: "newsletter",
      action: intent === "test-email" ? "send-test" : intent,
      recordId: String(form.get("sendId") ?? form.get("draftId") ?? "") || null,
      recordLabel: String(form.get("subject") ?? "") || null,
      ip: context.clientIp,
    });
  }
  return data(result, { status: result.status ?? (result.ok ? 200 : 400) });
}

type Row = Route.ComponentProps["loaderData"]["subscribers"][number];

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const {
    stats,
    subscribers,
    total,
    filter,
    page,
    sources,
    sends,
    sync,
    outboxTotal,
    provider,
    brevoConfigured,
  } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<null | "manual" | "dynamic" | "sync" | "test">(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sendViews = sends as unknown as SendView[];
  const syncView = sync as unknown as SyncView;
  const busy =
    sendViews.some(isActiveSend) || syncView?.status === "queued" || syncView?.status === "running";

  // While a send or a sync runs, follow its progress (the work itself runs on the server).
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);

  const onSent = useCallback(
    (message: string) => {
      setNotice(message);
      revalidator.revalidate();
    },
    [revalidator],
  );
  const openDialog = (name: typeof dialog) => () => setDialog(name);
  const closeDialog = useCallback((open: boolean) => {
    if (!open) setDialog(null);
  }, []);

  const exportQuery = new URLSearchParams(params);
  exportQuery.delete("page");
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/newsletter";

  return (
    <div className="space-y-6">
      <PageHeader
        title="Newsletter"
        description="Pretplatnici, slanje newsletter-a i statistika email-ova."
        actions={
          <>
            <Button variant="secondary" onClick={openDialog("test")}>
              Test email
            </Button>
            <Button variant="secondary" onClick={openDialog("sync")}>
              Sinhronizacija
            </Button>
            <Button variant="secondary" onClick={openDialog("dynamic")}>
              Dinamički newsletter
            </Button>
            <Button onClick={openDialog("manual")}>+ Novi newsletter</Button>
          </>
        }
      />
      {notice ? <Notice tone="success" message={notice} /> : null}
      {provider.name === "outbox" ? (
        <Notice
          tone="warning"
          message="Mailgun nije podešen (MAILGUN_API_KEY, MAILGUN_DOMAIN): newsletteri i test poruke se čuvaju u lokalnom outboxu i ne šalju se."
        />
      ) : null}

      <StatCards stats={stats} />
      {stats.outboxRecipients > 0 ? (
        <p className="-mt-3 text-xs text-slate-500">
          U lokalnom outboxu (nije poslato): {new Intl.NumberFormat("sr-Latn").format(stats.outboxRecipients)}{" "}
          primalaca.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <MonthlyChart months={stats.months} />
        <SendsCard sends={sendViews} outboxTotal={outboxTotal} />
      </div>

      <section aria-labelledby="subscribers-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="subscribers-title" className="text-lg font-semibold text-slate-900">
            Pretplatnici
          </h2>
          <a
            href={`/admin/newsletter/export.csv${exportQuery.size ? `?${exportQuery}` : ""}`}
            download
            className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Izvoz u CSV
          </a>
        </div>
        <Card className="p-4">
          <Form
            method="get"
            role="search"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_14rem_auto]"
          >
            <label className="sr-only" htmlFor="q">
              Pretraga po email adresi
            </label>
            <Input
              id="q"
              name="q"
              type="search"
              placeholder="Pretraži po email adresi…"
              defaultValue={filter.search}
            />
            <label className="sr-only" htmlFor="status">
              Status
            </label>
            <Select id="status" name="status" defaultValue={filter.status}>
              <option value="">Svi statusi</option>
              <option value="active">Aktivni</option>
              <option value="inactive">Neaktivni</option>
            </Select>
            <label className="sr-only" htmlFor="izvor">
              Izvor
            </label>
            <Select id="izvor" name="izvor" defaultValue={filter.source}>
              <option value="">Svi izvori</option>
              {sources.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s] ?? s}
                </option>
              ))}
            </Select>
            <div className="flex gap-2">
              <Button type="submit" disabled={searching}>
                Pretraži
              </Button>
              {filter.search || filter.status || filter.source ? (
                <ButtonLink variant="ghost" to="/admin/newsletter">
                  Poništi
                </ButtonLink>
              ) : null}
            </div>
          </Form>
        </Card>
        <p className="text-sm text-slate-600" aria-live="polite">
          {resultCountLine(page, SUBSCRIBERS_PAGE_SIZE, total)}
        </p>
        <Card className="overflow-hidden">
          <DataTable<Row, number>
            caption="Pretplatnici newsletter-a"
            rows={subscribers}
            rowKey={(r) => r.id}
            testId="subscriber"
            empty={filter.search ? "Nema pretplatnika za ovu pretragu." : "Još nema pretplatnika."}
            columns={[
              {
                key: "email",
                header: "Email",
                mobile: "title",
                cell: (r) => <span className="break-all">{r.email}</span>,
              },
              {
                key: "status",
                header: "Status",
                mobile: "badge",
                cell: (r) => (
                  <Badge tone={r.isActive ? "success" : "neutral"}>
                    {r.isActive ? "Aktivan" : "Neaktivan"}
                  </Badge>
                ),
              },
              {
                key: "source",
                header: "Izvor",
                cell: (r) => (r.source ? (SOURCE_LABELS[r.source] ?? r.source) : "—"),
              },
              { key: "subscribed", header: "Pretplaćen", cell: (r) => formatDate(r.subscribedAt) },
              {
                key: "changed",
                header: "Odjavljen / izmenjen",
                cell: (r) =>
                  r.unsubscribedAt ? `odjava ${formatDate(r.unsubscribedAt)}` : formatDate(r.updatedAt),
              },
              {
                key: "brevo",
                header: "Brevo",
                cell: (r) =>
                  r.brevoContactId ? <span className="tabular-nums">#{r.brevoContactId}</span> : "—",
              },
            ]}
          />
        </Card>
        <Pagination
          page={page}
          totalPages={totalPagesOf(total, SUBSCRIBERS_PAGE_SIZE)}
          label="Stranice pretplatnika"
        />
      </section>

      <ComposerDialog kind="manual" open={dialog === "manual"} onOpenChange={closeDialog} onSent={onSent} />
      <ComposerDialog kind="dynamic" open={dialog === "dynamic"} onOpenChange={closeDialog} onSent={onSent} />
      <SyncDialog
        open={dialog === "sync"}
        onOpenChange={closeDialog}
        sync={syncView}
        configured={brevoConfigured}
      />
      <TestEmailDialog open={dialog === "test"} onOpenChange={closeDialog} provider={provider} />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
