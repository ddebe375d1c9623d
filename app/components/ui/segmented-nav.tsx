/**
 * A short row of links that switch one view of a list (a period, a kind, a sort, grid or list): the
 * current one is marked `aria-current`. Links, not buttons, so each choice has its own address and
 * works without JavaScript.
 */
import { Link } from "react-router";
import { buttonClass } from "./button";
import { cn } from "./cn";

export type SegmentedItem = { value: string; label: string; href: string };

const LOOKS = {
  /** Rounded chips (periods, kinds). */
  pills: {
    wrap: "flex flex-wrap gap-1",
    item: (active: boolean) =>
      cn(
        "rounded-full px-3 py-1 text-sm font-medium",
        active ? "bg-slate-800 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200",
      ),
  },
  /** One bordered control split in parts (a sort order). */
  joined: {
    wrap: "inline-flex overflow-hidden rounded-lg border border-slate-300 text-sm",
    item: (active: boolean) =>
      cn(
        "px-3 py-2 font-medium",
        active ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50",
      ),
  },
  /** Small buttons (grid or list). */
  buttons: {
    wrap: "flex gap-1",
    item: (active: boolean) => buttonClass(active ? "primary" : "secondary", "sm"),
  },
} as const;

export function SegmentedNav({
  label,
  items,
  current,
  look = "pills",
  className,
  preventScrollReset,
}: {
  label: string;
  items: readonly SegmentedItem[];
  current: string;
  look?: keyof typeof LOOKS;
  className?: string;
  preventScrollReset?: boolean;
}) {
  const style = LOOKS[look];
  return (
    <nav aria-label={label} className={cn(style.wrap, className)}>
      {items.map((item) => (
        <Link
          key={item.value}
          to={item.href}
          aria-current={item.value === current ? "page" : undefined}
          preventScrollReset={preventScrollReset}
          className={style.item(item.value === current)}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
