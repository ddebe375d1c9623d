/**
 * The ProseMirror view behind the content editor, as a React hook: made once on mount, it reports
 * every document change as article HTML, takes a `value` from outside (a restored draft or
 * revision) as a new document, and keeps the editor's ARIA attributes in step with the error.
 *
 * No sanitizer runs here (decision 292): HTML is parsed into an inert document (nothing in it
 * loads or runs) and read through the schema, which keeps only what the article sanitizer allows;
 * the server sanitises again on save. Image files pasted or dropped are uploaded (image-uploads.ts).
 */
import { type Command, EditorState } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { ARTICLE_BODY_CLASS } from "../article-body";
import { type DomEnv, domEnvOf, parseArticleHtml, serializeArticleDoc } from "./html";
import { imageFilesOf, type UploadedImage, type UploadImage, uploadImages } from "./image-uploads";
import { embedView, tableView } from "./node-views";
import { cleanPastedHtml } from "./paste";
import { editorPlugins } from "./setup";

export type ArticleEditorOptions = {
  /** The editable element's id (the form's label and error point at it). */
  id: string;
  labelId: string;
  statusId: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** Ctrl+K in the editor. */
  onLinkShortcut: () => void;
  /** A value from outside replaced the document. */
  onReplaced: (html: string) => void;
  /** Uploads an image file pasted or dropped into the editor. */
  uploadImage: UploadImage;
  /** A pasted or dropped image is in the document, its figure selected. */
  onImageInserted: (image: UploadedImage) => void;
  /** Why a pasted or dropped image could not be uploaded. */
  onImageError: (message: string) => void;
};

type Ids = { id: string; labelId: string; statusId: string };

/** The editable element's attributes: a labelled, described multi-line textbox in Serbian. */
function editorAttributes(
  { id, labelId, statusId }: Ids,
  problem: string | undefined,
): Record<string, string> {
  return {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    "aria-describedby": problem ? `${id}-error ${statusId}` : statusId,
    "aria-invalid": problem ? "true" : "false",
    lang: "sr-Latn",
    spellcheck: "true",
    class: cn(
      ARTICLE_BODY_CLASS,
      "min-h-72 px-4 py-3 outline-none [&_.ProseMirror-selectednode]:ring-2 [&_.ProseMirror-selectednode]:ring-brand-400",
    ),
  };
}

let domEnv: DomEnv | null = null;
/** The browser's DOM for parsing and writing HTML (made on first use: never on the server). */
function env(): DomEnv {
  domEnv ??= domEnvOf(document.implementation);
  return domEnv;
}

/**
 * The view on `host`: tables and videos shown by their node views, pastes cleaned, pasted or
 * dropped image files uploaded, every change reported.
 */
function createView(
  host: HTMLElement,
  state: EditorState,
  on: {
    attributes: () => Record<string, string>;
    onDocChange: (view: EditorView) => void;
    onUpdate: () => void;
    images: () => Parameters<typeof uploadImages>[3];
  },
): EditorView {
  const view = new EditorView(host, {
    state,
    attributes: on.attributes,
    nodeViews: {
      table: (node) => tableView(node),
      embed: (node) => embedView(node as never),
    },
    transformPastedHTML: (html) => cleanPastedHtml(html, env()),
    handlePaste(view, event) {
      const files = imageFilesOf(event.clipboardData);
      if (files.length === 0) return false;
      uploadImages(view, files, view.state.selection.from, on.images());
      return true;
    },
    handleDrop(view, event, _slice, moved) {
      const files = moved ? [] : imageFilesOf(event.dataTransfer);
      if (files.length === 0) return false;
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
      uploadImages(view, files, at?.pos ?? view.state.selection.from, on.images());
      return true;
    },
    dispatchTransaction(tr) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) on.onDocChange(view);
      on.onUpdate();
    },
  });
  return view;
}

// ~85 lines: one view's whole life (made, fed an outside value, told the error) kept together.
export function useArticleEditor(options: ArticleEditorOptions) {
  const { value, error } = options;
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  /** The HTML this editor last reported: a `value` that differs came from outside (a restore). */
  const emitted = useRef(value);
  const [, setTick] = useState(0);
  // Read through a ref: the view is made once, the callbacks change with every render.
  const latest = useRef(options);
  latest.current = options;

  function stateFor(html: string): EditorState {
    return EditorState.create({
      doc: parseArticleHtml(html, env()),
      plugins: editorPlugins({ onLinkShortcut: () => latest.current.onLinkShortcut() }),
    });
  }

  /** Reports the document as HTML (the form's value). */
  function emit(view: EditorView) {
    const html = serializeArticleDoc(view.state.doc, env());
    emitted.current = html;
    latest.current.onChange(html);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; `value` changes are handled below
  useEffect(() => {
    if (!host.current) return;
    const view = createView(host.current, stateFor(value), {
      attributes: () => editorAttributes(latest.current, latest.current.error),
      onDocChange: emit,
      onUpdate: () => setTick((n) => n + 1),
      images: () => ({
        upload: latest.current.uploadImage,
        onInserted: latest.current.onImageInserted,
        onError: latest.current.onImageError,
      }),
    });
    viewRef.current = view;
    // What the editor writes for the stored article is the form's starting point: opening an
    // article is not an edit (the leave guard compares with this).
    emit(view);
    setTick((n) => n + 1);
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // A value from outside (a restored draft or revision) replaces the document.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value matters
  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === emitted.current) return;
    emitted.current = value;
    view.updateState(stateFor(value));
    latest.current.onReplaced(value);
    setTick((n) => n + 1);
  }, [value]);

  // The error message is announced with the editor (aria-describedby / aria-invalid).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attributes read the error through a ref
  useEffect(() => {
    viewRef.current?.setProps({ attributes: () => editorAttributes(latest.current, latest.current.error) });
  }, [error]);

  const view = viewRef.current;
  return {
    host,
    state: view?.state ?? null,
    /** The last HTML reported to the form. */
    emitted: emitted.current,
    /** Runs a toolbar command on the document and gives the focus back to it. */
    run(command: Command) {
      if (!view) return;
      command(view.state, view.dispatch, view);
      view.focus();
    },
    focus: () => viewRef.current?.focus(),
    /** The editor's state at this moment (not at the last render). */
    current: (): EditorState | null => viewRef.current?.state ?? null,
    /** The document as HTML now (null before the view exists). */
    html: (): string | null => (view ? serializeArticleDoc(view.state.doc, env()) : null),
    /** Opens `html` (from the source view) as the document and reports it. */
    load(html: string) {
      if (!view) return;
      view.updateState(stateFor(html));
      emit(view);
    },
  };
}

export type ArticleEditor = ReturnType<typeof useArticleEditor>;
