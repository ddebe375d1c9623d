import { data, Link, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { actionsColumn, type Column, DataTable } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { PagedTable } from "~/components/admin/paged-table";
import { AdminRouteError } from "~/components/admin/route-error";
import { RowDeleteDialog } from "~/components/admin/row-delete-dialog";
import { useRowActions } from "~/components/admin/use-row-actions";
import { CompanyFilterFields } from "~/components/companies/company-filters";
import { Button, ButtonLink } from "~/components/ui/button";
import { FilterBar } from "~/components/ui/filter-bar";
import { FlashNotice, Notice } from "~/components/ui/notice";
import { ActiveBadge } from "~/components/ui/status-badge";
import { ADMIN_COMPANIES_PAGE_SIZE, parseCompanyFilters } from "~/domain/companies/constants";
import { deleteCompany, listCompanies, toggleCompanyActive } from "~/domain/companies/queries.server";
import { readListRequest } from "~/http/admin-list.server";
import { auditTrail } from "~/http/audit-trail.server";
import { requirePermission } from "~/http/auth.server";
import { failure, unknownIntent } from "~/http/errors";
import { readFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { idField } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";
import { COMPANY_MESSAGES } from "~/messages/companies";
import { getDb } from "~/services.server";
import type { Route } from "./+types/companies";

export const meta: Route.MetaFunction = () => [{ title: "Kompanije — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { params, page } = await readListRequest(request, "canViewCompanies");
  const filters = parseCompanyFilters(params);
  const { flash, headers } = readFlash(request);
  try {
    const { rows, total } = await listCompanies(getDb(), {
      ...filters,
      page,
      pageSize: ADMIN_COMPANIES_PAGE_SIZE,
    });
    return data({ rows, total, page, filters, flash, loadError: false }, { headers });
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message; the log carries the cause.
    logger.error({ err: error }, "admin company list failed to load");
    return data({ rows: [], total: 0, page, filters, flash, loadError: true }, { headers });
  }
}

const companyId = idField(COMPANY_MESSAGES.notFound);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), companyId }),
  z.object({ intent: z.literal("delete"), companyId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const parsed = await readIntent(request, actionSchema);
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ intent: parsed.intent });
    return failure("company.not_found", { intent: parsed.intent, status: 400 });
  }
  const { intent, companyId: id } = parsed.data;
  const db = getDb();
  const audit = auditTrail(db, user, context.clientIp, "companies");
  if (intent === "toggle") {
    try {
      const active = await toggleCompanyActive(db, id);
      if (active === null) return failure("company.not_found", { intent });
      await audit("toggle", { recordId: id, changes: { active: [!active, active] } });
      return data({
        ok: true,
        intent,
        message: active ? COMPANY_MESSAGES.activated : COMPANY_MESSAGES.deactivated,
      });
    } catch (error) {
      logger.error({ err: error, companyId: id }, "company toggle failed");
      return failure("company.toggle_failed", { intent });
    }
  }
  if (intent === "delete") {
    try {
      const deleted = await deleteCompany(db, id);
      if (!deleted) return failure("company.delete_failed", { intent, status: 404 });
      await audit("delete", { recordId: id });
      return data({ ok: true, intent, message: COMPANY_MESSAGES.deleted });
    } catch (error) {
      logger.error({ err: error, companyId: id }, "company delete failed");
      return failure("company.delete_failed", { intent });
    }
  }
  throw new Error(`unhandled intent ${intent satisfies never}`);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

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

function companyColumns(
  pendingId: number | null,
  rowProps: { onToggle: (r: Row) => void; onDelete: (r: Row) => void },
): Column<Row>[] {
  return [
    {
      key: "name",
      header: "Naziv",
      mobile: "title",
      cell: (r) => (
        <Link to={`/admin/companies/edit/${r.id}`} className="font-medium text-slate-900 hover:underline">
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
      cell: (r) => <ActiveBadge active={r.active} gender="feminine" />,
    },
    actionsColumn((r) => <RowActions row={r} busy={pendingId === r.id} {...rowProps} />),
  ];
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, filters, flash } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const rowActions = useRowActions<Row, "toggle" | "delete">("company-row", "companyId");
  const { notice, setToDelete, submit: submitRow, pendingId } = rowActions;
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
        <FlashNotice flash={flash} vanishAfterMs={3000} />
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <FilterBar
        className="sm:grid-cols-2 lg:grid-cols-[1fr_14rem_12rem_auto]"
        busy={searching}
        resetTo={filters.search || filters.category || filters.state ? "/admin/companies" : null}
      >
        <CompanyFilterFields filters={filters} placeholder="Pretraži po nazivu…" />
      </FilterBar>
      <PagedTable
        count={resultCountLine(page, ADMIN_COMPANIES_PAGE_SIZE, total)}
        page={page}
        totalPages={totalPagesOf(total, ADMIN_COMPANIES_PAGE_SIZE)}
      >
        <DataTable
          caption="Kompanije"
          rows={rows}
          testId="company"
          empty="Nema kompanija za izabrane filtere."
          columns={companyColumns(pendingId, rowProps)}
        />
      </PagedTable>
      <RowDeleteDialog actions={rowActions} title="Brisanje kompanije">
        {(toDelete) => (
          <>
            Da li ste sigurni da želite da obrišete kompaniju <strong>{toDelete.name}</strong>? Ova akcija se
            ne može poništiti.
          </>
        )}
      </RowDeleteDialog>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
