import { Link } from "react-router";
import { Card } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { Notice } from "~/components/ui/notice";
import type { ModerationStatus } from "~/domain/forum/constants";
import { forumStatusCounts, type StatusCounts } from "~/domain/forum/moderation.server";
import { TAB_WORDS } from "~/domain/moderation/queue";
import { requirePermission } from "~/http/auth.server";
import { logger } from "~/lib/logger.server";
import { FORUM_MESSAGES } from "~/messages/forum";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum";

const ZERO: StatusCounts = { all: 0, pending: 0, approved: 0, rejected: 0 };

/** Pregled: topics and comments per status (spec §2 Forum). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  try {
    return { ...(await forumStatusCounts(getDb())), loadError: null };
  } catch (error) {
    // Decision 072: the spec swallows forum load errors; we log and say so.
    logger.error({ err: error }, "forum overview counts failed");
    return { topics: ZERO, comments: ZERO, loadError: FORUM_MESSAGES.loadFailed };
  }
}

const tabValue = (status: ModerationStatus | "all") => TAB_WORDS[status];

function CountCard({
  title,
  to,
  counts,
  testId,
}: {
  title: string;
  to: string;
  counts: StatusCounts;
  testId: string;
}) {
  const rows: { status: ModerationStatus | "all"; label: string }[] = [
    { status: "pending", label: "Na čekanju" },
    { status: "approved", label: "Odobreno" },
    { status: "rejected", label: "Odbijeno" },
    { status: "all", label: "Ukupno" },
  ];
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {rows.map((row) => (
          <Link
            key={row.status}
            to={`${to}?status=${tabValue(row.status)}`}
            className={
              row.status === "pending" && counts.pending > 0
                ? "rounded-lg bg-yellow-50 p-3 ring-1 ring-yellow-300 hover:bg-yellow-100"
                : "rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 hover:bg-slate-100"
            }
          >
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{row.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`${testId}-${row.status}`}>
              {new Intl.NumberFormat("sr-Latn").format(counts[row.status])}
            </dd>
          </Link>
        ))}
      </dl>
    </Card>
  );
}

export default function ForumOverview({ loaderData }: Route.ComponentProps) {
  const { topics, comments, loadError } = loaderData;
  return (
    <div className="space-y-4">
      <Notice tone="error" message={loadError} />
      {!loadError && topics.pending + comments.pending === 0 ? (
        <Notice tone="success" message="Nema ničeg na čekanju. Sve teme i komentari su pregledani." />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <CountCard title="Teme" to="/admin/forum/topics" counts={topics} testId="overview-topics" />
        <CountCard
          title="Komentari"
          to="/admin/forum/comments"
          counts={comments}
          testId="overview-comments"
        />
      </div>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
