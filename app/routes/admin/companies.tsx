import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import {
  ADMIN_COMPANIES_PAGE_SIZE,
  ALL_COMPANY_CATEGORIES,
  COMPANY_MESSAGES,
  US_STATES,
} from "~/domain/companies/constants";
import { deleteCompany, listCompanies, toggleCompanyActive } from "~/domain/companies/queries.server";
import { requirePermission } from "~/domain/users/auth.server";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/companies";

export const meta: Route.MetaFunction = () => [{ title: "Kompanije — Admin panel" }];

const oneOf = (value: string | null, list: readonly string[]) => (value && list.includes(value) ? value : "");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewCompanies");
  const params = new URL(request.url).searchParams;
  const filters = {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    // Decision 041: both lists (approved requests bring the request editor's categories).
    category: oneOf(params.get("kategorija"), ALL_COMPANY_CATEGORIES),
    state: oneOf(params.get("drzava"), US_STATES),
  };
  const page = parsePage(params.get("page"));
  try {
    const { rows, total } = await listCompanies(getDb(), {
      ...filters,
      page,
      pageSize: ADMIN_COMPANIES_PAGE_SIZE,
    });
    return { rows, total, page, filters, loadError: false };
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message; the log carries the cause.
    logger.error({ err: error }, "admin company list failed to load");
    return { rows: [], total: 0, page, filters, loadError: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = parseId(form.get("companyId"));
  if (id === null) {
    return data({ ok: false, intent, message: COMPANY_MESSAGES.notFound }, { status: 400 });
  }
  const db = getDb();
  if (intent === "toggle") {
    try {
      const active = await toggleCompanyActive(db, id);
      if (active === null)
        return data({ ok: false, intent, message: COMPANY_MESSAGES.notFound }, { status: 404 });
      await recordAudit(db, {
        actor: user,
        area: "companies",
        action: "toggle",
        recordId: id,
        ip: context.clientIp,
        changes: { active: [!active, active] },
      });
      return data({
        ok: true,
        intent,
        message: active ? COMPANY_MESSAGES.activated : COMPANY_MESSAGES.deactivated,
      });
    } catch (error) {
      logger.error({ err: error, companyId: id }, "company toggle failed");
      return data({ ok: false, intent, message: COMPANY_MESSAGES.toggleFailed }, { status: 500 });
    }
  }
  if (intent === "delete") {
    try {
      const deleted = await deleteCompany(db, id);
      if (!deleted)
        return data({ ok: false, intent, message: COMPANY_MESSAGES.deleteFailed }, { status: 404 });
      await recordAudit(db, {
        actor: user,
        area: "companies",
        action: "delete",
        recordId: id,
        ip: context.clientIp,
      });
      return data({ ok: true, intent, message: COMPANY_MESSAGES.deleted });
    } catch (error) {
      logger.error({ err: error, companyId: id }, "company delete failed");
      return data({ ok: false, intent, message: COMPANY_MESSAGES.deleteFailed }, { status: 500 });
    }
  }
  return data({ ok: false, intent, message: "Nepoznata akcija." }, { status: 400 });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Aktivna" : "Neaktivna"}</Badge>;
}

function RowActions({
  row,
  busy,
  onToggle,
  onDelete,
}: {
  row: Row;
  busy: boolean;
  onToggle: (r: Row) => void;
  onDelete: (r: Row) => void;
}) {
  return (
    <>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onToggle(row)}>
        {row.active ? "Deaktiviraj" : "Aktiviraj"}
      </Button>
      <ButtonLink size="sm" variant="secondary" to={`/admin/companies/edit/${row.id}`}>
        Izmeni
      </ButtonLink>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => onDelete(row)}>
        Obriši
      </Button>
    </>
  );
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, filters } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof action>({ key: "company-row" });
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const flash = params.get("poruka");

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      setNotice({ ok: fetcher.data.ok, message: fetcher.data.message });
      setToDelete(null);
    }
  }, [fetcher.state, fetcher.data]);

  const submitRow = (intent: "toggle" | "delete", id: number) =>
    fetcher.submit({ intent, companyId: String(id) }, { method: "post" });
  const pendingId = fetcher.state !== "idle" ? parseId(fetcher.formData?.get("companyId")) : null;
  const rowProps = {
    onToggle: (r: Row) => submitRow("toggle", r.id),
    onDelete: (r: Row) => setToDelete(r),
  };
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/companies";

  return (
    <div>
      <PageHeader
        title="Kompanije"
        description="Imenik kompanija: pretraga, filteri, aktivacija i izmene."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => revalidator.revalidate()}
              disabled={revalidator.state !== "idle"}
            >
              {revalidator.state !== "idle" ? "Osvežavanje…" : "Osveži"}
            </Button>
            <ButtonLink to="/admin/companies/new">+ Nova kompanija</ButtonLink>
          </>
        }
      />
      <div className="mb-4 space-y-2">
        {flash === "sacuvano" ? (
          <Notice tone="success" message={COMPANY_MESSAGES.saved} vanishAfterMs={3000} />
        ) : null}
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <Card className="mb-4 p-4">
        <Form
          method="get"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_12rem_auto]"
          role="search"
        >
          <label className="sr-only" htmlFor="q">
            Pretraga
          </label>
          <Input
            id="q"
            name="q"
            type="search"
            placeholder="Pretraži po nazivu…"
            defaultValue={filters.search}
          />
          <label className="sr-only" htmlFor="kategorija">
            Kategorija
          </label>
          <Select id="kategorija" name="kategorija" defaultValue={filters.category}>
            <option value="">Sve kategorije</option>
            {ALL_COMPANY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor="drzava">
            Država
          </label>
          <Select id="drzava" name="drzava" defaultValue={filters.state}>
            <option value="">Sve države</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <div className="flex gap-2">
            <Button type="submit" disabled={searching}>
              Pretraži
            </Button>
            {filters.search || filters.category || filters.state ? (
              <ButtonLink variant="ghost" to="/admin/companies">
                Poništi
              </ButtonLink>
            ) : null}
          </div>
        </Form>
      </Card>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, ADMIN_COMPANIES_PAGE_SIZE, total)}
      </p>
      <Card className="overflow-hidden">
        <DataTable
          caption="Kompanije"
          rows={rows}
          rowKey={(r) => r.id}
          testId="company"
          empty="Nema kompanija za izabrane filtere."
          columns={[
            {
              key: "name",
              header: "Naziv",
              mobile: "title",
              cell: (r) => (
                <Link
                  to={`/admin/companies/edit/${r.id}`}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {r.name}
                </Link>
              ),
            },
            { key: "category", header: "Kategorija", cell: (r) => r.category ?? "—" },
            {
              key: "location",
              header: "Lokacija",
              cell: (r) => [r.location, r.state].filter(Boolean).join(", ") || "—",
            },
            {
              key: "contact",
              header: "Kontakt",
              cell: (r) => (
                <div className="text-slate-600">
                  <div>{r.phone ?? ""}</div>
                  <div className="break-all text-xs">{r.email ?? ""}</div>
                </div>
              ),
            },
            {
              key: "status",
              header: "Status",
              mobile: "badge",
              cell: (r) => <ActiveBadge active={r.active} />,
            },
            {
              key: "actions",
              header: "Akcije",
              align: "right",
              mobile: "actions",
              cell: (r) => <RowActions row={r} busy={pendingId === r.id} {...rowProps} />,
            },
          ]}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, ADMIN_COMPANIES_PAGE_SIZE)} />
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title="Brisanje kompanije"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete kompaniju <strong>{toDelete.name}</strong>? Ova akcija
              se ne može poništiti.
            </>
          ) : null
        }
        confirmLabel="Obriši"
        busy={fetcher.state !== "idle"}
        onConfirm={() => toDelete && submitRow("delete", toDelete.id)}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
