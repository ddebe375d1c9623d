import { Form, useSubmit } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

import { OptionsSelect } from "~/components/ui/options-select";
import type { HeadingRow } from "~/domain/headings/list.server";
import {
  HEADING_FILTER_LABELS,
  HEADING_FILTERS,
  HEADING_STATE_LABELS,
  type HeadingFilter,
  headingWord,
} from "~/domain/headings/rules";
import { formatDate } from "~/lib/dates";
import { STATE_TONES } from "./action";

/** The list's filter: submits on change (with a button when scripts are off). */
export function HeadingsFilterForm({ filter }: { filter: HeadingFilter }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/admin/headings" className="flex flex-wrap items-center gap-2">
      <label htmlFor="stanje" className="text-sm font-medium text-slate-700">
        Prikaži
      </label>
      <div className="w-64 max-w-full">
        <OptionsSelect
          id="stanje"
          name="stanje"
          defaultValue={filter}
          key={filter}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          options={HEADING_FILTERS.map((f) => [f, HEADING_FILTER_LABELS[f]] as const)}
        />
      </div>
      <noscript>
        <Button type="submit" variant="secondary" size="sm">
          Primeni
        </Button>
      </noscript>
    </Form>
  );
}

function headingColumns(onPreview: (id: number) => void): Column<HeadingRow>[] {
  return [
    {
      key: "title",
      header: "Članak",
      mobile: "title",
      cell: (r) => (
        <div className="min-w-0">
          <button
            type="button"
            className="text-left font-medium text-slate-900 hover:underline"
            onClick={() => onPreview(r.id)}
          >
            {r.title}
          </button>
          <p className="mt-0.5 text-xs font-normal text-slate-500">
            {r.category} · {formatDate(r.publishedDate)} · ID {r.id}
          </p>
        </div>
      ),
    },
    {
      key: "state",
      header: "Stanje",
      mobile: "badge",
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={STATE_TONES[r.state]}>{HEADING_STATE_LABELS[r.state]}</Badge>
          {r.restored && r.state !== "converted" ? (
            <span className="text-xs text-slate-500">vraćen</span>
          ) : null}
        </div>
      ),
    },
    {
      key: "count",
      header: "Naslova",
      mobileLabel: "Naslova",
      cell: (r) =>
        r.state === "converted" ? (
          <span>{headingWord(r.headingCount)} dodato</span>
        ) : r.headingCount > 0 ? (
          <span className="font-medium text-slate-900">{headingWord(r.headingCount)}</span>
        ) : (
          <span className="text-slate-400">nema</span>
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Akcije</span>,
      mobile: "actions",
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onPreview(r.id)}
          aria-label={`Pregled: ${r.title}`}
        >
          Pregled
        </Button>
      ),
    },
  ];
}

/** The light list: title, state and heading count per article; the preview opens on demand. */
export function HeadingsTable({
  rows,
  filter,
  onPreview,
}: {
  rows: HeadingRow[];
  filter: HeadingFilter;
  onPreview: (id: number) => void;
}) {
  return (
    <DataTable
      rows={rows}
      columns={headingColumns(onPreview)}
      caption="Objavljeni članci i njihovi naslovi"
      testId="heading"
      empty={filter === "all" ? "Još nema objavljenih članaka." : "Nema članaka za izabrani prikaz."}
    />
  );
}
