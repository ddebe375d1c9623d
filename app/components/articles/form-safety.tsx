/**
 * No lost work on the article form (decision 193), in the browser:
 *
 * - the form's fields are compared with what it opened with, once a second; while they differ,
 *   leaving asks first — a link in the app (the sidebar, "Nazad"), the back button (React
 *   Router's blocker) and closing or reloading the tab (`beforeunload`);
 * - while they differ and have changed since the last autosave, the form is saved on the server
 *   every AUTOSAVE_MS (`/admin/api/article-work`, intent=autosave);
 * - an open form of a stored article sends a heartbeat every HEARTBEAT_MS: the answer says who
 *   else has it open (and since when) and the stored version, so the editor learns of a newer
 *   save before pressing "Sačuvaj".
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AUTOSAVE_MS, HEARTBEAT_MS } from "~/domain/articles/drafts-timing";
import { type FormValues, formValues } from "~/lib/form-values";

export const WORK_API = "/admin/api/article-work";
const BOOKKEEPING = new Set(["from", "baseVersion", "force", "intent"]);

export type OtherEditor = { name: string; since: string };

/** The form's fields that matter, as a comparable string and as values to autosave. */
export function readForm(form: HTMLFormElement, lists: readonly string[]) {
  const values = formValues(new FormData(form), { lists });
  for (const key of Object.keys(values)) if (BOOKKEEPING.has(key)) delete values[key];
  return { values, key: JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b))) };
}

function post(fields: Record<string, string>, keepalive = false) {
  return fetch(WORK_API, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
    keepalive,
  });
}

/** Saves the form's values on the server; the time it was saved, or null when it was not. */
function autosave(
  articleId: number | null,
  baseVersion: number | null,
  values: FormValues,
): Promise<Date | null> {
  return post({
    intent: "autosave",
    article: articleId === null ? "" : String(articleId),
    baseVersion: baseVersion === null ? "" : String(baseVersion),
    values: JSON.stringify(values),
  })
    .then(async (res) => (res.ok ? new Date(((await res.json()) as { savedAt: string }).savedAt) : null))
    .catch(() => null);
}

/** Presence: a heartbeat now and every HEARTBEAT_MS (who else, the stored version); "leave" when the form closes. */
function usePresence(articleId: number | null, baseVersion: number | null) {
  const [others, setOthers] = useState<OtherEditor[]>([]);
  const [storedVersion, setStoredVersion] = useState<number | null>(baseVersion);
  useEffect(() => {
    if (articleId === null) return;
    const beat = () =>
      post({ intent: "heartbeat", article: String(articleId) })
        .then((res) => (res.ok ? res.json() : null))
        .then((body: { others: OtherEditor[]; version: number | null } | null) => {
          if (!body) return;
          setOthers(body.others);
          setStoredVersion(body.version);
        })
        .catch(() => undefined);
    void beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    const leave = () =>
      void post({ intent: "leave", article: String(articleId) }, true).catch(() => undefined);
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [articleId]);
  return { others, storedVersion };
}

/** With changes, leaving asks: the browser on closing or reloading the tab, our dialog for links and the back button. */
function useLeaveGuard(changedNow: () => boolean, leaving: RefObject<boolean>) {
  // Closing or reloading the tab with changes: the browser asks.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!changedNow()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [changedNow]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && changedNow(),
  );

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      tone="warning"
      title="Nesačuvane izmene"
      description="Imate izmene koje nisu sačuvane. Ako napustite stranicu, ostaće samo u automatski sačuvanom nacrtu. Da li želite da napustite stranicu?"
      confirmLabel="Napusti stranicu"
      cancelLabel="Ostani"
      onConfirm={() => {
        leaving.current = true;
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}

export type FormSafetyOptions = {
  formRef: RefObject<HTMLFormElement | null>;
  articleId: number | null;
  baseVersion: number | null;
  lists: readonly string[];
  /** The editor has written its first value: the form's starting point can be read. */
  ready: boolean;
  /** Changes when the form shows a new stored version (a restore, "reload theirs"): a new baseline. */
  generation: string | number;
};

// The baseline, the once-a-second check and the autosave share the same refs.
export function useFormSafety(options: FormSafetyOptions) {
  const { formRef, articleId, baseVersion, lists, ready, generation } = options;
  const initial = useRef<string | null>(null);
  const lastSaved = useRef<string | null>(null);
  const lastSavedAt = useRef(0);
  const leaving = useRef(false);
  const [dirty, setDirty] = useState(false);
  const [autosavedAt, setAutosavedAt] = useState<Date | null>(null);

  /** Takes the current fields as the unchanged state (after loading or restoring). */
  const resetBaseline = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    initial.current = readForm(form, lists).key;
    lastSaved.current = initial.current;
    setDirty(false);
  }, [formRef, lists]);

  // The starting point, read once the remounted form and the editor have rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a new starting point
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(resetBaseline, 50);
    return () => clearTimeout(timer);
  }, [ready, generation, resetBaseline]);

  // Once a second: dirty or not, and an autosave when due.
  useEffect(() => {
    const timer = setInterval(() => {
      const form = formRef.current;
      if (!form || initial.current === null || leaving.current) return;
      const { values, key } = readForm(form, lists);
      const changed = key !== initial.current;
      setDirty(changed);
      if (!changed || key === lastSaved.current || Date.now() - lastSavedAt.current < AUTOSAVE_MS) return;
      lastSaved.current = key;
      lastSavedAt.current = Date.now();
      autosave(articleId, baseVersion, values).then((savedAt) => {
        if (savedAt) setAutosavedAt(savedAt);
        else lastSaved.current = null;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [formRef, lists, articleId, baseVersion]);

  const { others, storedVersion } = usePresence(articleId, baseVersion);

  /** Read at the moment of leaving (not from the once-a-second check): a change made a moment ago counts. */
  const changedNow = useCallback(() => {
    const form = formRef.current;
    if (!form || initial.current === null || leaving.current) return false;
    return readForm(form, lists).key !== initial.current;
  }, [formRef, lists]);

  const guard = useLeaveGuard(changedNow, leaving);

  /** The form is being submitted (a save): leaving for the list must not ask. */
  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  /** A save came back refused: guard again. */
  const guardAgain = useCallback(() => {
    leaving.current = false;
  }, []);

  return { dirty, autosavedAt, others, storedVersion, guard, allowLeaving, guardAgain, resetBaseline };
}
