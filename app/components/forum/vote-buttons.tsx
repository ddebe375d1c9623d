import { cn } from "~/components/ui/cn";
import type { ForumKind, StandingVote } from "~/domain/forum/rules";
import { ThumbIcon } from "./thumb-icon";

/** The element a vote replaces in place: `glasovi-topic-12`, `glasovi-comment-40`. */
export function voteTargetId(kind: ForumKind, id: number): string {
  return `glasovi-${kind}-${id}`;
}

/**
 * Like and dislike of a topic or a comment, as plain server-rendered forms (public pages carry no
 * React in the browser, decision 065). Without JavaScript a click posts the form and the server
 * answers 303 to the same page at the item; with the enhancement script
 * (`form[data-enhance=replace]`) the post is sent with fetch and only this block is swapped for
 * its new version, so the page does not move. One form per button, so the vote does not depend on
 * which button submitted it. `aria-pressed` marks the visitor's own vote.
 */
export function VoteButtons({
  kind,
  id,
  likes,
  dislikes,
  myVote,
  action,
  returnTo,
  error,
  size = "md",
}: {
  kind: ForumKind;
  id: number;
  likes: number;
  dislikes: number;
  myVote: StandingVote;
  /** The topic page's URL (its action). */
  action: string;
  /** Where the vote returns to (the page with its ?page=). */
  returnTo: string;
  /** Why this item's last vote failed, from the action. */
  error?: string | null;
  size?: "sm" | "md";
}) {
  const target = voteTargetId(kind, id);
  const buttonClass = (pressed: boolean) =>
    cn(
      "inline-flex items-center gap-1.5 rounded-full border font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60",
      size === "sm" ? "h-8 px-3 text-xs" : "h-9 px-3.5 text-sm",
      pressed
        ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
        : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
    );
  const form = (value: "like" | "dislike") => {
    const pressed = myVote === (value === "like" ? 1 : -1);
    const count = value === "like" ? likes : dislikes;
    const label = value === "like" ? "Sviđa mi se" : "Ne sviđa mi se";
    return (
      <form method="post" action={action} data-enhance="replace" data-target={`#${target}`}>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="value" value={value} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button
          type="submit"
          aria-pressed={pressed}
          aria-label={`${label}, ${count}`}
          title={label}
          className={buttonClass(pressed)}
        >
          <ThumbIcon down={value === "dislike"} />
          <span data-testid={`${kind}-${id}-${value}s`}>{count}</span>
        </button>
      </form>
    );
  };
  return (
    <div id={target}>
      <div className="flex flex-wrap items-center gap-2">
        {form("like")}
        {form("dislike")}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
