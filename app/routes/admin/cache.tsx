import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { clearBrowserStores, isSignInKey, windowStores } from "~/domain/cache/browser";
import { clearServerCaches, SERVER_CACHES } from "~/domain/cache/clear.server";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import { logger } from "~/lib/logger.server";
import { CACHE_MESSAGES } from "~/messages/cache";
import { getDb } from "~/services.server";
import type { Route } from "./+types/cache";

export const meta: Route.MetaFunction = () => [{ title: "Keš — Admin panel" }];

/** After the reload, the URL carries the outcome so the page can report it (spec §8). */
const DONE_PARAM = "obrisano";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewSettings");
  const url = new URL(request.url);
  return { cleared: url.searchParams.get(DONE_PARAM) === "1", serverCaches: SERVER_CACHES };
}

const clearSchema = z.object({ intent: z.literal("clear") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewSettings");
  const parsed = parseForm(clearSchema, await request.formData());
  if (!parsed.ok) return failure("cache.server_failed", { status: 400 });
  try {
    const cleared = clearServerCaches();
    logger.info({ by: user.email, cleared }, "server caches cleared from the cache screen");
    await recordAudit(getDb(), { actor: user, area: "cache", action: "clear", ip: context.clientIp });
    return data({ ok: true, message: CACHE_MESSAGES.cleared });
  } catch (error) {
    logger.error({ err: error }, "server caches could not be cleared");
    return failure("cache.server_failed");
  }
}

type Counts = {
  local: number;
  kept: number;
  session: number;
  caches: number | null;
  databases: number | null;
};

/** What this browser holds for the site right now (shown before clearing). */
async function countStores(): Promise<Counts> {
  const stores = windowStores(window);
  const keys: string[] = [];
  const local = stores.localStorage;
  if (local) for (let i = 0; i < local.length; i++) keys.push(local.key(i) ?? "");
  const kept = keys.filter(isSignInKey).length;
  let caches: number | null = null;
  let databases: number | null = null;
  try {
    caches = stores.caches ? (await stores.caches.keys()).length : 0;
  } catch {
    caches = null;
  }
  try {
    databases = stores.indexedDB?.databases ? (await stores.indexedDB.databases()).length : null;
  } catch {
    databases = null;
  }
  return { local: keys.length - kept, kept, session: stores.sessionStorage?.length ?? 0, caches, databases };
}

// Over 80 lines on purpose: the clear → reload phases and the one flat layout that shows them.
export default function CacheScreen({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>({ key: "cache-clear" });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [phase, setPhase] = useState<"idle" | "clearing" | "reloading">("idle");
  const [error, setError] = useState<string | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);

  useEffect(() => {
    countStores()
      .then(setCounts)
      .catch(() => setCounts(null));
  }, []);

  // The reload's URL said "done": say so once, then drop the marker from the address bar.
  useEffect(() => {
    if (!loaderData.cleared) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(DONE_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
  }, [loaderData.cleared]);

  // Server first; then this browser's storage; then the reload (spec §4).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      setPhase("idle");
      setError(result.message);
      setConfirmOpen(false);
      return;
    }
    clearBrowserStores(windowStores(window))
      .then(() => {
        setPhase("reloading");
        window.location.replace(`/admin/cache?${DONE_PARAM}=1`);
      })
      .catch((err: unknown) => {
        setPhase("idle");
        setConfirmOpen(false);
        setError(CACHE_MESSAGES.failed(err instanceof Error ? err.message : String(err)));
      });
  }, [fetcher.state, fetcher.data]);

  const busy = phase !== "idle" || fetcher.state !== "idle";
  const clear = () => {
    setError(null);
    setPhase("clearing");
    fetcher.submit({ intent: "clear" }, { method: "post", action: "/admin/cache" });
  };

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Keš"
        description="Kada nešto na sajtu ili u admin panelu izgleda zastarelo: obrišite keš i stranica će se ponovo učitati."
      />
      <div className="mb-4 space-y-2" aria-live="polite">
        {loaderData.cleared && !error ? <Notice tone="success" message={CACHE_MESSAGES.cleared} /> : null}
        {error ? <Notice tone="error" message={error} /> : null}
      </div>
      <Card className="space-y-5 p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Šta se briše</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              <strong>U ovom pregledaču:</strong> lokalno skladište (osim podataka o prijavi), skladište
              sesije, Cache Storage i IndexedDB.
              {counts ? (
                <span className="mt-1 block text-xs text-slate-500" data-testid="browser-counts">
                  Sada: {counts.local} stavki u lokalnom skladištu
                  {counts.kept > 0 ? ` (+${counts.kept} o prijavi, ostaju)` : ""}, {counts.session} u
                  skladištu sesije
                  {counts.caches !== null ? `, ${counts.caches} keš skladišta` : ""}
                  {counts.databases !== null ? `, ${counts.databases} IndexedDB baza` : ""}.
                </span>
              ) : null}
            </li>
            <li>
              <strong>Na serveru:</strong> {loaderData.serverCaches.join(", ")} — promene se odmah vide na
              javnom sajtu.
            </li>
          </ul>
          <p className="mt-3 text-xs text-slate-500">
            Ostajete prijavljeni. Sadržaj u bazi (članci, kompanije, podešavanja) se ne menja.
          </p>
        </div>
        <div className="flex justify-end border-t border-slate-100 pt-4">
          <Button variant="warning" onClick={() => setConfirmOpen(true)} disabled={busy}>
            {phase === "reloading" ? "Ponovno učitavanje…" : busy ? "Brisanje…" : "Obriši keš"}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => !busy && setConfirmOpen(open)}
        tone="warning"
        title={CACHE_MESSAGES.confirmTitle}
        description="Brišu se keš ovog pregledača i keš servera, a zatim se stranica ponovo učitava."
        confirmLabel="Obriši keš"
        busy={busy}
        onConfirm={clear}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
