import { Link } from "react-router";
import { Card } from "~/components/admin/page-header";
import { cn } from "~/components/ui/cn";
import type { HeadingStats } from "~/domain/headings/list.server";
import { type HeadingFilter, headingWord } from "~/domain/headings/rules";

const number = new Intl.NumberFormat("sr-Latn");

function StatCard({
  label,
  value,
  tone,
  hint,
}: {
  label: string;
  value: number;
  tone: string;
  hint?: string;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={cn("mt-1 text-2xl font-bold sm:text-3xl", tone)}>{number.format(value)}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** What "pending" holds: articles with suggestions, and those nothing has looked at yet. */
function pendingHint(stats: HeadingStats): string | undefined {
  if (stats.pending === 0) return undefined;
  if (stats.notAnalyzed >= stats.pending) return "još nisu analizirani";
  const parts = [`${number.format(stats.suggested)} sa predlozima`];
  if (stats.notAnalyzed > 0) parts.push(`${number.format(stats.notAnalyzed)} neanalizirano`);
  return parts.join(" · ");
}

/** The four counts, and what the last analysis suggested (with a link to only those articles). */
export function HeadingsStats({ stats, filter }: { stats: HeadingStats; filter: HeadingFilter }) {
  return (
    <>
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Objavljeni članci" value={stats.published} tone="text-slate-900" />
        <StatCard label="Konvertovani" value={stats.converted} tone="text-emerald-700" />
        <StatCard label="Na čekanju" value={stats.pending} tone="text-amber-700" hint={pendingHint(stats)} />
        <StatCard label="Greške" value={stats.errors} tone="text-red-700" />
      </div>
      {stats.suggested > 0 ? (
        <p className="-mt-3 mb-6 text-sm text-slate-600">
          Po poslednjoj analizi {number.format(stats.suggested)} članaka dobija ukupno{" "}
          {headingWord(stats.suggestedHeadings)}.{" "}
          {filter !== "suggested" ? (
            <Link to="/admin/headings?stanje=suggested" className="text-brand-700 underline">
              Prikaži samo njih
            </Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
