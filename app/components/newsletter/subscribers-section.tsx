import { type Column, DataTable } from "~/components/admin/data-table";
import { PagedTable } from "~/components/admin/paged-table";
import { Select } from "~/components/ui/field";
import { FilterBar } from "~/components/ui/filter-bar";
import { OptionsSelect } from "~/components/ui/options-select";
import { SearchField } from "~/components/ui/search-field";
import { ActiveBadge } from "~/components/ui/status-badge";
import { SOURCE_LABELS, SUBSCRIBERS_PAGE_SIZE } from "~/domain/newsletter/constants";
import type { SubscriberFilter, SubscriberListRow } from "~/domain/newsletter/subscribers.server";
import { formatDate } from "~/lib/dates";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";

type Row = SubscriberListRow;

const COLUMNS: Column<Row>[] = [
  {
    key: "email",
    header: "Email",
    mobile: "title",
    cell: (r) => <span className="break-all">{r.email}</span>,
  },
  {
    key: "status",
    header: "Status",
    mobile: "badge",
    cell: (r) => <ActiveBadge active={r.isActive} />,
  },
  {
    key: "source",
    header: "Izvor",
    cell: (r) => (r.source ? (SOURCE_LABELS[r.source] ?? r.source) : "—"),
  },
  { key: "subscribed", header: "Pretplaćen", cell: (r) => formatDate(r.subscribedAt) },
  {
    key: "changed",
    header: "Odjavljen / izmenjen",
    cell: (r) => (r.unsubscribedAt ? `odjava ${formatDate(r.unsubscribedAt)}` : formatDate(r.updatedAt)),
  },
  {
    key: "brevo",
    header: "Brevo",
    cell: (r) => (r.brevoContactId ? <span className="tabular-nums">#{r.brevoContactId}</span> : "—"),
  },
];

/** The subscriber list of the newsletter screen: CSV export, search and filters, the paged table. */
// Over 80 lines on purpose: one flat layout (export link, filter fields, table); columns live in COLUMNS.
export function SubscribersSection({
  subscribers,
  total,
  page,
  filter,
  sources,
  exportQuery,
  searching,
}: {
  subscribers: Row[];
  total: number;
  page: number;
  filter: SubscriberFilter;
  sources: string[];
  /** `?q=…` of the export link (the list's filter without its page), or "". */
  exportQuery: string;
  searching: boolean;
}) {
  return (
    <section aria-labelledby="subscribers-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="subscribers-title" className="text-lg font-semibold text-slate-900">
          Pretplatnici
        </h2>
        <a
          href={`/admin/newsletter/export.csv${exportQuery}`}
          download
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Izvoz u CSV
        </a>
      </div>
      <FilterBar
        cardClassName=""
        className="sm:grid-cols-2 lg:grid-cols-[1fr_12rem_14rem_auto]"
        busy={searching}
        resetTo={filter.search || filter.status || filter.source ? "/admin/newsletter" : null}
      >
        <SearchField
          label="Pretraga po email adresi"
          placeholder="Pretraži po email adresi…"
          defaultValue={filter.search}
        />
        <label className="sr-only" htmlFor="status">
          Status
        </label>
        <Select id="status" name="status" defaultValue={filter.status}>
          <option value="">Svi statusi</option>
          <option value="active">Aktivni</option>
          <option value="inactive">Neaktivni</option>
        </Select>
        <label className="sr-only" htmlFor="izvor">
          Izvor
        </label>
        <OptionsSelect
          id="izvor"
          name="izvor"
          defaultValue={filter.source}
          options={[["", "Svi izvori"], ...sources.map((s) => [s, SOURCE_LABELS[s] ?? s] as const)]}
        />
      </FilterBar>
      <PagedTable
        count={resultCountLine(page, SUBSCRIBERS_PAGE_SIZE, total)}
        page={page}
        totalPages={totalPagesOf(total, SUBSCRIBERS_PAGE_SIZE)}
        pageLabel="Stranice pretplatnika"
      >
        <DataTable<Row, number>
          caption="Pretplatnici newsletter-a"
          rows={subscribers}
          testId="subscriber"
          empty={filter.search ? "Nema pretplatnika za ovu pretragu." : "Još nema pretplatnika."}
          columns={COLUMNS}
        />
      </PagedTable>
    </section>
  );
}
