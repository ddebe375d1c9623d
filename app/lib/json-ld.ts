/**
 * Schema.org data for a `<script type="application/ld+json">` element. JSON.stringify alone is not
 * enough inside HTML: text containing `</script>` would end the element and let what follows run
 * as markup. `<` (and so every tag), `>` and `&` are written as \u escapes, which JSON readers
 * decode back; U+2028/U+2029 are escaped for old JavaScript parsers.
 */
export function jsonLdString(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
