import { ThumbIcon } from "./thumb-icon";

/** Likes and dislikes of a topic or comment, read out as words. */
export function VoteCounts({ likes, dislikes }: { likes: number; dislikes: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <ThumbIcon className="text-slate-400" />
      {likes}
      <span className="sr-only"> sviđa se,</span>
      <ThumbIcon down className="ml-2 text-slate-400" />
      {dislikes}
      <span className="sr-only"> ne sviđa se</span>
    </span>
  );
}
