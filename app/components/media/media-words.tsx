/**
 * A file's words and uses (decision 196): the alt text and caption form (the manager's preview
 * and the picker) and the list of places that use a file, shown before it is deleted.
 */
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { fetchMediaUsage, type MediaBucket, type MediaUsage, saveMediaWords } from "./media-api";

export function MediaWordsForm({
  file,
  onSaved,
}: {
  file: { bucket: MediaBucket; name: string; alt: string; caption: string };
  onSaved?: (words: { alt: string; caption: string }) => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(file.alt);
  const [caption, setCaption] = useState(file.caption);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-2" data-testid="media-words">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-alt`} className="block text-xs font-medium text-slate-700">
            Opis slike (alt tekst)
          </label>
          <Input id={`${id}-alt`} value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-caption`} className="block text-xs font-medium text-slate-700">
            Potpis
          </label>
          <Input
            id={`${id}-caption`}
            value={caption}
            maxLength={500}
            onChange={(e) => setCaption(e.target.value)}
          />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await saveMediaWords(file.bucket, file.name, { alt, caption });
            setBusy(false);
            setState({
              ok: result.ok,
              text: result.message ?? (result.ok ? "Sačuvano." : "Čuvanje nije uspelo."),
            });
            if (result.ok) onSaved?.({ alt: alt.trim(), caption: caption.trim() });
          }}
        >
          Sačuvaj opis i potpis
        </Button>
        <Notice
          tone={state?.ok ? "success" : "error"}
          message={state?.text}
          vanishAfterMs={state?.ok ? 3000 : undefined}
        />
      </div>
    </div>
  );
}

/** Where the file at `url` is used: "loading" until known, null when it cannot be read. */
export function useMediaUsage(url: string | null) {
  const [usage, setUsage] = useState<MediaUsage | null | "loading">("loading");
  useEffect(() => {
    if (!url) return;
    let live = true;
    setUsage("loading");
    void fetchMediaUsage(url).then((u) => live && setUsage(u));
    return () => {
      live = false;
    };
  }, [url]);
  return [usage, setUsage] as const;
}

/** Whether nothing uses the file (the server's `isUnused`, for the browser). */
export function usageIsEmpty(usage: MediaUsage): boolean {
  return (
    usage.articleCount === 0 &&
    usage.banners.length === 0 &&
    usage.companies.length === 0 &&
    usage.settings.length === 0
  );
}

/** Where the file is used, loaded when shown. */
export function MediaUsageList({ url }: { url: string }) {
  const [usage] = useMediaUsage(url);
  return <MediaUsageView usage={usage} />;
}

/** The places that use a file, as a list of links. */
export function MediaUsageView({ usage }: { usage: MediaUsage | null | "loading" }) {
  if (usage === "loading") return <p className="text-xs text-slate-500">Proveravam gde se fajl koristi…</p>;
  if (usage === null)
    return <p className="text-xs text-slate-500">Nije moguće proveriti gde se fajl koristi.</p>;
  if (usageIsEmpty(usage))
    return (
      <p className="text-xs text-emerald-700" data-testid="media-usage">
        Fajl se nigde ne koristi.
      </p>
    );
  return (
    <div className="space-y-1 text-xs text-amber-900" data-testid="media-usage">
      <p className="font-semibold">Fajl se koristi:</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {usage.articles.map((a) => (
          <li key={`a${a.id}`}>
            Članak:{" "}
            <Link className="underline" to={`/admin/articles/edit/${a.id}`}>
              {a.title}
            </Link>
          </li>
        ))}
        {usage.articleCount > usage.articles.length ? (
          <li>…i još {usage.articleCount - usage.articles.length} članaka</li>
        ) : null}
        {usage.banners.map((b) => (
          <li key={`b${b.id}`}>
            Baner:{" "}
            <Link className="underline" to={`/admin/banners/edit/${b.id}`}>
              {b.title}
            </Link>
          </li>
        ))}
        {usage.companies.map((c) => (
          <li key={`c${c.id}`}>
            Kompanija:{" "}
            <Link className="underline" to={`/admin/companies/edit/${c.id}`}>
              {c.name}
            </Link>
          </li>
        ))}
        {usage.settings.map((s) => (
          <li key={s}>Podešavanja: {s}</li>
        ))}
      </ul>
    </div>
  );
}
