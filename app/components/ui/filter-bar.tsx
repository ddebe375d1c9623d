import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, ButtonLink, type ButtonVariant } from "./button";
import { Card } from "./card";
import { cn } from "./cn";

/**
 * The filter form at the top of an admin list: a GET form (the filter lives in the URL, so reload,
 * back and a shared link keep it) laid out as a grid of fields, then the submit button and, when a
 * filter is set, "Poništi" back to the bare list. `after` is what sits under the form in the same
 * card (segmented links of a period or a status).
 */
export function FilterBar({
  children,
  className,
  busy = false,
  submitLabel = "Pretraži",
  submitVariant = "primary",
  resetTo = null,
  after,
  search = true,
  cardClassName = "mb-4",
  bare = false,
}: {
  children: ReactNode;
  /** The grid's columns, e.g. `sm:grid-cols-2 lg:grid-cols-[1fr_14rem_auto]`. */
  className?: string;
  busy?: boolean;
  submitLabel?: string;
  submitVariant?: ButtonVariant;
  /** Where "Poništi" leads; no link when null (no filter set). */
  resetTo?: string | null;
  after?: ReactNode;
  /** A search landmark (role="search"); off for a pure filter with no text search. */
  search?: boolean;
  /** The card's own spacing (a list inside a spaced section passes ""). */
  cardClassName?: string;
  /** One row on the page itself, no card (a queue's search over its tabs). */
  bare?: boolean;
}) {
  const form = (
    <Form
      method="get"
      role={search ? "search" : undefined}
      className={bare ? cn("mb-4 flex gap-2", className) : cn("grid gap-3", className)}
    >
      {children}
      <div className="flex shrink-0 gap-2">
        <Button type="submit" variant={submitVariant} disabled={busy}>
          {submitLabel}
        </Button>
        {resetTo ? (
          <ButtonLink variant="ghost" to={resetTo}>
            Poništi
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
  if (bare) return form;
  return (
    <Card className={cn(cardClassName, "p-4")}>
      {form}
      {after}
    </Card>
  );
}
