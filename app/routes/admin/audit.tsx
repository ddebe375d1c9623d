import { useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { PagedTable } from "~/components/admin/paged-table";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { FilterBar } from "~/components/ui/filter-bar";
import { OptionsSelect } from "~/components/ui/options-select";
import { auditActions, listAudit } from "~/domain/audit/audit.server";
import {
  AUDIT_AREA_LABELS,
  AUDIT_AREAS,
  AUDIT_PAGE_SIZE,
  type AuditArea,
  auditActionLabel,
  auditFieldLabel,
  parseAuditQuery,
} from "~/domain/audit/labels";
import { listUsers } from "~/domain/users/users.server";
import { getEnv } from "~/env.server";
import { readListRequest } from "~/http/admin-list.server";
import { formatDateTime } from "~/lib/dates";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Dnevnik izmena — Admin panel" }];

/**
 * /admin/audit (decision 195): every admin write and sign-in, newest first, filtered by user,
 * area, action and date (New York days), 50 per page in SQL, exported as CSV with the same filter.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { params } = await readListRequest(request, "canViewAudit");
  const query = parseAuditQuery(params);
  const db = getDb();
  const [{ rows, total }, users, actions] = await Promise.all([
    listAudit(db, query),
    listUsers(db),
    auditActions(db),
  ]);
  return {
    rows,
    total,
    page: query.page,
    totalPages: totalPagesOf(total, AUDIT_PAGE_SIZE),
    users: users.map((u) => ({
      id: u.id,
      label: `${u.firstName} ${u.lastName} (${u.email})`,
    })),
    actions,
    filter: {
      korisnik: params.get("korisnik") ?? "",
      oblast: params.get("oblast") ?? "",
      akcija: params.get("akcija") ?? "",
      od: params.get("od") ?? "",
      do: params.get("do") ?? "",
    },
    retentionDays: getEnv().AUDIT_RETENTION_DAYS,
    exportQuery: params.toString(),
  };
}

function BreakableEmail({ value }: { value: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <span>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </span>
  );
}

function Changes({ changes }: { changes: Record<string, [unknown, unknown]> | null }) {
  if (!changes) return <span className="text-slate-400">—</span>;
  const fields = Object.entries(changes);
  const show = (v: unknown) => (v === null || v === "" ? "∅" : typeof v === "string" ? v : JSON.stringify(v));
  return (
    <details className="max-w-md text-xs [overflow-wrap:anywhere]">
      <summary className="cursor-pointer text-brand-700">
        {fields.map(([k]) => auditFieldLabel(k)).join(", ")}
      </summary>
      <dl className="mt-1 space-y-1">
        {fields.map(([field, [before, after]]) => (
          <div key={field}>
            <dt className="font-medium text-slate-700">{auditFieldLabel(field)}</dt>
            <dd className="break-words text-slate-600">
              <del className="text-red-700">{show(before)}</del> →{" "}
              <ins className="text-emerald-700 no-underline">{show(after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type AuditRow = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: Column<AuditRow>[] = [
  {
    key: "at",
    header: "Vreme",
    mobile: "title",
    cell: (r) => formatDateTime(r.at),
    className: "whitespace-nowrap",
  },
  {
    key: "area",
    header: "Oblast",
    mobile: "badge",
    cell: (r) => <Badge tone="brand">{AUDIT_AREA_LABELS[r.area as AuditArea] ?? r.area}</Badge>,
  },
  {
    key: "action",
    header: "Akcija",
    cell: (r) => auditActionLabel(r.action),
  },
  {
    key: "user",
    header: "Korisnik",
    // Long e-mails break after @ and dots (<wbr>), never sideways out of the table.
    cell: (r) => (r.userEmail ? <BreakableEmail value={r.userEmail} /> : "—"),
  },
  {
    key: "record",
    header: "Zapis",
    cell: (r) =>
      r.recordId || r.recordLabel ? (
        <span className="[overflow-wrap:anywhere]">
          {r.recordLabel ?? ""}
          {r.recordId ? <span className="text-xs text-slate-500"> #{r.recordId}</span> : null}
        </span>
      ) : (
        "—"
      ),
  },
  {
    key: "ip",
    header: "Adresa",
    cell: (r) => <span className="[overflow-wrap:anywhere]">{r.ip ?? "—"}</span>,
  },
  {
    key: "changes",
    header: "Izmene",
    cell: (r) => <Changes changes={r.changes} />,
  },
];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, totalPages, users, actions, filter, retentionDays, exportQuery } = loaderData;
  const navigation = useNavigation();
  return (
    <div>
      <PageHeader
        title="Dnevnik izmena"
        description={`Ko je šta promenio u admin panelu, kada i sa koje adrese; prijave i neuspele prijave. Čuva se ${retentionDays} dana.`}
        actions={
          <ButtonLink
            variant="secondary"
            to={`/admin/audit/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
            reloadDocument
          >
            Izvoz CSV
          </ButtonLink>
        }
      />
      <FilterBar
        className="sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        search={false}
        submitLabel="Primeni"
        submitVariant="secondary"
      >
        <OptionsSelect
          aria-label="Korisnik"
          name="korisnik"
          defaultValue={filter.korisnik}
          options={[["", "Svi korisnici"], ...users.map((u) => [String(u.id), u.label] as const)]}
        />
        <OptionsSelect
          aria-label="Oblast"
          name="oblast"
          defaultValue={filter.oblast}
          options={[["", "Sve oblasti"], ...AUDIT_AREAS.map((a) => [a, AUDIT_AREA_LABELS[a]] as const)]}
        />
        <OptionsSelect
          aria-label="Akcija"
          name="akcija"
          defaultValue={filter.akcija}
          options={[["", "Sve akcije"], ...actions.map((a) => [a, auditActionLabel(a)] as const)]}
        />
        <Input aria-label="Od dana" type="date" name="od" defaultValue={filter.od} />
        <Input aria-label="Do dana" type="date" name="do" defaultValue={filter.do} />
      </FilterBar>
      <PagedTable
        count={resultCountLine(page, AUDIT_PAGE_SIZE, total)}
        countTestId="result-count"
        page={page}
        totalPages={totalPages}
        dim={navigation.state === "loading"}
      >
        <DataTable
          caption="Dnevnik izmena"
          rows={rows}
          testId="audit"
          empty="Nema zapisa za izabrane filtere."
          columns={COLUMNS}
        />
      </PagedTable>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
