import { Link } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error";
import {
  FORUM_TABS,
  ForumItemButtons,
  ForumReply,
  type ForumTab,
  forumRowColumns,
} from "~/components/forum/forum-queue";
import { VoteCounts } from "~/components/forum/vote-counts";
import { ModerationQueue, type QueueArea } from "~/components/moderation/queue";
import { StatusBadge } from "~/components/ui/status-badge";
import { VisitorText } from "~/components/visitor-text";
import { ADMIN_FORUM_PAGE_SIZE, FORUM_MESSAGES, STATUS_LABELS } from "~/domain/forum/constants";
import {
  type AdminTopicRow,
  getAdminTopic,
  listAdminTopics,
  topicStatusCounts,
} from "~/domain/forum/moderation.server";
import { COMMENT_FORMS, countOf, TOPIC_FORMS } from "~/domain/forum/rules";
import { TAB_WORDS } from "~/domain/moderation/queue";
import { requirePermission } from "~/domain/users/auth.server";
import { loadQueue } from "~/http/moderation.server";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-topics";
import { forumQueueAction } from "./forum-queue.server";

export const meta: Route.MetaFunction = () => [{ title: "Teme foruma — Admin panel" }];

/**
 * `/admin/forum/topics`: the moderation queue of topics (decision 171), pending by default, with
 * the spec §4 status actions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  const db = getDb();
  return loadQueue(request, {
    tabs: FORUM_TABS.map((t) => t.tab),
    pageSize: ADMIN_FORUM_PAGE_SIZE,
    what: "forum topics",
    load: async ({ status, search, page, openId }) => {
      const [counts, list, opened] = await Promise.all([
        topicStatusCounts(db),
        listAdminTopics(db, { status, search, page }),
        openId ? getAdminTopic(db, openId) : null,
      ]);
      return { counts, rows: list.rows, total: list.total, opened };
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewForum");
  return forumQueueAction(request, "topic", { user, ip: context.clientIp });
}

type Topic = NonNullable<Route.ComponentProps["loaderData"]["opened"]>;

const commentsHref = (id: number) => `/admin/forum/comments?status=${TAB_WORDS.all}&tema=${id}`;

const AREA: QueueArea<AdminTopicRow, Topic, ForumTab> = {
  fetcherKey: "forum-topics",
  tabs: FORUM_TABS,
  tabsLabel: "Status tema",
  searchPlaceholder: "Pretražite naslov i tekst…",
  caption: "Teme foruma",
  testId: "forum-topic",
  bulk: { noun: "teme", label: (r) => `Izaberi temu ${r.id}` },
  empty: (search) => (search ? "Nema tema za ovu pretragu." : "Nema tema u ovoj grupi."),
  loadFailedMessage: FORUM_MESSAGES.loadFailed,
  columns: (q) => [
    {
      key: "title",
      header: "Tema",
      mobile: "title",
      className: "min-w-[14rem]",
      cell: (r) => (
        <div>
          <Link
            to={q.openHref(r.id)}
            preventScrollReset
            className="font-medium text-slate-900 hover:underline"
          >
            {r.title}
          </Link>
          {r.preview ? <p className="mt-1 text-xs font-normal text-slate-500">{r.preview}</p> : null}
        </div>
      ),
    },
    {
      key: "author",
      header: "Autor",
      cell: (r) => (
        <div>
          <div>{r.author}</div>
          {r.companyName ? <div className="text-xs text-slate-500">{r.companyName}</div> : null}
          <div className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(r.createdAt)}</div>
        </div>
      ),
    },
    {
      key: "activity",
      header: "Komentari i glasovi",
      mobileLabel: "Komentari",
      cell: (r) => (
        <div className="space-y-1">
          <Link to={commentsHref(r.id)} className="text-brand-700 hover:underline">
            {countOf(r.commentCount, COMMENT_FORMS)}
            {r.pendingComments > 0 ? (
              <span className="text-amber-700"> ({r.pendingComments} na čekanju)</span>
            ) : null}
          </Link>
          <div>
            <VoteCounts likes={r.likes} dislikes={r.dislikes} />
          </div>
        </div>
      ),
    },
    ...forumRowColumns(q),
  ],
  dialog: {
    width: "2xl",
    closeOnSuccess: false,
    title: (t) => t.title,
    subtitle: (t) => (
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm font-normal text-slate-600">
        <StatusBadge status={t.status} labels={STATUS_LABELS} />
        <span>
          {t.author}
          {t.companyName ? ` · ${t.companyName}` : ""} · {formatDateTime(t.createdAt)}
        </span>
      </p>
    ),
    body: (t, q) => {
      return (
        <>
          <ForumReply item={t} q={q} />
          <VisitorText text={t.content} className="mt-4 text-sm leading-relaxed text-slate-800" />
          <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <VoteCounts likes={t.likes} dislikes={t.dislikes} />
            <Link to={commentsHref(t.id)} className="font-medium text-brand-700 hover:underline">
              {countOf(t.commentCount, COMMENT_FORMS)}
              {t.pendingComments > 0 ? ` (${t.pendingComments} na čekanju)` : ""}
            </Link>
            {t.status === "approved" ? (
              <a
                href={`/forum/${t.id}`}
                target="_blank"
                rel="noopener"
                className="text-brand-700 hover:underline"
              >
                Otvori na sajtu ↗
              </a>
            ) : null}
          </p>
          <ForumItemButtons item={t} q={q} />
        </>
      );
    },
  },
  reject: {
    inlineNote: false,
    title: (n) => (n > 1 ? `Odbijanje tema (${n})` : "Odbijanje teme"),
    description: (n) =>
      n > 1
        ? `Izabrane teme (${countOf(n, TOPIC_FORMS)}) više neće biti na sajtu; možete ih kasnije vratiti na čekanje ili odobriti.`
        : "Tema više neće biti na sajtu; možete je kasnije vratiti na čekanje ili odobriti.",
  },
  remove: {
    title: "Brisanje teme",
    description: ({ row }) => {
      const topic = row as AdminTopicRow;
      return (
        <>
          Da li ste sigurni da želite da obrišete temu <strong>{topic.title}</strong>?{" "}
          {topic.commentCount > 0
            ? `Sa njom se briše i ${countOf(topic.commentCount, COMMENT_FORMS)}. `
            : "Tema nema komentara. "}
          Ova akcija se ne može poništiti.
        </>
      );
    },
  },
};

export default function ForumTopics({ loaderData }: Route.ComponentProps) {
  return <ModerationQueue data={loaderData} area={AREA} />;
}

export { AdminRouteError as ErrorBoundary };
