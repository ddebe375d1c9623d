/**
 * A visitor's new topic (`/forum/nova`) and comment (`/forum/{id}`), through the public forms' one
 * flow: honeypot → limiter → validation → a pending row (decision 070).
 */
import type { DbOrTx } from "~/db/client.server";
import { COMMENT_FORM, TOPIC_FORM } from "~/domain/forum/constants";
import { createComment, createTopic } from "~/domain/forum/public.server";
import { commentSchema, topicSchema } from "~/domain/forum/validation";
import { fail, ok } from "~/domain/result";
import { type PublicFormAnswer, submitPublicForm } from "~/http/public-form.server";
import { FORUM_MESSAGES } from "~/messages/forum";

type Options = { clientIp: string | null; now?: Date };
const messages = { fixErrors: FORUM_MESSAGES.fixErrors, failed: FORUM_MESSAGES.sendFailed };

export function submitTopic(db: DbOrTx, form: FormData, options: Options): Promise<PublicFormAnswer<number>> {
  return submitPublicForm(db, {
    form,
    name: TOPIC_FORM,
    schema: topicSchema,
    messages,
    ...options,
    write: async (input) => ok(await createTopic(db, input)),
  });
}

/** A comment waits under an approved topic only; a topic gone meanwhile is "forum.topic_gone". */
export function submitComment(
  db: DbOrTx,
  topicId: number,
  form: FormData,
  options: Options,
): Promise<PublicFormAnswer<number>> {
  return submitPublicForm(db, {
    form,
    name: COMMENT_FORM,
    schema: commentSchema,
    messages,
    ...options,
    write: async (input) => {
      const id = await createComment(db, topicId, input);
      return id === null ? fail("forum.topic_gone") : ok(id);
    },
  });
}
