import { escapeHtml } from "~/lib/escape-html";
import { inScript, type Script } from "./script";

/** The building blocks of a demo article body, rendered to the HTML the editor produces. */
export type Block =
  | { kind: "p" | "h2" | "h3"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "img"; src: string; alt: string; width: number; height: number };

/**
 * Renders blocks, converting every piece of visible text (never markup) to the article's script.
 * `legacy`: the article as the old site stored it, with its headings typed as paragraphs (a bold
 * paragraph for h2, a plain short one for h3) — the content the AI headings screen converts.
 */
export function renderBlocks(
  blocks: readonly Block[],
  script: Script,
  options: { legacy?: boolean } = {},
): string {
  const text = (value: string) => escapeHtml(inScript(value, script));
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "ul":
          return `<ul>${block.items.map((item) => `<li>${text(item)}</li>`).join("")}</ul>`;
        case "img":
          return `<p><img src="${block.src}" width="${block.width}" height="${block.height}" alt="${text(block.alt)}" loading="lazy"></p>`;
        case "h2":
          return options.legacy
            ? `<p><strong>${text(block.text)}</strong></p>`
            : `<h2>${text(block.text)}</h2>`;
        case "h3":
          return options.legacy ? `<p>${text(block.text)}</p>` : `<h3>${text(block.text)}</h3>`;
        default:
          return `<${block.kind}>${text(block.text)}</${block.kind}>`;
      }
    })
    .join("\n");
}
