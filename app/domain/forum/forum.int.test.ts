import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forumComments, forumCommentVotes, forumTopics, forumTopicVotes, loginAttempts } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { FORUM_MESSAGES } from "~/messages/forum";
import { action as topicAction } from "~/routes/public/forum-topic";
import { sitemapFile, sitemapPlan } from "~/routes/public/sitemap.server";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { submitComment, submitTopic } from "../../routes/public/forum-submit.server";
import {
  countPendingForum,
  deleteComment,
  deleteTopic,
  forumStatusCounts,
  getAdminTopic,
  listAdminComments,
  listAdminTopics,
  setCommentStatus,
  setTopicStatus,
} from "./moderation.server";
import {
  createComment,
  getPublicTopic,
  listPublicComments,
  listPublicTopics,
  sitemapTopics,
} from "./public.server";
import { castVote, limitVotes, visitorVotes } from "./votes.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

type Status = "pending" | "approved" | "rejected";
async function topic(values: {
  title: string;
  status: Status;
  created: Date;
  content?: string;
  likes?: number;
  dislikes?: number;
}) {
  const [row] = await t.db
    .insert(forumTopics)
    .values({
      title: values.title,
      content: values.content ?? `Tekst teme ${values.title}`,
      author: "Marko",
      status: values.status,
      likes: values.likes ?? 0,
      dislikes: values.dislikes ?? 0,
      createdAt: values.created,
      lastActivityAt: values.created,
    })
    .returning({ id: forumTopics.id });
  return row.id;
}
async function comment(topicId: number, status: Status, created: Date, content = "Komentar", likes = 0) {
  const [row] = await t.db
    .insert(forumComments)
    .values({ topicId, content, author: "Iva", status, createdAt: created, likes })
    .returning({ id: forumComments.id });
  return row.id;
}
const formOf = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const topicRow = async (id: number) =>
  (await t.db.select().from(forumTopics).where(eq(forumTopics.id, id)))[0];
const commentRow = async (id: number) =>
  (await t.db.select().from(forumComments).where(eq(forumComments.id, id)))[0];

describeDb("forum", () => {
  let old: number;
  let fresh: number;
  let pending: number;
  let rejected: number;

  it("lists approved topics only, newest activity first, with approved comment counts", async () => {
    old = await topic({ title: "Parking u Ohaju za vozače", status: "approved", created: day(1) });
    fresh = await topic({ title: "Najbolja kafa na I-80", status: "approved", created: day(5) });
    pending = await topic({ title: "Tema na čekanju", status: "pending", created: day(6) });
    rejected = await topic({ title: "Reklama za kredite", status: "rejected", created: day(7) });
    await comment(old, "approved", day(2));
    await comment(old, "pending", day(3));
    await comment(old, "rejected", day(3));
    await comment(fresh, "approved", day(6));

    const { rows, total } = await listPublicTopics(t.db, {});
    expect(total).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([fresh, old]);
    expect(rows.map((r) => r.commentCount)).toEqual([1, 1]);

    // A comment approved on the old topic brings it back to the top.
    const late = await comment(old, "pending", day(8));
    expect(await setCommentStatus(t.db, [late], "approved")).toEqual([late]);
    expect((await topicRow(old)).lastActivityAt).toEqual(day(8));
    const after = await listPublicTopics(t.db, {});
    expect(after.rows.map((r) => r.id)).toEqual([old, fresh]);
    expect(after.rows[0].commentCount).toBe(2);

    // Taking it back (to pending, or deleting it) restores the previous activity.
    await setCommentStatus(t.db, [late], "pending");
    expect((await topicRow(old)).lastActivityAt).toEqual(day(2));
    await setCommentStatus(t.db, [late], "approved");
    expect(await deleteComment(t.db, late)).toBe(true);
    expect((await topicRow(old)).lastActivityAt).toEqual(day(2));
  });

  it("searches title and content without regard to case or diacritics, literally", async () => {
    expect((await listPublicTopics(t.db, { search: "VOZACE" })).rows.map((r) => r.id)).toEqual([old]);
    expect((await listPublicTopics(t.db, { search: "tekst teme najbolja" })).rows.map((r) => r.id)).toEqual([
      fresh,
    ]);
    expect((await listPublicTopics(t.db, { search: "kredite" })).total).toBe(0); // rejected
    expect((await listPublicTopics(t.db, { search: "%" })).total).toBe(0);
    expect((await listPublicTopics(t.db, { search: "_" })).total).toBe(0);
  });

  it("pages the public list 20 at a time and cuts previews at 100 characters", async () => {
    const long = "Reč ".repeat(80);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      ids.push(
        await topic({ title: `Strana ${i}`, status: "approved", created: day(10 + i), content: long }),
      );
    }
    const first = await listPublicTopics(t.db, { page: 1, pageSize: 20 });
    const second = await listPublicTopics(t.db, { page: 2, pageSize: 20 });
    expect(first.total).toBe(23);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].id).toBe(ids[20]);
    expect(first.rows[0].preview.length).toBeLessThanOrEqual(100);
    expect(first.rows[0].preview.endsWith("…")).toBe(true);
    expect(second.rows.map((r) => r.id)).toEqual([ids[0], fresh, old]);
    await t.db.delete(forumTopics).where(sql`${forumTopics.title} like 'Strana %'`);
  });

  it("shows a topic only when approved, with its approved comments oldest first", async () => {
    expect(await getPublicTopic(t.db, pending)).toBeNull();
    expect(await getPublicTopic(t.db, rejected)).toBeNull();
    expect(await getPublicTopic(t.db, 999_999)).toBeNull();
    const shown = await getPublicTopic(t.db, old);
    expect(shown).toMatchObject({ id: old, commentCount: 1 });
    const c2 = await comment(old, "approved", day(4), "Drugi");
    const comments = await listPublicComments(t.db, old);
    expect(comments.map((c) => c.content)).toEqual(["Komentar", "Drugi"]);
    expect(comments.at(-1)?.id).toBe(c2);
  });

  it("counts every status for the overview, the tabs and the badge", async () => {
    const counts = await forumStatusCounts(t.db);
    expect(counts.topics).toEqual({ all: 4, pending: 1, approved: 2, rejected: 1 });
    expect(counts.comments).toEqual({ all: 5, pending: 1, approved: 3, rejected: 1 });
    expect(await countPendingForum(t.db)).toBe(2);
  });

  it("lists topics and comments for moderators: filtered by status, searched, with counts and titles", async () => {
    const pendingTopics = await listAdminTopics(t.db, { status: "pending" });
    expect(pendingTopics.rows.map((r) => r.id)).toEqual([pending]);
    const all = await listAdminTopics(t.db, {});
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.id)).toEqual([rejected, pending, fresh, old]);
    const oldRow = all.rows.find((r) => r.id === old);
    expect(oldRow).toMatchObject({ commentCount: 4, pendingComments: 1 });
    expect((await listAdminTopics(t.db, { search: "reklama" })).rows.map((r) => r.id)).toEqual([rejected]);

    const comments = await listAdminComments(t.db, { status: "approved" });
    expect(comments.total).toBe(3);
    expect(comments.rows[0]).toMatchObject({ topicId: fresh, topicTitle: "Najbolja kafa na I-80" });
    expect((await listAdminComments(t.db, { topicId: old })).total).toBe(4);
    expect((await listAdminComments(t.db, { search: "DRUGI" })).rows.map((r) => r.preview)).toEqual([
      "Drugi",
    ]);
    expect((await listAdminComments(t.db, { search: "iva" })).total).toBe(5); // the author too
    expect(await getAdminTopic(t.db, old)).toMatchObject({ commentCount: 4, pendingComments: 1 });
  });

  it("moves items to any other status, in bulk, leaving those already there alone", async () => {
    const a = await comment(fresh, "pending", day(9));
    const b = await comment(fresh, "pending", day(9));
    const c = await comment(fresh, "rejected", day(9));
    expect((await setCommentStatus(t.db, [a, b, c], "rejected")).sort()).toEqual([a, b].sort());
    expect((await commentRow(a)).status).toBe("rejected");
    expect(await setCommentStatus(t.db, [a, b, c], "approved")).toHaveLength(3);
    expect((await topicRow(fresh)).lastActivityAt).toEqual(day(9));
    expect(await setCommentStatus(t.db, [a, b, c], "pending")).toHaveLength(3);
    expect((await topicRow(fresh)).lastActivityAt).toEqual(day(6));
    expect(await setTopicStatus(t.db, [pending, rejected], "approved")).toHaveLength(2);
    expect(await setTopicStatus(t.db, [pending], "approved")).toEqual([]);
    await setTopicStatus(t.db, [pending], "pending");
    await setTopicStatus(t.db, [rejected], "rejected");
    await t.db.delete(forumComments).where(sql`${forumComments.id} in (${a}, ${b}, ${c})`);
  });

  it("takes comments only under approved topics", async () => {
    expect(await createComment(t.db, pending, { content: "x", author: "y" })).toBeNull();
    expect(await createComment(t.db, 999_999, { content: "x", author: "y" })).toBeNull();
    const id = await createComment(t.db, old, { content: "Novi", author: "Ana" });
    expect(id).not.toBeNull();
    expect((await commentRow(id!)).status).toBe("pending");
    await t.db.delete(forumComments).where(eq(forumComments.id, id!));
  });

  it("takes a new topic as pending, checks fields, honours the honeypot and limits 5 per 15 min", async () => {
    const now = new Date();
    const ip = "203.0.113.9";
    const before = (await t.db.select({ n: count() }).from(forumTopics))[0].n;

    const invalid = await submitTopic(t.db, formOf({ title: "", content: "x", author: "A" }), {
      clientIp: ip,
      now,
    });
    expect(invalid).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { title: FORUM_MESSAGES.titleRequired },
    });

    const trap = await submitTopic(
      t.db,
      formOf({ title: "Spam", content: "Spam", author: "Bot", [HONEYPOT_FIELD]: "x" }),
      { clientIp: ip, now },
    );
    expect(trap.ok).toBe(true);

    for (let i = 0; i < 4; i++) {
      const ok = await submitTopic(t.db, formOf({ title: `Nova ${i}`, content: "Pitanje", author: "Ana" }), {
        clientIp: ip,
        now,
      });
      expect(ok.ok).toBe(true);
    }
    const sixth = await submitTopic(t.db, formOf({ title: "Šesta", content: "Pitanje", author: "Ana" }), {
      clientIp: ip,
      now,
    });
    expect(sixth).toMatchObject({ ok: false, status: 429, values: { title: "Šesta" } });
    const created = await t.db.select().from(forumTopics).where(sql`${forumTopics.title} like 'Nova %'`);
    expect(created).toHaveLength(4);
    expect(created.every((r) => r.status === "pending")).toBe(true);
    expect((await t.db.select({ n: count() }).from(forumTopics))[0].n).toBe(before + 4);

    // Comments have their own limit.
    const c = await submitComment(t.db, old, formOf({ content: "Hvala", author: "Ana" }), {
      clientIp: ip,
      now,
    });
    expect(c.ok).toBe(true);
    const onPending = await submitComment(t.db, pending, formOf({ content: "Hvala", author: "Ana" }), {
      clientIp: ip,
      now,
    });
    expect(onPending).toMatchObject({ ok: false, status: 404 });
    await t.db.delete(forumTopics).where(sql`${forumTopics.title} like 'Nova %'`);
    await t.db.delete(forumComments).where(eq(forumComments.content, "Hvala"));
    await t.db.delete(loginAttempts);
  });

  it("votes: the same button takes the vote back, the other switches it", async () => {
    const id = await topic({
      title: "Glasanje",
      status: "approved",
      created: day(20),
      likes: 10,
      dislikes: 2,
    });
    const v = "a".repeat(64);
    expect(await castVote(t.db, { kind: "topic", id, visitor: v, value: 1 })).toEqual({
      ok: true,
      likes: 11,
      dislikes: 2,
      myVote: 1,
    });
    expect(await castVote(t.db, { kind: "topic", id, visitor: v, value: -1 })).toMatchObject({
      likes: 10,
      dislikes: 3,
      myVote: -1,
    });
    expect(await visitorVotes(t.db, v, { topicId: id, commentIds: [] })).toEqual({ topic: -1, comments: {} });
    expect(await castVote(t.db, { kind: "topic", id, visitor: v, value: -1 })).toMatchObject({
      likes: 10,
      dislikes: 2,
      myVote: 0,
    });
    expect(await visitorVotes(t.db, v, { topicId: id, commentIds: [] })).toEqual({ topic: 0, comments: {} });

    const cid = await comment(id, "approved", day(21), "Glasaj", 5);
    expect(await castVote(t.db, { kind: "comment", id: cid, visitor: v, value: 1 })).toMatchObject({
      likes: 6,
      myVote: 1,
    });
    expect((await visitorVotes(t.db, v, { topicId: id, commentIds: [cid] })).comments).toEqual({ [cid]: 1 });

    // Nothing but approved items (under approved topics) can be voted on.
    expect(await castVote(t.db, { kind: "topic", id: pending, visitor: v, value: 1 })).toEqual({
      ok: false,
      reason: "notFound",
    });
    const hidden = await comment(pending, "approved", day(21));
    expect(await castVote(t.db, { kind: "comment", id: hidden, visitor: v, value: 1 })).toEqual({
      ok: false,
      reason: "notFound",
    });
    // A comment is voted on from its own topic's page only.
    expect((await castVote(t.db, { kind: "comment", id: cid, visitor: v, value: 1, topicId: old })).ok).toBe(
      false,
    );
    const rejectedComment = await comment(id, "rejected", day(21));
    expect((await castVote(t.db, { kind: "comment", id: rejectedComment, visitor: v, value: 1 })).ok).toBe(
      false,
    );

    // Deleting the topic takes its comments and all their votes with it.
    expect(await deleteTopic(t.db, id)).toEqual({ deleted: true, comments: 2 });
    expect(await deleteTopic(t.db, id)).toEqual({ deleted: false, comments: 0 });
    expect(
      (await t.db.select({ n: count() }).from(forumTopicVotes).where(eq(forumTopicVotes.topicId, id)))[0].n,
    ).toBe(0);
    expect(
      (
        await t.db.select({ n: count() }).from(forumCommentVotes).where(eq(forumCommentVotes.commentId, cid))
      )[0].n,
    ).toBe(0);
  });

  it("keeps the counts exact under concurrent votes", async () => {
    const id = await topic({ title: "Gužva", status: "approved", created: day(22), likes: 7, dislikes: 1 });
    const cid = await comment(id, "approved", day(22), "Gužva", 3);
    const visitor = (i: number) => i.toString(16).padStart(64, "0");
    const clicks: Promise<unknown>[] = [];
    // 30 visitors like once; 10 visitors click like twice at the same moment (net: no vote);
    // 10 visitors like and dislike at the same moment (net: one of the two).
    for (let i = 0; i < 30; i++)
      clicks.push(castVote(t.db, { kind: "topic", id, visitor: visitor(i), value: 1 }));
    for (let i = 30; i < 40; i++) {
      clicks.push(castVote(t.db, { kind: "topic", id, visitor: visitor(i), value: 1 }));
      clicks.push(castVote(t.db, { kind: "topic", id, visitor: visitor(i), value: 1 }));
    }
    for (let i = 40; i < 50; i++) {
      clicks.push(castVote(t.db, { kind: "topic", id, visitor: visitor(i), value: 1 }));
      clicks.push(castVote(t.db, { kind: "topic", id, visitor: visitor(i), value: -1 }));
    }
    for (let i = 0; i < 25; i++)
      clicks.push(castVote(t.db, { kind: "comment", id: cid, visitor: visitor(i), value: -1 }));
    await Promise.all(clicks);

    const votes = await t.db
      .select({ value: forumTopicVotes.value, n: count() })
      .from(forumTopicVotes)
      .where(eq(forumTopicVotes.topicId, id))
      .groupBy(forumTopicVotes.value);
    const likeRows = votes.find((v) => v.value === 1)?.n ?? 0;
    const dislikeRows = votes.find((v) => v.value === -1)?.n ?? 0;
    expect(likeRows + dislikeRows).toBe(40);
    expect(likeRows).toBeGreaterThanOrEqual(30);
    const row = await topicRow(id);
    expect(row.likes).toBe(7 + likeRows);
    expect(row.dislikes).toBe(1 + dislikeRows);
    const none = await t.db
      .select({ n: count() })
      .from(forumTopicVotes)
      .where(
        and(
          eq(forumTopicVotes.topicId, id),
          sql`${forumTopicVotes.visitor} in (${sql.join(
            Array.from({ length: 10 }, (_, k) => sql`${visitor(30 + k)}`),
            sql`, `,
          )})`,
        ),
      );
    expect(none[0].n).toBe(0);
    expect(await commentRow(cid)).toMatchObject({ likes: 3, dislikes: 25 });
    await deleteTopic(t.db, id);
  });

  it("limits votes per address loosely", async () => {
    const now = new Date();
    for (let i = 0; i < 120; i++) expect((await limitVotes(t.db, "198.51.100.7", now)).ok).toBe(true);
    expect((await limitVotes(t.db, "198.51.100.7", now)).ok).toBe(false);
    expect((await limitVotes(t.db, null, now)).ok).toBe(true);
  });

  it("lists approved topics for the sitemap, in id order", async () => {
    const rows = await sitemapTopics(t.db, { offset: 0, limit: 10 });
    expect(rows.map((r) => r.id)).toEqual([old, fresh]);
    const xml = await sitemapFile(t.db, "https://x.test", 1, await sitemapPlan(t.db));
    expect(xml).toContain("<loc>https://x.test/forum</loc>");
    expect(xml).toContain(`<loc>https://x.test/forum/${old}</loc>`);
    expect(xml).toContain(`<loc>https://x.test/forum/${fresh}</loc>`);
    expect(xml).not.toContain(`/forum/${pending}<`);
    expect(xml).not.toContain(`/forum/${rejected}<`);
  });

  it("answers a vote with a redirect to the same place, and keeps only a hash of the visitor", async () => {
    const id = await topic({ title: "Ruta", status: "approved", created: day(23) });
    const vote = (fields: Record<string, string>, cookie?: string) =>
      topicAction({
        request: new Request(`http://localhost/forum/${id}`, {
          method: "POST",
          headers: cookie ? { Cookie: cookie } : {},
          body: new URLSearchParams({ intent: "vote", kind: "topic", id: String(id), ...fields }),
        }),
        params: { id: String(id) },
        context: { clientIp: null },
      } as never) as Promise<unknown>;

    const plain = (await vote({ value: "like", returnTo: `/forum/${id}?page=1` })) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/forum/${id}?page=1#tema`);
    const cookie = plain.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(
      /^bv_visitor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=34560000$/,
    );
    const token = cookie.split(";")[0].split("=")[1];
    const [row] = await t.db.select().from(forumTopicVotes).where(eq(forumTopicVotes.topicId, id));
    expect(row.visitor).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.visitor).not.toContain(token);

    // Another page's address is never a way back.
    const elsewhere = (await vote(
      { value: "dislike", returnTo: "https://evil.example.com/" },
      `bv_visitor=${token}`,
    )) as Response;
    expect(elsewhere.headers.get("Location")).toBe(`/forum/${id}#tema`);

    // The same button again takes the vote back.
    const back = (await vote({ value: "dislike" }, `bv_visitor=${token}`)) as Response;
    expect(back.status).toBe(303);
    expect(await topicRow(id)).toMatchObject({ likes: 0, dislikes: 0 });
    expect(await t.db.select().from(forumTopicVotes).where(eq(forumTopicVotes.topicId, id))).toEqual([]);
    const bad = (await vote({ value: "superlike" })) as {
      data: { message: string };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: "vote", ok: false, kind: "topic", id });
    await deleteTopic(t.db, id);
  });
});
