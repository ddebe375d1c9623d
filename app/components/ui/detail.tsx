import type { ReactNode } from "react";
import { cn } from "./cn";

/** One labelled value of a detail view (inside a `<dl>`); an empty value shows "—". */
export function Detail({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={cn("mt-0.5 break-words text-sm text-slate-900", mono && "break-all font-mono text-xs")}>
        {children || "—"}
      </dd>
    </div>
  );
}
