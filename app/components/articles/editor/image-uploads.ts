/**
 * Images pasted or dropped into the editor (decision 294): each image file is uploaded through
 * the caller's upload (the article library's: its type and 5 MB checks, then the server's); a
 * placeholder stands where the image will go while it uploads, the figure replaces it and is
 * selected, and the caller then asks for its alt text and caption.
 *
 * The placeholders are decorations of a plugin's state, mapped through every change, so typing
 * meanwhile moves them along; a placeholder whose text was deleted drops its image.
 */
import type { Node as PMNode } from "prosemirror-model";
import { type EditorState, NodeSelection, Plugin, PluginKey, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView } from "prosemirror-view";
import { articleSchema, figureNode } from "./schema";

type Action = { add: { id: number; pos: number } } | { remove: { id: number } };

const key = new PluginKey<DecorationSet>("image-uploads");

/** What stands in for an image while it uploads. */
function placeholderDom(): HTMLElement {
  const el = document.createElement("span");
  el.className =
    "mx-1 inline-flex items-center gap-2 rounded-md border border-dashed border-brand-400 bg-brand-50 px-3 py-1 text-sm text-brand-800";
  el.setAttribute("role", "status");
  el.setAttribute("data-testid", "image-upload-placeholder");
  el.textContent = "Otpremanje slike…";
  return el;
}

/** The plugin that keeps the placeholders. */
export function uploadPlaceholders(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(key) as Action | undefined;
        if (action && "add" in action) {
          const widget = Decoration.widget(action.add.pos, placeholderDom, { id: action.add.id });
          next = next.add(tr.doc, [widget]);
        } else if (action && "remove" in action) {
          next = next.remove(next.find(undefined, undefined, (spec) => spec.id === action.remove.id));
        }
        return next;
      },
    },
    props: {
      decorations: (state) => key.getState(state),
    },
  });
}

function placeholderPos(state: EditorState, id: number): number | null {
  const found = key.getState(state)?.find(undefined, undefined, (spec) => spec.id === id) ?? [];
  return found.length > 0 ? found[0].from : null;
}

/** The image files of a paste or a drop; none when it also carries text (Word adds a picture of the text). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files).filter((file) => file.type.startsWith("image/"));
  if (files.length === 0) return [];
  return data.getData("text/plain").trim() === "" ? files : [];
}

export type UploadedImage = { src: string; bucket: "images" | "mediji"; name: string };
export type UploadImage = (
  file: File,
) => Promise<{ ok: true; image: UploadedImage } | { ok: false; message: string }>;

/** Selects the figure with `src` nearest to `near` (the one just put there). */
function selectFigure(tr: Transaction, src: string, near: number) {
  let best: number | null = null;
  tr.doc.descendants((node: PMNode, pos: number) => {
    if (node.type === articleSchema.nodes.figure_image && node.attrs.src === src) {
      if (best === null || Math.abs(pos - near) < Math.abs(best - near)) best = pos;
    }
    return true;
  });
  if (best !== null) tr.setSelection(NodeSelection.create(tr.doc, best));
}

let nextId = 1;

/**
 * Uploads `files` into the document at `pos`, one placeholder each; `onInserted` runs with each
 * image once its figure is in place (and selected), `onError` with the message of one that failed.
 */
export function uploadImages(
  view: EditorView,
  files: File[],
  pos: number,
  on: { upload: UploadImage; onInserted: (image: UploadedImage) => void; onError: (message: string) => void },
) {
  for (const file of files) {
    const id = nextId++;
    view.dispatch(view.state.tr.setMeta(key, { add: { id, pos } } satisfies Action));
    void on.upload(file).then((result) => {
      if (view.isDestroyed) return;
      const at = placeholderPos(view.state, id);
      const tr = view.state.tr.setMeta(key, { remove: { id } } satisfies Action);
      if (!result.ok || at === null) {
        view.dispatch(tr);
        if (!result.ok) on.onError(result.message);
        return;
      }
      tr.replaceRangeWith(at, at, figureNode({ src: result.image.src, alt: "", caption: "" }));
      selectFigure(tr, result.image.src, tr.mapping.map(at));
      view.dispatch(tr.scrollIntoView());
      on.onInserted(result.image);
    });
  }
}
