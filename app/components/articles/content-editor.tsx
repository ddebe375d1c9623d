/**
 * The article content editor (issue 20, decision 190): a visual editor on ProseMirror whose
 * document is exactly what the article sanitizer allows. It keeps the spec's toolbar (add image,
 * add link with the rules and messages of spec §5, choose from library) and adds headings,
 * bold/italic/underline, lists, quotes, video placeholders, a horizontal rule, undo/redo,
 * keyboard shortcuts, word count and reading time; pasted Word / Google Docs / web HTML is
 * cleaned (editor/paste.ts). Admins also get the HTML source view.
 *
 * The parts: the view (editor/use-article-editor.ts), the toolbar (editor/toolbar.tsx), the
 * dialogs it opens (editor/insert-dialogs.tsx); here the link action, the source view and the
 * word count put them together.
 *
 * The form receives the HTML through a hidden input named `name`; the server sanitises it again
 * on save. Only the article form imports this module, so the editor is in that route's chunk
 * and nowhere else.
 */
import type { Command, EditorState } from "prosemirror-state";
import { type ReactNode, useId, useMemo, useState } from "react";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { countWords, readingSummary } from "~/domain/articles/reading";
import { LINK_MESSAGES } from "~/messages/articles";
import { documentText } from "./editor/html";
import { type EditorDialogKind, EditorInsertDialogs } from "./editor/insert-dialogs";
import { EditorToolbar, ShortcutList } from "./editor/toolbar";
import { type ArticleEditor, useArticleEditor } from "./editor/use-article-editor";

type Mode = "visual" | "html";

/** "Vizuelno" / "HTML izvor" (admins only). */
function ModeSwitch({ mode, onSwitch }: { mode: Mode; onSwitch: (mode: Mode) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5 text-xs">
      <legend className="sr-only">Prikaz sadržaja</legend>
      {(["visual", "html"] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onSwitch(m)}
          className={cn("rounded-md px-2 py-1", mode === m ? "bg-slate-800 text-white" : "text-slate-700")}
        >
          {m === "visual" ? "Vizuelno" : "HTML izvor"}
        </button>
      ))}
    </fieldset>
  );
}

/** The HTML source view: the article's HTML as text, edited directly. */
function SourceView({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  return (
    <textarea
      aria-label="HTML izvor sadržaja"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rows={20}
      spellCheck={false}
      className="block h-[32rem] w-full resize-y rounded-b-lg px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none"
    />
  );
}

/** Word count and reading time under the editor (the editor's aria-describedby points here). */
function WordCount({ id, state }: { id: string; state: EditorState | null }) {
  const words = useMemo(() => (state ? countWords(documentText(state.doc)) : 0), [state]);
  return (
    <p
      id={id}
      className="border-t border-slate-200 px-3 py-1.5 text-xs text-slate-500"
      data-testid="content-stats"
    >
      {readingSummary(words)}
    </p>
  );
}

/**
 * The dialogs' state and the link action: "Dodaj link" checks the selection (spec §5) before its
 * dialog opens; a dialog's command closes it and runs on the document.
 */
function useEditorActions(editor: () => ArticleEditor) {
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<EditorDialogKind | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  function openDialog(kind: EditorDialogKind) {
    setMessage(null);
    setDialogError(null);
    setDialog(kind);
  }

  /** "Dodaj link": spec §5's checks on the selection, then the URL dialog. */
  function openLink() {
    const current = editor().current();
    if (!current) return;
    const { from, to, empty } = current.selection;
    setMessage(null);
    setDialogError(null);
    if (empty) return setMessage(LINK_MESSAGES.noSelection);
    if (current.doc.textBetween(from, to, " ", " ").trim() === "")
      return setMessage(LINK_MESSAGES.emptySelection);
    setDialog("link");
  }

  return {
    message,
    dialog,
    dialogError,
    setDialogError,
    openDialog,
    openLink,
    closeDialog() {
      setDialog(null);
      setDialogError(null);
      editor().focus();
    },
    runFromDialog(command: Command) {
      setDialog(null);
      editor().run(command);
    },
  };
}

type ContentEditorProps = {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The HTML source view (admins only). */
  allowHtmlView?: boolean;
};

/** The box around toolbar, document and word count; its border says an error. */
function EditorFrame({ invalid, children }: { invalid: boolean; children: ReactNode }) {
  return (
    <div
      className={cn(
        "rounded-lg border bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200",
        invalid ? "border-red-400" : "border-slate-300",
      )}
    >
      {children}
    </div>
  );
}

export function ContentEditor({
  id,
  name,
  value,
  onChange,
  error,
  allowHtmlView = false,
}: ContentEditorProps) {
  const labelId = useId();
  const statusId = useId();
  const [mode, setMode] = useState<Mode>("visual");
  const [source, setSource] = useState(value);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const editor = useArticleEditor({
    ...{ id, labelId, statusId, value, onChange, error },
    onLinkShortcut: () => actions.openLink(),
    onReplaced: setSource,
  });
  const actions = useEditorActions(() => editor);

  function switchMode(next: Mode) {
    if (next === mode) return;
    if (next === "html") setSource(editor.html() ?? value);
    else editor.load(source);
    setMode(next);
  }

  const visual = mode === "visual";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="block text-sm font-medium text-slate-700">
          Sadržaj *
        </span>
        {allowHtmlView ? <ModeSwitch mode={mode} onSwitch={switchMode} /> : null}
      </div>
      <input type="hidden" name={name} value={visual ? editor.emitted : source} />
      <Notice tone="error" message={actions.message} />
      <EditorFrame invalid={Boolean(error)}>
        <EditorToolbar
          editorId={id}
          state={editor.state}
          hidden={!visual}
          run={editor.run}
          onLink={actions.openLink}
          onOpen={actions.openDialog}
          shortcutsShown={showShortcuts}
          onToggleShortcuts={() => setShowShortcuts((s) => !s)}
        />
        {showShortcuts && visual ? <ShortcutList /> : null}
        <div ref={editor.host} className={cn("max-h-[70vh] overflow-y-auto", !visual && "hidden")} />
        {!visual ? (
          <SourceView
            value={source}
            onChange={(html) => {
              setSource(html);
              onChange(html);
            }}
          />
        ) : null}
        <WordCount id={statusId} state={editor.state} />
      </EditorFrame>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <EditorInsertDialogs
        id={id}
        open={actions.dialog}
        state={editor.state}
        error={actions.dialogError}
        onError={actions.setDialogError}
        onClose={actions.closeDialog}
        onRun={actions.runFromDialog}
      />
    </div>
  );
}
