/** Word count and reading time of an article (the editor's status line). */

/** Words read per minute by an average reader of news. */
export const WORDS_PER_MINUTE = 200;

/** The words of a text: runs of letters or digits (Latin, Cyrillic, any script), joined by ' - . */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes, at least 1 for any text, 0 for none. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** "245 reči · oko 1 min čitanja" (Serbian plural of "reč"). */
export function readingSummary(words: number): string {
  const mod10 = words % 10;
  const mod100 = words % 100;
  const noun = mod10 === 1 && mod100 !== 11 ? "reč" : "reči";
  const minutes = readingMinutes(words);
  return minutes === 0 ? `${words} ${noun}` : `${words} ${noun} · oko ${minutes} min čitanja`;
}
