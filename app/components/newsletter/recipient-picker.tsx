import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Input } from "~/components/ui/field";

export type Picked = ReadonlyMap<number, string>;

/** Pick subscribers by hand: search active subscribers by e-mail, tick them, see the chosen ones. */
// Over 80 lines on purpose: one flat layout (search, results, picked list) over one fetcher.
export function RecipientPicker({
  idPrefix,
  picked,
  onChange,
}: {
  idPrefix: string;
  picked: Picked;
  onChange: (next: Map<number, string>) => void;
}) {
  const fetcher = useFetcher<{ subscribers: { id: number; email: string }[]; ok: boolean }>({
    key: `${idPrefix}-recipients`,
  });
  const [query, setQuery] = useState("");

  const { load } = fetcher;
  useEffect(() => {
    const timer = setTimeout(() => load(`/admin/newsletter/recipients?q=${encodeURIComponent(query)}`), 300);
    return () => clearTimeout(timer);
  }, [query, load]);

  const toggle = (id: number, email: string) => {
    const next = new Map(picked);
    if (next.has(id)) next.delete(id);
    else next.set(id, email);
    onChange(next);
  };
  const found = fetcher.data?.subscribers ?? [];
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      <label htmlFor={`${idPrefix}-search`} className="block text-sm font-medium text-slate-700">
        Pronađite pretplatnike
      </label>
      <Input
        id={`${idPrefix}-search`}
        type="search"
        placeholder="Deo email adrese…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="max-h-48 space-y-1 overflow-y-auto" aria-busy={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" && found.length === 0 ? (
          <li className="text-sm text-slate-500">Traženje…</li>
        ) : null}
        {fetcher.state === "idle" && found.length === 0 ? (
          <li className="text-sm text-slate-500">Nema aktivnih pretplatnika za ovu pretragu.</li>
        ) : null}
        {found.map((s) => (
          <li key={s.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300"
                checked={picked.has(s.id)}
                onChange={() => toggle(s.id, s.email)}
              />
              <span className="break-all">{s.email}</span>
            </label>
          </li>
        ))}
      </ul>
      {picked.size > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-700">Izabrano: {picked.size}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {[...picked.entries()].map(([id, email]) => (
              <li
                key={id}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-xs text-brand-800"
              >
                <span className="break-all">{email}</span>
                <button
                  type="button"
                  onClick={() => toggle(id, email)}
                  className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
                  aria-label={`Ukloni ${email}`}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
