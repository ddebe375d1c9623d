import { Fragment } from "react";
import { Link } from "react-router";

/**
 * "Početna / Vesti" above an article, a listing or a forum topic: links of at least 24 px in height
 * (WCAG 2.5.8, a tap on a phone), the last step plain text when it is the page itself.
 */
export function Breadcrumbs({ steps }: { steps: readonly { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Putanja" className="flex flex-wrap items-center gap-x-1.5 text-sm text-slate-500">
      {steps.map((step, i) => (
        <Fragment key={`${step.label}-${i}`}>
          {i > 0 ? <span aria-hidden="true">/</span> : null}
          {step.to ? (
            <Link to={step.to} className="inline-flex min-h-6 items-center hover:text-slate-800">
              {step.label}
            </Link>
          ) : (
            <span className="text-slate-700">{step.label}</span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
