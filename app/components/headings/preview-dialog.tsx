import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { CleanArticleHtml } from "~/components/articles/article-body";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import { HEADING_STATE_LABELS, headingWord } from "~/domain/headings/rules";
import type { HeadingPreview, HeadingPreviewData } from "~/domain/headings/types";
import { HEADINGS_MESSAGES } from "~/messages/headings";
import { ACTION, type ActionResult, STATE_TONES } from "./action";

/**
 * The preview's data, fetched from `/admin/headings/{id}` when the dialog opens (and again after
 * a convert or restore), and the answer of the last action taken in it.
 */
function usePreview(id: number | null) {
  const loader = useFetcher<HeadingPreviewData>({ key: "heading-preview" });
  const act = useFetcher<ActionResult>({ key: "heading-act" });
  const [result, setResult] = useState<ActionResult | null>(null);
  const load = loader.load;

  useEffect(() => {
    setResult(null);
    if (id !== null) load(`/admin/headings/${id}`);
  }, [id, load]);

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (act.state !== "idle" || !act.data || handled.current === act.data) return;
    handled.current = act.data;
    setResult(act.data);
    if (id !== null) load(`/admin/headings/${id}`);
  }, [act.state, act.data, id, load]);

  const current = loader.data?.preview.id === id ? loader.data : null;
  return { current, loading: loader.state !== "idle", act, result };
}

function PreviewSubtitle({ p }: { p: HeadingPreview }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
      <Badge tone={STATE_TONES[p.state]}>{HEADING_STATE_LABELS[p.state]}</Badge>
      <span>
        {p.state === "converted" ? "Dodato" : "Predlog"}: {headingWord(p.headingCount)}
      </span>
      {p.restored ? <span>· vraćen na prethodni sadržaj</span> : null}
    </p>
  );
}

function PreviewActions({
  p,
  act,
}: {
  p: HeadingPreview | undefined;
  act: FetcherWithComponents<ActionResult>;
}) {
  const busy = act.state !== "idle";
  return (
    <>
      {p?.canRestore ? (
        <act.Form method="post" action={ACTION} className="contents">
          <input type="hidden" name="id" value={p.id} />
          <Button type="submit" name="intent" value="restore" variant="warning" disabled={busy}>
            {busy ? "Sačekajte…" : "Vrati prethodni sadržaj"}
          </Button>
        </act.Form>
      ) : null}
      {p?.canConvert ? (
        <act.Form method="post" action={ACTION} className="contents">
          <input type="hidden" name="id" value={p.id} />
          <Button type="submit" name="intent" value="convert" disabled={busy}>
            {busy ? "Sačekajte…" : `Konvertuj (${headingWord(p.headingCount)})`}
          </Button>
        </act.Form>
      ) : null}
    </>
  );
}

function FoundHeadings({ p }: { p: HeadingPreview }) {
  if (p.headings.length === 0)
    return <Notice tone="info" message={HEADINGS_MESSAGES.nothingToConvert} className="mb-4" />;
  return (
    <div className="mb-4">
      <h3 className="text-sm font-semibold text-slate-700">
        {p.state === "converted" ? "Dodati naslovi" : "Pronađeni naslovi"}
      </h3>
      <ol className="mt-2 space-y-1 text-sm" data-testid="found-headings">
        {p.headings.map((h, i) => (
          <li key={i} className={cn("flex gap-2", h.level === 3 && "pl-4", h.level === 4 && "pl-8")}>
            <Badge tone="warning">H{h.level}</Badge>
            <span className="min-w-0 break-words text-slate-800">{h.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function BeforeAfter({ p }: { p: HeadingPreview }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="min-w-0 rounded-lg border border-slate-200" aria-label="Pre">
        <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700">
          Pre
        </h3>
        <CleanArticleHtml html={p.before} className="px-4 py-2 text-sm [&_img]:max-h-40 [&_img]:w-auto" />
      </section>
      <section className="min-w-0 rounded-lg border border-amber-200" aria-label="Posle">
        <h3 className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm font-semibold text-slate-700">
          Posle <span className="font-normal text-slate-500">(novi naslovi su označeni)</span>
        </h3>
        <CleanArticleHtml
          html={p.after}
          className="px-4 py-2 text-sm [&_img]:max-h-40 [&_img]:w-auto [&_[data-heading=new]]:-mx-1 [&_[data-heading=new]]:rounded [&_[data-heading=new]]:bg-amber-100 [&_[data-heading=new]]:px-1 [&_[data-heading=new]]:ring-1 [&_[data-heading=new]]:ring-amber-300"
        />
      </section>
    </div>
  );
}

/**
 * The preview of one article's headings: before and after side by side with the headings marked,
 * convert it, or restore the content it had before its conversion. Loaded on demand; the dialog
 * shell (ui/dialog) keeps the focus inside and closes on Escape.
 */
export function PreviewDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { current, loading, act, result } = usePreview(id);
  const p = current?.preview;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      layout="page"
      title={`Pregled naslova${p ? `: ${p.title}` : ""}`}
      closeLabel="Zatvori pregled"
      subtitle={p ? <PreviewSubtitle p={p} /> : null}
      footer={
        <>
          {current?.publicPath ? (
            <ButtonLink to={current.publicPath} target="_blank" rel="noopener" variant="ghost" reloadDocument>
              Javna stranica ↗
            </ButtonLink>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Zatvori
          </Button>
          <PreviewActions p={p} act={act} />
        </>
      }
    >
      {result ? <Notice tone={result.tone} message={result.message} className="mb-4" /> : null}
      {!p ? (
        <p className="py-10 text-center text-sm text-slate-500" aria-live="polite">
          {loading ? "Učitavanje…" : "Pregled nije dostupan."}
        </p>
      ) : (
        <>
          {p.restoreBlocked === "edited" ? (
            <Notice tone="warning" message={HEADINGS_MESSAGES.editedSince} className="mb-4" />
          ) : null}
          {p.error ? <Notice tone="error" message={`Greška: ${p.error}`} className="mb-4" /> : null}
          <FoundHeadings p={p} />
          <BeforeAfter p={p} />
        </>
      )}
    </Dialog>
  );
}
