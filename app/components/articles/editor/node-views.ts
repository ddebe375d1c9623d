/**
 * How the editor shows the two blocks it does not edit in place: a table (kept whole, edited in
 * the HTML view) and a video placeholder (the service and the link, no player).
 */
import type { NodeView } from "prosemirror-view";
import { EMBED_LABELS, type EmbedProvider } from "~/domain/articles/embeds";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";

/** Tables kept whole: shown as they will look, not editable here (the HTML view edits them). */
export function htmlBlockView(node: { attrs: { html: string } }): NodeView {
  const dom = document.createElement("div");
  dom.contentEditable = "false";
  dom.className = "my-3 rounded-lg border border-dashed border-slate-300 p-2";
  const note = document.createElement("p");
  note.className = "!m-0 text-xs text-slate-500";
  note.textContent = "Tabela (menja se u HTML prikazu)";
  const body = document.createElement("div");
  // Sanitised when the article was opened, and again here: nothing in it can run.
  body.innerHTML = sanitizeArticleHtml(node.attrs.html);
  dom.append(note, body);
  return { dom, ignoreMutation: () => true };
}

/** A video placeholder as editors see it: the service and the link, no player (privacy). */
export function embedView(node: { attrs: { provider: string; videoId: string } }): NodeView {
  const dom = document.createElement("figure");
  dom.contentEditable = "false";
  dom.className =
    "my-4 flex aspect-video max-w-md flex-col items-center justify-center gap-1 rounded-lg bg-slate-900 text-white";
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  icon.className = "text-3xl";
  icon.textContent = "▶";
  const label = document.createElement("span");
  label.className = "text-sm";
  label.textContent = `${EMBED_LABELS[node.attrs.provider as EmbedProvider]} (${node.attrs.videoId})`;
  dom.append(icon, label);
  return { dom };
}
