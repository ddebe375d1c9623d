import { cn } from "~/components/ui/cn";

/** A thumb up (or, turned over, down) for likes and dislikes; drawn, so it needs no emoji font. */
export function ThumbIcon({ down, className }: { down?: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={cn("h-4 w-4 shrink-0", down && "rotate-180", className)}
      fill="currentColor"
    >
      <path d="M2 9.5A1.5 1.5 0 0 1 3.5 8h1A1.5 1.5 0 0 1 6 9.5v6A1.5 1.5 0 0 1 4.5 17h-1A1.5 1.5 0 0 1 2 15.5v-6Zm5 6.1V9.3c0-.5.2-1 .5-1.4l3.6-4.6a1.3 1.3 0 0 1 2.3 1l-.6 2.7h3.4a1.8 1.8 0 0 1 1.8 2.1l-1 5.6A2.5 2.5 0 0 1 14.5 17H8.4A1.4 1.4 0 0 1 7 15.6Z" />
    </svg>
  );
}
