/**
 * The article content editor (issue 20, decision 190): a visual editor on ProseMirror whose
 * document is exactly what the article sanitizer allows. It keeps the spec's toolbar (add image,
 * add link with the rules and messages of spec §5, choose from library) and adds headings,
 * bold/italic/underline, lists, quotes, video placeholders, a horizontal rule, undo/redo,
 * keyboard shortcuts, word count and reading time; pasted Word / Google Docs / web HTML is
 * cleaned (editor/paste.ts). Admins also get the HTML source view.
 *
 * The form receives the HTML through a hidden input named `name`; the server sanitises it again
 * on save. Only the article form imports this module, so the editor is in that route's chunk
 * and nowhere else.
 */
import { toggleMark, wrapIn } from "prosemirror-commands";
import { redo, redoDepth, undo, undoDepth } from "prosemirror-history";
import { type Command, EditorState } from "prosemirror-state";
import { EditorView, type NodeView } from "prosemirror-view";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ImagePickerModal } from "~/components/media/image-picker-modal";
import { uploadLibraryImage } from "~/components/media/media-api";
import { LIBRARY_ACCEPT } from "~/components/media/media-parts";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { EMBED_LABELS, EMBED_MESSAGES, type EmbedProvider, parseVideoUrl } from "~/domain/articles/embeds";
import { LINK_MESSAGES, normalizeLinkUrl } from "~/domain/articles/link";
import { countWords, readingSummary } from "~/domain/articles/reading";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { isSafeArticleUrl } from "~/domain/articles/urls";
import { ARTICLE_BODY_CLASS } from "./article-body";
import { EditorDialog, ImageWordsFields } from "./editor/dialogs";
import { type DomEnv, documentText, domEnvOf, parseArticleHtml, serializeArticleDoc } from "./editor/html";
import { cleanPastedHtml } from "./editor/paste";
import { articleSchema } from "./editor/schema";
import {
  type BlockKind,
  currentBlock,
  editorPlugins,
  type FigureInput,
  insertEmbed,
  insertFigure,
  insertHorizontalRule,
  isInside,
  isMarkActive,
  linkAt,
  removeLink,
  SHORTCUTS,
  selectedFigure,
  setBlock,
  setLink,
  toggleList,
  updateFigure,
} from "./editor/setup";

const IMAGE_URL_MESSAGE = "Unesite adresu slike (http(s)://… ili /putanja).";
const { nodes, marks } = articleSchema;

type DialogKind = "link" | "image" | "library" | "video" | "figure" | null;

/** Tables kept whole: shown as they will look, not editable here (the HTML view edits them). */
function htmlBlockView(node: { attrs: { html: string } }): NodeView {
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
function embedView(node: { attrs: { provider: string; videoId: string } }): NodeView {
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

function ToolButton({
  label,
  shortcut,
  active,
  disabled,
  onRun,
  children,
}: {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onRun: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // Keep the editor's selection: the button must not take the focus on mouse down.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onRun}
      className={cn(
        "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40",
        active && "bg-brand-50 text-brand-800 ring-1 ring-brand-200",
      )}
    >
      {children}
    </button>
  );
}

export function ContentEditor({
  id,
  name,
  value,
  onChange,
  error,
  allowHtmlView = false,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The HTML source view (admins only). */
  allowHtmlView?: boolean;
}) {
  const labelId = useId();
  const statusId = useId();
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const envRef = useRef<DomEnv | null>(null);
  /** The HTML this editor last reported: a `value` that differs came from outside (a restore). */
  const emitted = useRef(value);
  const [, setTick] = useState(0);
  const [mode, setMode] = useState<"visual" | "html">("visual");
  const [source, setSource] = useState(value);
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const openLinkRef = useRef<() => void>(() => undefined);
  const errorRef = useRef(error);
  errorRef.current = error;

  function editorAttributes(problem: string | undefined): Record<string, string> {
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

  function env(): DomEnv {
    envRef.current ??= domEnvOf(document.implementation);
    return envRef.current;
  }

  function stateFor(html: string): EditorState {
    return EditorState.create({
      doc: parseArticleHtml(sanitizeArticleHtml(html), env()),
      plugins: editorPlugins({ onLinkShortcut: () => openLinkRef.current() }),
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; `value` changes are handled below
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView(host.current, {
      state: stateFor(value),
      attributes: () => editorAttributes(errorRef.current),
      nodeViews: {
        html_block: (node) => htmlBlockView(node as never),
        embed: (node) => embedView(node as never),
      },
      transformPastedHTML: (html) => cleanPastedHtml(html, env()),
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        if (tr.docChanged) {
          const html = serializeArticleDoc(next.doc, env());
          emitted.current = html;
          onChangeRef.current(html);
        }
        setTick((n) => n + 1);
      },
    });
    viewRef.current = view;
    // What the editor writes for the stored article is the form's starting point: opening an
    // article is not an edit (the leave guard compares with this).
    const initial = serializeArticleDoc(view.state.doc, env());
    emitted.current = initial;
    onChangeRef.current(initial);
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
    setSource(value);
    setTick((n) => n + 1);
  }, [value]);

  // The error message is announced with the editor (aria-describedby / aria-invalid).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attributes read the error through a ref
  useEffect(() => {
    viewRef.current?.setProps({ attributes: () => editorAttributes(errorRef.current) });
  }, [error]);

  const view = viewRef.current;
  const state = view?.state ?? null;
  const words = useMemo(() => (state ? countWords(documentText(state.doc)) : 0), [state]);

  function run(command: Command) {
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  }

  function closeDialog() {
    setDialog(null);
    setDialogError(null);
    viewRef.current?.focus();
  }

  /** "Dodaj link": spec §5's checks on the selection, then the URL dialog. */
  function openLink() {
    const current = viewRef.current?.state;
    if (!current) return;
    setMessage(null);
    setDialogError(null);
    const { from, to, empty } = current.selection;
    if (empty) return setMessage(LINK_MESSAGES.noSelection);
    if (current.doc.textBetween(from, to, " ", " ").trim() === "")
      return setMessage(LINK_MESSAGES.emptySelection);
    setDialog("link");
  }
  openLinkRef.current = openLink;

  function openDialog(kind: Exclude<DialogKind, null>) {
    setMessage(null);
    setDialogError(null);
    setDialog(kind);
  }

  function insertImage(input: FigureInput) {
    setDialog(null);
    run(insertFigure(input));
  }

  /** "Dodaj sliku" by upload: the library's rules (image only, 5 MB), then the uploaded file goes in. */
  async function uploadImage(file: File | undefined, words: { alt: string; caption: string }) {
    if (!file) return;
    setDialogError(null);
    setUploading(0);
    const result = await uploadLibraryImage(file, { onProgress: (f) => setUploading(Math.round(f * 100)) });
    setUploading(null);
    if (!result.ok) return setDialogError(result.message);
    insertImage({ src: result.item.url, ...words });
  }

  function switchMode(next: "visual" | "html") {
    if (next === mode) return;
    if (next === "html") {
      setSource(view ? serializeArticleDoc(view.state.doc, env()) : value);
    } else if (view) {
      view.updateState(stateFor(source));
      const html = serializeArticleDoc(view.state.doc, env());
      emitted.current = html;
      onChange(html);
    }
    setMode(next);
  }

  const figure = state ? selectedFigure(state) : null;
  const block = state ? currentBlock(state) : null;
  const inLink = state ? linkAt(state) !== null : false;
  const visual = mode === "visual";
  const hiddenValue = visual ? emitted.current : source;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="block text-sm font-medium text-slate-700">
          Sadržaj *
        </span>
        {allowHtmlView ? (
          <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5 text-xs">
            <legend className="sr-only">Prikaz sadržaja</legend>
            {(["visual", "html"] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => switchMode(m)}
                className={cn(
                  "rounded-md px-2 py-1",
                  mode === m ? "bg-slate-800 text-white" : "text-slate-700",
                )}
              >
                {m === "visual" ? "Vizuelno" : "HTML izvor"}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <input type="hidden" name={name} value={hiddenValue} />
      <Notice tone="error" message={message} />
      <div
        className={cn(
          "rounded-lg border bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200",
          error ? "border-red-400" : "border-slate-300",
        )}
      >
        <div
          role="toolbar"
          aria-label="Alati za sadržaj"
          aria-controls={id}
          className={cn(
            "sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-t-lg border-b border-slate-200 bg-slate-50 p-1",
            !visual && "hidden",
          )}
        >
          <select
            aria-label="Vrsta pasusa"
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={block ?? ""}
            onChange={(event) => run(setBlock(event.currentTarget.value as BlockKind))}
          >
            {block === null ? <option value="">—</option> : null}
            <option value="paragraph">Pasus</option>
            <option value="h2">Naslov H2</option>
            <option value="h3">Naslov H3</option>
            <option value="h4">Naslov H4</option>
          </select>
          <ToolButton
            label="Podebljano"
            shortcut="Ctrl+B"
            active={state ? isMarkActive(state, marks.strong) : false}
            onRun={() => run(toggleMark(marks.strong))}
          >
            <b>B</b>
          </ToolButton>
          <ToolButton
            label="Kurziv"
            shortcut="Ctrl+I"
            active={state ? isMarkActive(state, marks.em) : false}
            onRun={() => run(toggleMark(marks.em))}
          >
            <i>I</i>
          </ToolButton>
          <ToolButton
            label="Podvučeno"
            shortcut="Ctrl+U"
            active={state ? isMarkActive(state, marks.underline) : false}
            onRun={() => run(toggleMark(marks.underline))}
          >
            <u>U</u>
          </ToolButton>
          <ToolButton
            label="Lista sa tačkama"
            shortcut="Ctrl+Shift+8"
            active={state ? isInside(state, nodes.bullet_list) : false}
            onRun={() => run(toggleList(nodes.bullet_list))}
          >
            •≡
          </ToolButton>
          <ToolButton
            label="Numerisana lista"
            shortcut="Ctrl+Shift+9"
            active={state ? isInside(state, nodes.ordered_list) : false}
            onRun={() => run(toggleList(nodes.ordered_list))}
          >
            1.≡
          </ToolButton>
          <ToolButton
            label="Citat"
            shortcut="Ctrl+Shift+."
            active={state ? isInside(state, nodes.blockquote) : false}
            onRun={() => run(wrapIn(nodes.blockquote))}
          >
            ❝
          </ToolButton>
          <ToolButton label="Horizontalna linija" onRun={() => run(insertHorizontalRule())}>
            ―
          </ToolButton>
          <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={openLink}
            title="Dodaj link (Ctrl+K)"
          >
            Dodaj link
          </Button>
          {inLink ? (
            <ToolButton label="Ukloni link" onRun={() => run(removeLink())}>
              ⛓̸
            </ToolButton>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openDialog("image")}
          >
            Dodaj sliku
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openDialog("library")}
          >
            Izaberi iz biblioteke
          </Button>
          {figure ? (
            <Button
              size="sm"
              variant="secondary"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => openDialog("figure")}
            >
              Opis i potpis slike
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => openDialog("video")}
          >
            Video
          </Button>
          <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
          <ToolButton
            label="Poništi"
            shortcut="Ctrl+Z"
            disabled={!state || undoDepth(state) === 0}
            onRun={() => run(undo)}
          >
            ↶
          </ToolButton>
          <ToolButton
            label="Ponovi"
            shortcut="Ctrl+Shift+Z"
            disabled={!state || redoDepth(state) === 0}
            onRun={() => run(redo)}
          >
            ↷
          </ToolButton>
          <ToolButton
            label="Prečice na tastaturi"
            active={showShortcuts}
            onRun={() => setShowShortcuts((s) => !s)}
          >
            ⌨
          </ToolButton>
        </div>
        {showShortcuts && visual ? (
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600"
            aria-label="Prečice na tastaturi"
          >
            {SHORTCUTS.map((s) => (
              <div key={s.keys} className="contents">
                <dt className="font-mono">{s.keys}</dt>
                <dd>{s.label}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div ref={host} className={cn("max-h-[70vh] overflow-y-auto", !visual && "hidden")} />
        {!visual ? (
          <textarea
            aria-label="HTML izvor sadržaja"
            value={source}
            onChange={(event) => {
              setSource(event.currentTarget.value);
              onChange(event.currentTarget.value);
            }}
            rows={20}
            spellCheck={false}
            className="block h-[32rem] w-full resize-y rounded-b-lg px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none"
          />
        ) : null}
        <p
          id={statusId}
          className="border-t border-slate-200 px-3 py-1.5 text-xs text-slate-500"
          data-testid="content-stats"
        >
          {readingSummary(words)}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}

      <EditorDialog
        open={dialog === "link"}
        onOpenChange={(open) => !open && closeDialog()}
        title="Dodaj link"
        description="Označeni tekst postaje link. Adresa može biti relativna (/… ili #…) ili http(s)."
        label="URL adrese"
        submitLabel="Dodaj link"
        error={dialogError}
        onSubmit={(url) => {
          const result = normalizeLinkUrl(url);
          if (!result.ok) return setDialogError(result.message);
          setDialog(null);
          run(setLink(result.value, /^https?:\/\//i.test(result.value) ? "_blank" : null));
        }}
      />
      <EditorDialog
        open={dialog === "image"}
        onOpenChange={(open) => !open && closeDialog()}
        title="Dodaj sliku"
        description="Slika se umeće na mesto kursora: unesite adresu ili otpremite fajl."
        label="Adresa slike"
        submitLabel="Dodaj sliku"
        error={dialogError}
        extra={
          <>
            <ImageWordsFields />
            <div className="space-y-1">
              <label htmlFor={`${id}-upload`} className="block text-sm font-medium text-slate-700">
                …ili otpremite sliku (JPG, PNG, GIF, WebP, najviše 5MB)
              </label>
              <input
                id={`${id}-upload`}
                type="file"
                accept={LIBRARY_ACCEPT}
                disabled={uploading !== null}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
                onChange={(event) => {
                  const input = event.currentTarget;
                  const form = new FormData(input.form ?? undefined);
                  void uploadImage(input.files?.[0], {
                    alt: String(form.get("alt") ?? "").trim(),
                    caption: String(form.get("caption") ?? "").trim(),
                  });
                  input.value = "";
                }}
              />
              {uploading !== null ? <p className="text-xs text-slate-500">Otpremanje… {uploading}%</p> : null}
            </div>
          </>
        }
        onSubmit={(url, form) => {
          const src = url.trim();
          const normalized = src.startsWith("/") ? { ok: true as const, value: src } : normalizeLinkUrl(src);
          if (!normalized.ok || !isSafeArticleUrl(normalized.value, { fragment: false })) {
            return setDialogError(IMAGE_URL_MESSAGE);
          }
          insertImage({
            src: normalized.value,
            alt: String(form.get("alt") ?? "").trim(),
            caption: String(form.get("caption") ?? "").trim(),
          });
        }}
      />
      <EditorDialog
        open={dialog === "figure"}
        onOpenChange={(open) => !open && closeDialog()}
        title="Opis i potpis slike"
        description="Opis (alt tekst) čitaju čitači ekrana; potpis se vidi ispod slike."
        label="Opis slike (alt tekst)"
        fieldName="alt"
        defaultValue={figure?.input.alt}
        submitLabel="Sačuvaj"
        error={null}
        extra={<ImageWordsFields withAlt={false} caption={figure?.input.caption} />}
        onSubmit={(alt, form) => {
          if (!figure) return closeDialog();
          setDialog(null);
          run(
            updateFigure({
              src: figure.input.src,
              alt: alt.trim(),
              caption: String(form.get("caption") ?? ""),
            }),
          );
        }}
      />
      <EditorDialog
        open={dialog === "video"}
        onOpenChange={(open) => !open && closeDialog()}
        title="Dodaj video"
        description="YouTube ili Vimeo. Na sajtu se prikazuje kao veza ka videu: posetilac ne učitava ništa sa tih servisa dok ne klikne."
        label="Adresa videa"
        submitLabel="Dodaj video"
        error={dialogError}
        onSubmit={(url) => {
          const video = parseVideoUrl(url);
          if (!video) return setDialogError(EMBED_MESSAGES.invalid);
          setDialog(null);
          run(insertEmbed(video.provider, video.id));
        }}
      />
      <ImagePickerModal
        open={dialog === "library"}
        onOpenChange={(open) => !open && closeDialog()}
        onSelect={(file) => insertImage({ src: file.url, alt: file.alt ?? "", caption: file.caption ?? "" })}
      />
    </div>
  );
}
