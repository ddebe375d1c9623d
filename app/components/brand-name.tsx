import type { ReactNode } from "react";
import { nameStaysLatin } from "~/domain/cyrillic/foreign";

/**
 * A company's or brand's name as its owner wrote it (decision 261): a name with a foreign word is
 * marked `translate="no"`, so the Cyrillic pass leaves all of it in Latin — here and wherever else
 * the page repeats it (title, structured data) — and browsers' translators leave it too. A name of
 * Serbian words only is plain text and is written in the page's script like the rest.
 */
export function BrandName({ name, children }: { name: string; children?: ReactNode }): ReactNode {
  const shown = children ?? name;
  return nameStaysLatin(name) ? <span translate="no">{shown}</span> : shown;
}
