import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/field";
import { addTag } from "~/domain/articles/form-rules";

/**
 * Tags (spec §5): typed and added with Enter; empty and duplicate tags are ignored. Each tag is a
 * hidden `name` field; text typed but not added yet is sent as `{name}Pending` and added on save.
 */
export function TagsInput({
  id,
  name,
  tags,
  onChange,
  error,
}: {
  id: string;
  name: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  return (
    <div className="space-y-2">
      <Input
        id={id}
        name={`${name}Pending`}
        value={draft}
        autoComplete="off"
        placeholder="Upišite tag i pritisnite Enter"
        invalid={Boolean(error)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          onChange(addTag(tags, draft));
          setDraft("");
        }}
      />
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tagovi">
          {tags.map((tag) => (
            <li key={tag}>
              <input type="hidden" name={name} value={tag} />
              <Badge tone="brand" className="gap-1 py-1 text-sm">
                {tag}
                <button
                  type="button"
                  className="ml-1 rounded px-1 text-brand-700 hover:bg-brand-100"
                  aria-label={`Ukloni tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-500">Nema tagova.</p>
      )}
    </div>
  );
}
