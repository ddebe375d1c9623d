/**
 * The article's revisions (decision 193): newest first, who and when; "Razlike" shows what that
 * save changed against the one before (words added in green, removed struck through in red),
 * "Vrati" brings its words back as a new revision after a confirmation.
 */
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { formatDateTime, ZONE_LABEL } from "~/lib/dates";
import { WORK_API } from "./form-safety";
import { ARTICLE_STATUS_LABELS } from "./status-badge";

type Summary = {
  id: number;
  kind: "save" | "restore" | "original" | "conflict";
  status: "publish" | "draft" | "scheduled";
  title: string;
  createdAt: string | Date;
  createdByName: string;
  restoredFrom: number | null;
};
type Part = { op: "same" | "added" | "removed"; text: string };
type Diff = {
  previous: { id: number } | null;
  title: Part[];
  excerpt: Part[];
  content: Part[];
  added: number;
  removed: number;
  changed: { image: boolean; status: boolean; date: boolean };
  values: { featuredImage: string | null; status: Summary["status"]; publishedDate: string };
};

const KIND_LABELS: Record<Summary["kind"], string> = {
  save: "Sačuvano",
  restore: "Vraćena revizija",
  original: "Verzija pre prvog čuvanja",
  conflict: "Sačuvano preko novije verzije",
};

function DiffText({ parts }: { parts: Part[] }) {
  return (
    <p className="whitespace-pre-line break-words text-sm leading-relaxed text-slate-800">
      {parts.map((p, i) =>
        p.op === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
            <span className="sr-only">[dodato: </span>
            {p.text}
            <span className="sr-only">]</span>
          </ins>
        ) : p.op === "removed" ? (
          <del key={i} className="bg-red-100 text-red-800">
            <span className="sr-only">[uklonjeno: </span>
            {p.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

/** The fetcher key of a restore: the form shows its answer above the (remounted) form. */
export const restoreFetcherKey = (articleId: number) => `restore-${articleId}`;

/** What a save changed: the word counts and the other fields, then title, excerpt and content word by word. */
function RevisionDiff({ diff, loading }: { diff: Diff | null; loading: boolean }) {
  const texts = diff
    ? ([
        ["Naslov", diff.title, ""],
        ["Kratak opis", diff.excerpt, ""],
        ["Sadržaj", diff.content, "max-h-80 overflow-y-auto"],
      ] as const)
    : [];
  return (
    <div className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3" aria-live="polite">
      {loading ? <p className="text-xs text-slate-500">Učitavanje…</p> : null}
      {diff ? (
        <>
          <p className="text-xs text-slate-600">
            {diff.previous ? `U odnosu na #${diff.previous.id}: ` : "Prva sačuvana verzija: "}
            <span className="text-emerald-700">+{diff.added} reči</span>,{" "}
            <span className="text-red-700">−{diff.removed} reči</span>
            {diff.changed.image ? " · nova glavna slika" : ""}
            {diff.changed.status ? ` · status: ${ARTICLE_STATUS_LABELS[diff.values.status]}` : ""}
            {diff.changed.date ? ` · datum: ${formatDateTime(diff.values.publishedDate)}` : ""}
          </p>
          {texts.map(([label, parts, className]) => (
            <div key={label} className={className || undefined}>
              <p className="text-xs font-semibold uppercase text-slate-500">{label}</p>
              <DiffText parts={parts} />
            </div>
          ))}
        </>
      ) : null}
    </div>
  );
}

/** One revision: when, what kind, who, which status; "Razlike" and (not for the current one) "Vrati". */
function RevisionLine({
  revision: r,
  current,
  expanded,
  onDiff,
  onRestore,
}: {
  revision: Summary;
  current: boolean;
  expanded: boolean;
  onDiff: () => void;
  onRestore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-800">
          {formatDateTime(r.createdAt)}
          {current ? <span className="ml-2 text-xs text-emerald-700">(trenutna)</span> : null}
        </p>
        <p className="text-xs text-slate-500">
          {KIND_LABELS[r.kind]}
          {r.restoredFrom ? ` #${r.restoredFrom}` : ""} · {r.createdByName || "—"} ·{" "}
          {ARTICLE_STATUS_LABELS[r.status]} · #{r.id}
        </p>
      </div>
      <div className="flex gap-1">
        <Button size="sm" variant="ghost" aria-expanded={expanded} onClick={onDiff}>
          Razlike
        </Button>
        {current ? null : (
          <Button size="sm" variant="secondary" onClick={onRestore}>
            Vrati
          </Button>
        )}
      </div>
    </div>
  );
}

export function RevisionsPanel({ articleId, revisions }: { articleId: number; revisions: Summary[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const [diff, setDiff] = useState<Diff | null>(null);
  const [loading, setLoading] = useState(false);
  const [toRestore, setToRestore] = useState<Summary | null>(null);
  const restore = useFetcher<{ ok: boolean; message?: string }>({ key: restoreFetcherKey(articleId) });

  async function show(id: number) {
    if (open === id) return setOpen(null);
    setOpen(id);
    setDiff(null);
    setLoading(true);
    try {
      const res = await fetch(`${WORK_API}?clanak=${articleId}&revizija=${id}`, {
        headers: { Accept: "application/json" },
      });
      const body = (await res.json()) as { ok: boolean; diff?: Diff };
      setDiff(body.ok && body.diff ? body.diff : null);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="revisions"
      aria-labelledby="revisions-title"
    >
      <h2 id="revisions-title" className="text-base font-semibold text-slate-900">
        Revizije <span className="text-xs font-normal text-slate-500">({ZONE_LABEL})</span>
      </h2>
      {revisions.length === 0 ? (
        <p className="text-sm text-slate-500">Revizije se beleže od prvog čuvanja u ovom formularu.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {revisions.map((r, index) => (
            <li key={r.id} className="py-2">
              <RevisionLine
                revision={r}
                current={index === 0}
                expanded={open === r.id}
                onDiff={() => void show(r.id)}
                onRestore={() => setToRestore(r)}
              />
              {open === r.id ? <RevisionDiff diff={diff} loading={loading} /> : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={toRestore !== null}
        onOpenChange={(o) => !o && setToRestore(null)}
        tone="warning"
        title="Vraćanje revizije"
        description={`Naslov, kratak opis, sadržaj i glavna slika iz revizije #${toRestore?.id ?? ""} postaju nova verzija članka (status i datum objave ostaju). Nesačuvane izmene u formularu biće zamenjene.`}
        confirmLabel="Vrati reviziju"
        busy={restore.state !== "idle"}
        onConfirm={() => {
          if (toRestore)
            restore.submit({ intent: "restore", revisionId: String(toRestore.id) }, { method: "post" });
          setToRestore(null);
        }}
      />
    </section>
  );
}
