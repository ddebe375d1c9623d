/**
 * Where a long e-mail or web address may wrap: after "@", after each dot and after each slash —
 * never inside a name ("zlatibortru|cking.com"). Pure: the pieces in order; the component puts a
 * <wbr> between them (components/address-text.tsx).
 */
export function addressPieces(address: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < address.length - 1; i++) {
    const c = address[i];
    if (c === "@" || c === "." || c === "/") {
      // "https://": no break between the two slashes.
      if (c === "/" && address[i + 1] === "/") continue;
      pieces.push(address.slice(start, i + 1));
      start = i + 1;
    }
  }
  pieces.push(address.slice(start));
  return pieces.filter((piece) => piece !== "");
}
