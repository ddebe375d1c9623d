import { useCallback, useEffect, useState } from "react";
import { data, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ComposerDialog } from "~/components/newsletter/composer-dialog";
import { isActiveSend, SendsCard, type SendView } from "~/components/newsletter/sends-card";
import { MonthlyChart, StatCards } from "~/components/newsletter/stat-cards";
import { SubscribersSection } from "~/components/newsletter/subscribers-section";
import { SyncDialog, type SyncView } from "~/components/newsletter/sync-dialog";
import { TestEmailDialog } from "~/components/newsletter/test-email-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { recentSends } from "~/domain/newsletter/sends.server";
import { emailStatsSummary } from "~/domain/newsletter/stats.server";
import {
  listSubscribers,
  parseSubscriberFilter,
  subscriberSources,
} from "~/domain/newsletter/subscribers.server";
import { readListRequest } from "~/http/admin-list.server";
import { requirePermission } from "~/http/auth.server";
import { storedErrorText, unknownIntent } from "~/http/errors";
import { parseIntent } from "~/http/intent";
import { publicOrigin } from "~/http/public-origin.server";
import { idField } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { getContacts, getDb, getMail, getOutbox, getStorage } from "~/services.server";
import type { Route } from "./+types/newsletter";
import {
  continueSend,
  generateNewsletter,
  lastSync,
  type ManagerResult,
  sendNewsletter,
  startSync,
  stopSend,
  testEmail,
} from "./newsletter-actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { params, page } = await readListRequest(request, "canViewNewsletter");
  const filter = parseSubscriberFilter(params);
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
    // A failed send records a code (decision 271): the card shows its words.
    sends: sends.map((s) => ({
      ...s,
      lastError: s.lastError === null ? null : storedErrorText(s.lastError),
    })),
    sync,
    outboxTotal,
    provider: { name: mail.name, domain: mail.domain },
    brevoConfigured: getContacts() !== null,
  };
}

const sendId = idField("Nepoznato slanje.");
/** The manager's buttons; each intent's own fields are read by its action (newsletter-actions). */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("send") }),
  z.object({ intent: z.literal("test-email") }),
  z.object({ intent: z.literal("sync") }),
  z.object({ intent: z.literal("cancel-send"), sendId }),
  z.object({ intent: z.literal("resume-send"), sendId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewNewsletter");
  const form = await request.formData();
  const parsed = parseIntent(actionSchema, form);
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ intent: parsed.intent });
    return data({ intent: parsed.intent, ok: false, message: "Nepoznato slanje." }, { status: 400 });
  }
  const input = parsed.data;
  const db = getDb();
  let result: ManagerResult;
  switch (input.intent) {
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
      result = await stopSend(db, input.sendId);
      break;
    case "resume-send":
      result = await continueSend(db, input.sendId, user.email);
      break;
  }
  if (result.ok) {
    await recordAudit(db, {
      actor: user,
      area: "newsletter",
      action: input.intent === "test-email" ? "send-test" : input.intent,
      recordId: String(form.get("sendId") ?? form.get("draftId") ?? "") || null,
      recordLabel: String(form.get("subject") ?? "") || null,
      ip: context.clientIp,
    });
  }
  return data(result, { status: result.status ?? (result.ok ? 200 : 400) });
}

// Over 80 lines on purpose: the screen's layout (stats, sends, subscribers, four dialogs), each a named part.
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
            <ButtonLink variant="secondary" to="/admin/newsletter/alerts">
              Obaveštenja o oglasima
            </ButtonLink>
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

      <SubscribersSection
        subscribers={subscribers}
        total={total}
        page={page}
        filter={filter}
        sources={sources}
        exportQuery={exportQuery.size ? `?${exportQuery}` : ""}
        searching={searching}
      />

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
