import { Fragment } from "react";
import { linkify, VISITOR_LINK_REL } from "~/lib/linkify";
import { AddressText } from "./address-text";
import { cn } from "./ui/cn";

/**
 * Text a visitor typed, shown as text: React escapes every character, line breaks are kept
 * (`white-space: pre-line`) and web addresses become links that open in a new tab with
 * `rel="nofollow ugc noopener"` (lib/linkify.ts). Never pass visitor text anywhere as HTML.
 */
export function VisitorText({
  text,
  className,
  as: Tag = "div",
}: {
  text: string;
  className?: string;
  as?: "div" | "p" | "span";
}) {
  return (
    <Tag className={cn("whitespace-pre-line break-words", className)}>
      {linkify(text).map((segment, i) =>
        segment.kind === "link" ? (
          <a
            key={i}
            href={segment.href}
            rel={VISITOR_LINK_REL}
            target="_blank"
            className="font-medium text-brand-700 underline hover:text-brand-900"
          >
            <AddressText address={segment.text} />
          </a>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </Tag>
  );
}
