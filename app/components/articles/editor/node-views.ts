/**
 * How the editor shows what it does not draw with the schema's own markup: a table (in a box that
 * scrolls sideways on a phone, its caption shown but not edited here) and a video placeholder
 * (the service and the link, no player).
 */
import type { Node as PMNode } from "prosemirror-model";
import type { NodeView, ViewMutationRecord } from "prosemirror-view";
import { EMBED_LABELS, type EmbedProvider } from "~/domain/articles/embeds";

/** A table: its rows are edited in place (prosemirror-tables); wide tables scroll inside their box. */
export function tableView(initial: PMNode): NodeView {
  let node = initial;
  const dom = document.createElement("div");
  dom.className = "my-4 overflow-x-auto";
  dom.setAttribute("data-testid", "editor-table");
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.contentEditable = "false";
  const tbody = document.createElement("tbody");
  table.append(tbody);
  dom.append(table);
  const showCaption = () => {
    if (node.attrs.caption) {
      caption.textContent = node.attrs.caption;
      if (!caption.parentNode) table.prepend(caption);
    } else caption.remove();
  };
  showCaption();
  return {
    dom,
    contentDOM: tbody,
    update(next) {
      if (next.type !== node.type) return false;
      node = next;
      showCaption();
      return true;
    },
    // Changes outside the rows (the caption) are not the document's.
    ignoreMutation: (mutation: ViewMutationRecord) =>
      mutation.type !== "selection" && !tbody.contains(mutation.target),
  };
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
