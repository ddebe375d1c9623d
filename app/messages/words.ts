/**
 * How an area's words are attached to its codes (decision 271). The domain names codes by keys
 * (`codes("user", ["fieldRequired", …])`, app/domain/result.ts); the area's file here keeps the
 * spec's words under the same keys, and `wordsFor` joins the two into a table from code to words,
 * typed total: a code without its words does not compile.
 */

/** The words of a code: text, or text around a detail the code carries (`"article.tooLong:300"`). */
export type Words = string | ((detail: string) => string);

export function wordsFor<const A extends string, const K extends string>(
  codes: { readonly [k in K]: `${A}.${k}` },
  words: { readonly [k in NoInfer<K>]: Words },
): Record<`${A}.${K}`, Words> {
  const table = {} as Record<`${A}.${K}`, Words>;
  for (const key of Object.keys(codes) as K[]) table[codes[key]] = words[key];
  return table;
}

/** The text of `words` for a detail. */
export function say(words: Words, detail = ""): string {
  return typeof words === "function" ? words(detail) : words;
}
