/**
 * The article list's parts (spec §9, `/admin/articles`): the filters (search typed with a 500 ms
 * pause, status, category, popular), the popular checkbox that saves in place, the row's actions
 * and the columns of the table. The route loads, acts and puts them on the page.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useSubmit } from "react-router";
import type { Column } from "~/components/admin/data-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { OptionsSelect } from "~/components/ui/options-select";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import type { AdminArticleRow } from "~/domain/articles/admin.server";
import type { ArticleListQuery } from "~/domain/articles/list-query";
import { formatDate } from "~/lib/dates";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { ArticleThumb } from "./article-thumb";
import { ArticleStatusBadge } from "./status-badge";

/** Spec §9: the list's search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

const LIST_ACTION = "/admin/articles?index";

/** The popular checkbox saves in place; it shows the new state at once and the old one if saving failed. */
function PopularToggle({ article, onFailed }: { article: AdminArticleRow; onFailed: (m: string) => void }) {
  const fetcher = useFetcher<{ ok: boolean; message: string | null }>({ key: `popular-${article.id}` });
  const pending = fetcher.formData ? fetcher.formData.get("popular") === "true" : null;
  const checked = pending ?? article.popular;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.message) {
      onFailed(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, onFailed]);
  return (
    <input
      type="checkbox"
      className="size-5 cursor-pointer accent-brand-600"
      aria-label={`Popularan: ${article.title}`}
      checked={checked}
      onChange={(event) =>
        fetcher.submit(
          { intent: "popular", id: String(article.id), popular: String(event.currentTarget.checked) },
          { method: "post", action: LIST_ACTION },
        )
      }
    />
  );
}

/** In the table the buttons are small, so the title keeps the room (issue 19, item 9); on cards as before. */
const COMPACT = "@4xl:h-7 @4xl:px-2 @4xl:text-xs";

function RowActions({
  article,
  from,
  onDelete,
  busy,
}: {
  article: AdminArticleRow;
  from: string;
  onDelete: (a: AdminArticleRow) => void;
  busy: boolean;
}) {
  return (
    <>
      <ButtonLink size="sm" variant="secondary" className={COMPACT} to={`/admin/articles/${article.id}`}>
        Pogledaj
      </ButtonLink>
      <ButtonLink
        size="sm"
        variant="secondary"
        className={COMPACT}
        to={`/admin/articles/edit/${article.id}${from ? `?from=${encodeURIComponent(from)}` : ""}`}
      >
        Izmeni
      </ButtonLink>
      <Button
        size="sm"
        variant="danger"
        className={COMPACT}
        disabled={busy}
        onClick={() => onDelete(article)}
      >
        Obriši
      </Button>
    </>
  );
}

/** The table's columns; the title takes the room the narrow columns leave. */
export function articleColumns({
  defaultImage,
  from,
  deleting,
  onDelete,
  onFailed,
}: {
  defaultImage: string | null;
  from: string;
  deleting: boolean;
  onDelete: (a: AdminArticleRow) => void;
  onFailed: (message: string) => void;
}): Column<AdminArticleRow>[] {
  return [
    {
      key: "article",
      header: "Članak",
      mobile: "title",
      className: "w-full min-w-[16rem]",
      cell: (a) => (
        <div className="flex items-center gap-3">
          <ArticleThumb src={a.featuredImage} fallback={defaultImage} />
          <div className="min-w-0">
            <Link
              to={`/admin/articles/${a.id}`}
              className="line-clamp-2 font-medium text-slate-900 hover:underline"
            >
              {a.title}
            </Link>
            <p className="mt-0.5 text-xs font-normal text-slate-500">
              {a.author || "—"} · ID {a.id}
            </p>
          </div>
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      mobile: "badge",
      cell: (a) => <ArticleStatusBadge status={a.status} date={a.publishedDate} />,
    },
    { key: "category", header: "Kategorija", className: "whitespace-nowrap", cell: (a) => a.category },
    { key: "popular", header: "Popularan", cell: (a) => <PopularToggle article={a} onFailed={onFailed} /> },
    {
      key: "date",
      header: "Datum",
      className: "whitespace-nowrap",
      cell: (a) => formatDate(a.publishedDate),
    },
    {
      key: "actions",
      header: "Akcije",
      align: "right",
      mobile: "actions",
      cell: (a) => <RowActions article={a} from={from} onDelete={onDelete} busy={deleting} />,
    },
  ];
}

/** A select of the filter bar: choosing applies it at once. */
function FilterSelect({
  label,
  name,
  value,
  options,
  onApply,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onApply: () => void;
}) {
  return (
    <OptionsSelect
      aria-label={label}
      name={name}
      defaultValue={value}
      key={`${name}-${value}`}
      onChange={onApply}
      options={options}
    />
  );
}

const STATUS_OPTIONS = [
  ["", "Svi statusi"],
  ["published", "Objavljeni"],
  ["draft", "Nacrti"],
  ["zakazano", "Zakazani"],
] as const;
const CATEGORY_OPTIONS = [["", "Sve kategorije"], ...ARTICLE_CATEGORIES.map((c) => [c, c] as const)] as const;
const POPULAR_OPTIONS = [
  ["", "Popularni: svi"],
  ["yes", "Popularni: da"],
  ["no", "Popularni: ne"],
] as const;

/** The status filter's word in the URL for a parsed status. */
function statusWord(status: ArticleListQuery["status"]): string {
  return status === "publish" ? "published" : status === "scheduled" ? "zakazano" : (status ?? "");
}

/** The search box's text: follows the URL (back/forward, a link), applies itself after a pause. */
function useDebouncedSearch(fromUrl: string, apply: (replace: boolean) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [q, setQ] = useState(fromUrl);
  useEffect(() => setQ(fromUrl), [fromUrl]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
  };
  return {
    q,
    cancel,
    type(value: string) {
      setQ(value);
      cancel();
      timer.current = setTimeout(() => apply(true), SEARCH_DEBOUNCE_MS);
    },
  };
}

export function ArticleFilters({ query }: { query: ArticleListQuery }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);

  /** Submits the filters without empty values and without the page (a new filter starts at page 1). */
  function apply(replace: boolean) {
    if (!formRef.current) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(formRef.current)) {
      if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
    }
    submit(params, { method: "get", action: "/admin/articles", replace, preventScrollReset: true });
  }
  const search = useDebouncedSearch(query.q, apply);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/articles"
      role="search"
      className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        search.cancel();
        apply(false);
      }}
    >
      <Input
        aria-label="Pretraga članaka"
        className="sm:col-span-2 xl:col-span-1"
        type="search"
        name="q"
        value={search.q}
        maxLength={200}
        placeholder="Pretraga: više od 4000 članaka…"
        title="Pretražite više od 4000 članaka po naslovu, sadržaju ili autoru"
        onChange={(event) => search.type(event.currentTarget.value)}
      />
      {[
        { label: "Status", name: "status", value: statusWord(query.status), options: STATUS_OPTIONS },
        { label: "Kategorija", name: "category", value: query.category ?? "", options: CATEGORY_OPTIONS },
        { label: "Popularni", name: "popular", value: query.popular ?? "", options: POPULAR_OPTIONS },
      ].map((filter) => (
        <FilterSelect key={filter.name} {...filter} onApply={() => apply(false)} />
      ))}
      <Button type="submit" variant="secondary">
        Pretraži
      </Button>
    </Form>
  );
}

/** "Brisanje članka": the spec's question and the article's title. */
export function DeleteArticleDialog({
  article,
  busy,
  onCancel,
  onConfirm,
}: {
  article: AdminArticleRow | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (article: AdminArticleRow) => void;
}) {
  return (
    <ConfirmDialog
      open={article !== null}
      onOpenChange={(open) => !open && onCancel()}
      tone="danger"
      title="Brisanje članka"
      description={
        article ? (
          <>
            {ARTICLE_MESSAGES.deleteConfirm}
            <br />
            <strong className="mt-2 block">{article.title}</strong>
          </>
        ) : null
      }
      confirmLabel="Obriši"
      busy={busy}
      onConfirm={() => article && onConfirm(article)}
    />
  );
}
