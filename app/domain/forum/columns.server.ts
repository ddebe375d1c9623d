/**
 * The columns the forum's lists and dialogs select, staff and public alike, and the one way a
 * page of rows gets its previews: each query adds only what is its own (status, counts, content).
 */
import { forumComments, forumTopics } from "~/db/schema";
import { preview } from "./rules";

/** What every topic row shows. */
export const topicFields = {
  id: forumTopics.id,
  title: forumTopics.title,
  author: forumTopics.author,
  companyName: forumTopics.companyName,
  likes: forumTopics.likes,
  dislikes: forumTopics.dislikes,
  createdAt: forumTopics.createdAt,
};

/** What every comment row shows. */
export const commentFields = {
  id: forumComments.id,
  author: forumComments.author,
  likes: forumComments.likes,
  dislikes: forumComments.dislikes,
  createdAt: forumComments.createdAt,
};

/**
 * A page of rows read with the head of their content (`head`) and the count of all matching rows:
 * the rows with their preview of `length` characters instead of the head, and the total.
 */
export async function pageWithPreviews<R extends { head: string }>(
  rows: PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
  length: number,
): Promise<{ rows: (Omit<R, "head"> & { preview: string })[]; total: number }> {
  const [list, [{ n }]] = await Promise.all([rows, total]);
  return { rows: list.map(({ head, ...row }) => ({ ...row, preview: preview(head, length) })), total: n };
}
