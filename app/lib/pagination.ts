/** Spec §9: pagination windows show at most 5 page buttons (plus previous and next). */
export const PAGE_WINDOW = 5;

export type PageWindow = {
  page: number;
  totalPages: number;
  pages: number[];
  hasPrevious: boolean;
  hasNext: boolean;
};

/** The page buttons to show: a window of at most 5 around the current page, clamped to the ends. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): PageWindow {
  const total = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  const count = Math.min(size, total);
  let start = current - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  const pages = Array.from({ length: count }, (_, i) => start + i);
  return { page: current, totalPages: total, pages, hasPrevious: current > 1, hasNext: current < total };
}

export function totalPagesOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** Reads a 1-based page number from a query parameter; anything odd is page 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

const numberFormat = new Intl.NumberFormat("sr-Latn");

/** "Prikazano 21–40 od 5.012 rezultata"; with an estimated total "… od oko 12.000 rezultata". */
export function resultCountLine(
  page: number,
  pageSize: number,
  total: number,
  options: { estimated?: boolean } = {},
): string {
  if (total === 0) return "Nema rezultata";
  const from = (page - 1) * pageSize + 1;
  const to = options.estimated ? page * pageSize : Math.min(page * pageSize, total);
  const of = options.estimated ? `oko ${numberFormat.format(total)}` : numberFormat.format(total);
  return `Prikazano ${numberFormat.format(from)}–${numberFormat.format(to)} od ${of} rezultata`;
}
