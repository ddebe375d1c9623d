import type { ReactNode } from "react";

/** The white bordered panel every admin screen is built of. */
export function Card({
  children,
  className = "",
  ...rest
}: {
  children: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`} {...rest}>
      {children}
    </section>
  );
}
