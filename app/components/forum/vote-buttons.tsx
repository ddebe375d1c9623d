import { useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { cn } from "~/components/ui/cn";
import { applyVote, type ForumKind, parseVoteValue, type StandingVote } from "~/domain/forum/rules";
import { ThumbIcon } from "./thumb-icon";

/** What the topic page's action answers to a vote sent in place (with JavaScript). */
export type VoteReply =
  | {
      intent: "vote";
      ok: true;
      kind: ForumKind;
      id: number;
      likes: number;
      dislikes: number;
      myVote: StandingVote;
    }
  | { intent: "vote"; ok: false; kind?: ForumKind; id?: number; message: string };

const subscribe = () => () => {};
/** False in the server's HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Like and dislike of a topic or a comment. Without JavaScript the two buttons post a plain form
 * that comes back to the same place on the page; with it, the vote is sent in place (a fetcher),
 * shown at once and corrected by the server's answer. `aria-pressed` says which one is the
 * visitor's own vote.
 */
export function VoteButtons({
  kind,
  id,
  likes,
  dislikes,
  myVote,
  action,
  returnTo,
  size = "md",
}: {
  kind: ForumKind;
  id: number;
  likes: number;
  dislikes: number;
  myVote: StandingVote;
  /** The topic page's URL (its action). */
  action: string;
  /** Where a vote without JavaScript returns to (the page with its ?page=). */
  returnTo: string;
  size?: "sm" | "md";
}) {
  const fetcher = useFetcher<VoteReply>({ key: `vote-${kind}-${id}` });
  const hydrated = useHydrated();
  let shown = { likes, dislikes, myVote };
  const clicked = fetcher.state !== "idle" ? parseVoteValue(fetcher.formData?.get("value")) : null;
  if (clicked) {
    shown = applyVote(shown, shown.myVote, clicked);
  } else if (
    fetcher.data?.ok &&
    fetcher.data.kind === kind &&
    fetcher.data.id === id &&
    fetcher.state === "idle"
  ) {
    // The server's answer, until the page's own data catches up (they agree once it has).
    shown = fetcher.data;
  }
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const button = (pressed: boolean) =>
    cn(
      "inline-flex items-center gap-1.5 rounded-full border font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
      size === "sm" ? "h-8 px-3 text-xs" : "h-9 px-3.5 text-sm",
      pressed
        ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
        : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
    );
  return (
    <div>
      <fetcher.Form
        method="post"
        action={action}
        preventScrollReset
        className="flex flex-wrap items-center gap-2"
      >
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
        <button
          type="submit"
          name="value"
          value="like"
          aria-pressed={shown.myVote === 1}
          aria-label={`Sviđa mi se, ${shown.likes}`}
          title="Sviđa mi se"
          className={button(shown.myVote === 1)}
        >
          <ThumbIcon />
          <span data-testid={`${kind}-${id}-likes`}>{shown.likes}</span>
        </button>
        <button
          type="submit"
          name="value"
          value="dislike"
          aria-pressed={shown.myVote === -1}
          aria-label={`Ne sviđa mi se, ${shown.dislikes}`}
          title="Ne sviđa mi se"
          className={button(shown.myVote === -1)}
        >
          <ThumbIcon down />
          <span data-testid={`${kind}-${id}-dislikes`}>{shown.dislikes}</span>
        </button>
      </fetcher.Form>
      {failed ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
