import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * One column of a `DataTable`. The same definition renders the desktop table cell and the line of
 * the phone card, so the two views can never disagree.
 *
 * `mobile` places the column on the phone card: "title" (the card's heading, left), "badge" (top
 * right), "meta" (a labelled line, the default), "actions" (the button row at the bottom) or
 * "hidden".
 */
export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The label of the meta line on the phone card; defaults to the header when it is a string. */
  mobileLabel?: string;
  mobile?: "title" | "badge" | "meta" | "actions" | "hidden";
  align?: "left" | "right";
  /** Extra classes for the desktop cell (e.g. widths: "w-40", "max-w-xs"). */
  className?: string;
};

/** The row's buttons: the last column, right-aligned; the button row of the phone card. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return { key: "actions", header: "Akcije", align: "right", mobile: "actions", cell };
}

export type Selection<K extends string | number> = {
  selected: ReadonlySet<K>;
  onToggle: (key: K) => void;
  onToggleAll: (keys: K[], select: boolean) => void;
  /** The accessible name of a row's checkbox ("Izaberi temu …"). */
  label: (key: K) => string;
};

/** What the phone cards and the wide table are both drawn from. */
type ViewProps<T, K extends string | number> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => K;
  caption: string;
  testId?: string;
  rowClassName?: (row: T) => string | undefined;
  checkbox: (key: K) => ReactNode;
  selectable: boolean;
};

/** Narrow: one card per row, the columns placed by their `mobile`. */
function PhoneCards<T, K extends string | number>(view: ViewProps<T, K>) {
  const { rows, columns, rowKey, caption, testId, rowClassName, checkbox, selectable } = view;
  const title = columns.filter((c) => c.mobile === "title");
  const badge = columns.filter((c) => c.mobile === "badge");
  const actions = columns.filter((c) => c.mobile === "actions");
  const meta = columns.filter((c) => (c.mobile ?? "meta") === "meta");
  const labelOf = (c: Column<T>) => c.mobileLabel ?? (typeof c.header === "string" ? c.header : "");
  return (
    <ul className="divide-y divide-slate-100 @4xl:hidden" aria-label={caption}>
      {rows.map((row) => {
        const key = rowKey(row);
        return (
          <li
            key={key}
            className={cn("flex gap-3 px-4 py-4", rowClassName?.(row))}
            data-testid={testId ? `${testId}-card-${key}` : undefined}
          >
            {selectable ? <div className="pt-1">{checkbox(key)}</div> : null}
            <div className="min-w-0 flex-1 space-y-2">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 break-words font-medium text-slate-900">
                  {title.map((c) => (
                    <div key={c.key}>{c.cell(row)}</div>
                  ))}
                </div>
                {badge.length > 0 ? (
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    {badge.map((c) => (
                      <div key={c.key}>{c.cell(row)}</div>
                    ))}
                  </div>
                ) : null}
              </div>
              {meta.length > 0 ? (
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {meta.map((c) => (
                    <div key={c.key} className="contents">
                      <dt className="text-slate-500">{labelOf(c)}</dt>
                      <dd className="min-w-0 break-words text-slate-700">{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions.map((c) => (
                <div key={c.key} className="flex flex-wrap gap-2">
                  {c.cell(row)}
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Wide: the table, with a select-all box over the row boxes when rows can be selected. */
function WideTable<T, K extends string | number>(
  view: ViewProps<T, K> & { selection?: Selection<K>; keys: K[] },
) {
  const { rows, columns, rowKey, caption, testId, rowClassName, checkbox, selection, keys } = view;
  const allSelected = selection ? keys.every((k) => selection.selected.has(k)) : false;
  return (
    <div className="hidden overflow-x-auto @4xl:block">
      <table className="w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  checked={allSelected}
                  onChange={() => selection.onToggleAll(keys, !allSelected)}
                  aria-label="Izaberi sve na ovoj strani"
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn("px-3 py-3", c.align === "right" && "text-right")}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                className={rowClassName?.(row)}
                data-testid={testId ? `${testId}-row-${key}` : undefined}
              >
                {selection ? <td className="px-3 py-3 align-top">{checkbox(key)}</td> : null}
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cn(
                      "px-3 py-3 align-top text-slate-700",
                      c.align === "right" && "text-right",
                      c.mobile === "actions" && "w-px",
                      c.className,
                    )}
                  >
                    {c.mobile === "actions" ? (
                      <div className="flex justify-end gap-2 whitespace-nowrap">{c.cell(row)}</div>
                    ) : (
                      c.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The key of a row that has an id (the default `rowKey`); a row without one needs a `rowKey`. */
function rowId(row: unknown): string | number {
  const id = (row as { id?: unknown }).id;
  if (typeof id === "string" || typeof id === "number") return id;
  throw new Error("DataTable: rows without an id need a rowKey");
}

/**
 * The admin list: a card list on narrow screens and a table on wide ones, chosen by the width of
 * the list's own container (not the viewport), so that the sidebar never squeezes a table until
 * its action column is clipped. Optional row selection (checkboxes) for bulk actions.
 */
export function DataTable<T, K extends string | number>({
  rows,
  columns,
  rowKey = rowId as (row: T) => K,
  empty,
  caption,
  selection,
  testId,
  rowClassName,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** A row's key; rows with an `id` need none. */
  rowKey?: (row: T) => K;
  /** Shown instead of the list when there are no rows. */
  empty: ReactNode;
  /** The table's accessible name. */
  caption: string;
  selection?: Selection<K>;
  /** data-testid prefix: rows get `${testId}-row-${key}` and cards `${testId}-card-${key}`. */
  testId?: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  if (rows.length === 0) {
    return <div className="px-5 py-10 text-center text-sm text-slate-500">{empty}</div>;
  }
  const keys = rows.map(rowKey);

  const checkbox = (key: K) =>
    selection ? (
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300"
        checked={selection.selected.has(key)}
        onChange={() => selection.onToggle(key)}
        aria-label={selection.label(key)}
      />
    ) : null;

  const view = {
    rows,
    columns,
    rowKey,
    caption,
    testId,
    rowClassName,
    checkbox,
    selectable: Boolean(selection),
  };
  return (
    <div className="@container">
      <PhoneCards {...view} />
      {/* Scrolls rather than clips should a table ever be wider than its place. */}
      <WideTable {...view} selection={selection} keys={keys} />
    </div>
  );
}
