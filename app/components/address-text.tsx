import { Fragment } from "react";
import { addressPieces } from "~/lib/address-breaks";

/**
 * An e-mail or web address shown as text: it wraps after "@", a dot or a slash (a <wbr> there), and
 * the browser may also wrap after a hyphen inside a long name ("insurance-|group"); a name is broken
 * between letters only when it alone is wider than the line (the container's `break-words`, a last
 * resort against overflow, never `break-all`). Never translated or transliterated
 * (`translate="no"`: the Cyrillic page pass leaves it as it is, docs/decisions/211).
 */
export function AddressText({ address }: { address: string }) {
  const pieces = addressPieces(address);
  return (
    <span translate="no">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
