import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { addListItem } from "~/domain/companies/validation";

/**
 * Services and specialties on the company form (spec §5): added one at a time with Enter or
 * "Dodaj" — trimmed, empty and duplicate entries ignored — and removed with ×. The list travels
 * as repeated hidden fields; text typed but not added goes along in `${name}Pending` so it is
 * never lost (the server adds it by the same rule).
 */
export function ListInput({
  name,
  label,
  placeholder,
  defaultValue,
}: {
  name: string;
  label: string;
  placeholder?: string;
  defaultValue: readonly string[];
}) {
  const [items, setItems] = useState<string[]>([...defaultValue]);
  const [draft, setDraft] = useState("");
  const add = () => {
    setItems((list) => addListItem(list, draft));
    setDraft("");
  };
  const inputId = `${name}-input`;
  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          name={`${name}Pending`}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add}>
          Dodaj
        </Button>
      </div>
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {items.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-200"
            >
              {item}
              <input type="hidden" name={name} value={item} />
              <button
                type="button"
                className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={`Ukloni ${item}`}
                onClick={() => setItems((list) => list.filter((x) => x !== item))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-500">Još ništa nije dodato.</p>
      )}
    </div>
  );
}
