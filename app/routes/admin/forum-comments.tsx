import { Link, useLocation } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error";
import { AuthorCell, forumQueueArea } from "~/components/forum/forum-queue";
import { VoteCounts } from "~/components/forum/vote-counts";
import { ModerationQueue } from "~/components/moderation/queue";
import { StatusBadge } from "~/components/ui/status-badge";
import { STATUS_LABELS } from "~/domain/forum/constants";
import {
  type AdminCommentRow,
  commentStatusCounts,
  getAdminComment,
  listAdminComments,
  topicTitle,
} from "~/domain/forum/moderation.server";
import { COMMENT_FORMS, countOf } from "~/domain/forum/rules";
import { TAB_WORDS } from "~/domain/moderation/queue";
import { requirePermission } from "~/http/auth.server";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-comments";
import { forumQueueAction, loadForumQueue } from "./forum-queue.server";

export const meta: Route.MetaFunction = () => [{ title: "Komentari foruma — Admin panel" }];

/**
 * `/admin/forum/comments`: the moderation queue of comments (decision 171), pending by default,
 * optionally of one topic (`?tema={id}`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  const topicId = parseId(new URL(request.url).searchParams.get("tema"));
  const db = getDb();
  const [queue, title] = await Promise.all([
    loadForumQueue(request, "forum comments", {
      counts: () => commentStatusCounts(db),
      list: ({ status, search, page }) => listAdminComments(db, { status, search, topicId, page }),
      get: (id) => getAdminComment(db, id),
    }),
    topicId ? topicTitle(db, topicId).catch(() => null) : null,
  ]);
  return { ...queue, topic: topicId && title !== null ? { id: topicId, title } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewForum");
  return forumQueueAction(request, "comment", { user, ip: context.clientIp });
}

type Comment = NonNullable<Route.ComponentProps["loaderData"]["opened"]>;

function TopicCell({ row }: { row: Pick<AdminCommentRow, "topicId" | "topicTitle" | "topicStatus"> }) {
  return (
    <div>
      <Link
        to={`/admin/forum/topics?status=${TAB_WORDS.all}&otvori=${row.topicId}`}
        className="text-brand-700 hover:underline"
      >
        {row.topicTitle}
      </Link>
      {row.topicStatus !== "approved" ? (
        <div className="mt-1">
          <span className="text-xs text-slate-500">Tema: </span>
          <StatusBadge status={row.topicStatus} labels={STATUS_LABELS} />
        </div>
      ) : null}
    </div>
  );
}

const AREA = forumQueueArea<AdminCommentRow, Comment>({
  fetcherKey: "forum-comments",
  tabsLabel: "Status komentara",
  searchPlaceholder: "Pretražite tekst i autora…",
  caption: "Komentari foruma",
  testId: "forum-comment",
  bulk: { noun: "komentari", label: (r) => `Izaberi komentar ${r.id}` },
  empty: (search) => (search ? "Nema komentara za ovu pretragu." : "Nema komentara u ovoj grupi."),
  columns: (q) => [
    {
      key: "content",
      header: "Komentar",
      mobile: "title",
      className: "min-w-[16rem]",
      cell: (r) => (
        <Link to={q.openHref(r.id)} preventScrollReset className="font-normal text-slate-900 hover:underline">
          {r.preview}
        </Link>
      ),
    },
    {
      key: "author",
      header: "Autor",
      mobileLabel: "Autor",
      cell: (r) => (
        <AuthorCell
          author={r.author}
          createdAt={r.createdAt}
          after={
            <div className="mt-1 text-xs text-slate-600">
              <VoteCounts likes={r.likes} dislikes={r.dislikes} />
            </div>
          }
        />
      ),
    },
    { key: "topic", header: "Tema", className: "min-w-[10rem]", cell: (r) => <TopicCell row={r} /> },
  ],
  title: (c) => `Komentar: ${c.author}`,
  byline: (c) => <span>{formatDateTime(c.createdAt)}</span>,
  details: (c) => (
    <div className="mt-4 space-y-2 text-sm text-slate-600">
      <VoteCounts likes={c.likes} dislikes={c.dislikes} />
      <div>
        <span className="text-slate-500">Tema: </span>
        <TopicCell row={c} />
      </div>
    </div>
  ),
  rejectTitle: (n) => (n > 1 ? `Odbijanje komentara (${n})` : "Odbijanje komentara"),
  rejectDescription: (n) =>
    n > 1
      ? `Izabrani komentari (${countOf(n, COMMENT_FORMS)}) više neće biti na sajtu; možete ih kasnije vratiti na čekanje ili odobriti.`
      : "Komentar više neće biti na sajtu; možete ga kasnije vratiti na čekanje ili odobriti.",
  remove: {
    title: "Brisanje komentara",
    description: ({ row }) => {
      const text = "preview" in row ? row.preview : (row as Comment).content.slice(0, 150);
      return <>Da li ste sigurni da želite da obrišete komentar „{text}“? Ova akcija se ne može poništiti.</>;
    },
  },
});

/** "Komentari teme X" with a way back to every comment, above the list. */
function TopicFilter({ topic }: { topic: { id: number; title: string } | null }) {
  const location = useLocation();
  if (!topic) return null;
  const rest = new URLSearchParams(location.search);
  for (const key of ["tema", "page", "otvori"]) rest.delete(key);
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>
        Komentari teme <strong className="break-words">{topic.title}</strong>
      </span>
      <Link
        to={`/admin/forum/comments${rest.size > 0 ? `?${rest}` : ""}`}
        className="font-medium text-brand-700 underline"
      >
        Svi komentari
      </Link>
    </p>
  );
}

export default function ForumComments({ loaderData }: Route.ComponentProps) {
  return <ModerationQueue data={loaderData} area={AREA} before={<TopicFilter topic={loaderData.topic} />} />;
}

export { AdminRouteError as ErrorBoundary };
