import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

export type StatusTabItem = {
  value: string;
  label: string;
  href: string;
  count: number;
  /** The tab that needs attention (pending): its count stands out when it is not the current tab. */
  attention?: boolean;
  testId?: string;
};

/**
 * The status tabs of the moderation screens (company requests, listings, forum topics and
 * comments): links that keep the other filters, each with its count. They wrap onto a second line
 * on a phone rather than scroll sideways, so every status stays in sight.
 */
export function StatusTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: StatusTabItem[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-1.5">
      {tabs.map((t) => {
        const active = t.value === current;
        return (
          <Link
            key={t.value}
            to={t.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "inline-flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium",
              active
                ? "bg-brand-600 text-white"
                : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50",
            )}
          >
            {t.label}
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs tabular-nums",
                active ? "bg-white/20" : t.attention ? "bg-yellow-300 text-slate-900" : "bg-slate-100",
              )}
              data-testid={t.testId}
            >
              {t.count}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
