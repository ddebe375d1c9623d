import { Link } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error";
import { AuthorCell, forumQueueArea } from "~/components/forum/forum-queue";
import { VoteCounts } from "~/components/forum/vote-counts";
import { ModerationQueue } from "~/components/moderation/queue";
import {
  type AdminTopicRow,
  getAdminTopic,
  listAdminTopics,
  topicStatusCounts,
} from "~/domain/forum/moderation.server";
import { COMMENT_FORMS, countOf, TOPIC_FORMS } from "~/domain/forum/rules";
import { TAB_WORDS } from "~/domain/moderation/queue";
import { requirePermission } from "~/http/auth.server";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-topics";
import { forumQueueAction, loadForumQueue } from "./forum-queue.server";

export const meta: Route.MetaFunction = () => [{ title: "Teme foruma — Admin panel" }];

/**
 * `/admin/forum/topics`: the moderation queue of topics (decision 171), pending by default, with
 * the spec §4 status actions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  const db = getDb();
  return loadForumQueue(request, "forum topics", {
    counts: () => topicStatusCounts(db),
    list: ({ status, search, page }) => listAdminTopics(db, { status, search, page }),
    get: (id) => getAdminTopic(db, id),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewForum");
  return forumQueueAction(request, "topic", { user, ip: context.clientIp });
}

type Topic = NonNullable<Route.ComponentProps["loaderData"]["opened"]>;

const commentsHref = (id: number) => `/admin/forum/comments?status=${TAB_WORDS.all}&tema=${id}`;

/** "N komentara (M na čekanju)", linked to the topic's comments. */
function CommentsLink({
  topic,
  className,
  pendingClassName,
}: {
  topic: Topic | AdminTopicRow;
  className: string;
  pendingClassName?: string;
}) {
  return (
    <Link to={commentsHref(topic.id)} className={className}>
      {countOf(topic.commentCount, COMMENT_FORMS)}
      {topic.pendingComments > 0 ? (
        <span className={pendingClassName}> ({topic.pendingComments} na čekanju)</span>
      ) : null}
    </Link>
  );
}

const AREA = forumQueueArea<AdminTopicRow, Topic>({
  fetcherKey: "forum-topics",
  tabsLabel: "Status tema",
  searchPlaceholder: "Pretražite naslov i tekst…",
  caption: "Teme foruma",
  testId: "forum-topic",
  bulk: { noun: "teme", label: (r) => `Izaberi temu ${r.id}` },
  empty: (search) => (search ? "Nema tema za ovu pretragu." : "Nema tema u ovoj grupi."),
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
        <AuthorCell
          author={r.author}
          createdAt={r.createdAt}
          extra={r.companyName ? <div className="text-xs text-slate-500">{r.companyName}</div> : null}
        />
      ),
    },
    {
      key: "activity",
      header: "Komentari i glasovi",
      mobileLabel: "Komentari",
      cell: (r) => (
        <div className="space-y-1">
          <CommentsLink
            topic={r}
            className="text-brand-700 hover:underline"
            pendingClassName="text-amber-700"
          />
          <div>
            <VoteCounts likes={r.likes} dislikes={r.dislikes} />
          </div>
        </div>
      ),
    },
  ],
  title: (t) => t.title,
  byline: (t) => (
    <span>
      {t.author}
      {t.companyName ? ` · ${t.companyName}` : ""} · {formatDateTime(t.createdAt)}
    </span>
  ),
  details: (t) => (
    <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
      <VoteCounts likes={t.likes} dislikes={t.dislikes} />
      <CommentsLink topic={t} className="font-medium text-brand-700 hover:underline" />
      {t.status === "approved" ? (
        <a href={`/forum/${t.id}`} target="_blank" rel="noopener" className="text-brand-700 hover:underline">
          Otvori na sajtu ↗
        </a>
      ) : null}
    </p>
  ),
  rejectTitle: (n) => (n > 1 ? `Odbijanje tema (${n})` : "Odbijanje teme"),
  rejectDescription: (n) =>
    n > 1
      ? `Izabrane teme (${countOf(n, TOPIC_FORMS)}) više neće biti na sajtu; možete ih kasnije vratiti na čekanje ili odobriti.`
      : "Tema više neće biti na sajtu; možete je kasnije vratiti na čekanje ili odobriti.",
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
});

export default function ForumTopics({ loaderData }: Route.ComponentProps) {
  return <ModerationQueue data={loaderData} area={AREA} />;
}

export { AdminRouteError as ErrorBoundary };
