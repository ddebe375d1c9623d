/**
 * The editor's toolbar (spec §5's "Dodaj sliku", "Dodaj link", "Izaberi iz biblioteke", plus the
 * formatting of decision 190): paragraph kind, marks and blocks as toggles, the insert buttons,
 * undo/redo and the keyboard shortcuts panel. It runs commands; the dialogs live in the editor.
 */
import { toggleMark, wrapIn } from "prosemirror-commands";
import { redo, redoDepth, undo, undoDepth } from "prosemirror-history";
import type { MarkType, NodeType } from "prosemirror-model";
import type { Command, EditorState } from "prosemirror-state";
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
  isInTable,
} from "prosemirror-tables";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { articleSchema } from "./schema";
import {
  type BlockKind,
  currentBlock,
  hasHeaderRow,
  insertHorizontalRule,
  insertTable,
  isInside,
  isMarkActive,
  linkAt,
  removeLink,
  SHORTCUTS,
  selectedFigure,
  setBlock,
  toggleFirstRowHeader,
  toggleList,
} from "./setup";

const { nodes, marks } = articleSchema;

/** The dialogs a toolbar button opens. */
export type InsertDialog = "image" | "library" | "video" | "figure";

type Toggle = { label: string; shortcut: string; glyph: ReactNode; command: Command } & (
  | { mark: MarkType }
  | { node: NodeType }
);

/** The toggles, in toolbar order: pressed while the selection has the mark or is inside the block. */
const TOGGLES: Toggle[] = [
  {
    label: "Podebljano",
    shortcut: "Ctrl+B",
    glyph: <b>B</b>,
    mark: marks.strong,
    command: toggleMark(marks.strong),
  },
  { label: "Kurziv", shortcut: "Ctrl+I", glyph: <i>I</i>, mark: marks.em, command: toggleMark(marks.em) },
  {
    label: "Podvučeno",
    shortcut: "Ctrl+U",
    glyph: <u>U</u>,
    mark: marks.underline,
    command: toggleMark(marks.underline),
  },
  {
    label: "Lista sa tačkama",
    shortcut: "Ctrl+Shift+8",
    glyph: "•≡",
    node: nodes.bullet_list,
    command: toggleList(nodes.bullet_list),
  },
  {
    label: "Numerisana lista",
    shortcut: "Ctrl+Shift+9",
    glyph: "1.≡",
    node: nodes.ordered_list,
    command: toggleList(nodes.ordered_list),
  },
  {
    label: "Citat",
    shortcut: "Ctrl+Shift+.",
    glyph: "❝",
    node: nodes.blockquote,
    command: wrapIn(nodes.blockquote),
  },
];

function isOn(state: EditorState | null, toggle: Toggle): boolean {
  if (!state) return false;
  return "mark" in toggle ? isMarkActive(state, toggle.mark) : isInside(state, toggle.node);
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
  children: ReactNode;
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

/** A labelled button that opens a dialog, keeping the editor's selection. */
function InsertButton({
  onClick,
  title,
  children,
}: {
  onClick: () => void;
  title?: string;
  children: string;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      title={title}
    >
      {children}
    </Button>
  );
}

const Separator = () => <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />;

/** The kind of the block the selection is in: paragraph or a heading. */
function BlockSelect({ state, run }: { state: EditorState | null; run: (command: Command) => void }) {
  const block = state ? currentBlock(state) : null;
  return (
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
  );
}

/** Undo and redo, disabled when there is nothing to undo or redo. */
const HISTORY = [
  { label: "Poništi", shortcut: "Ctrl+Z", glyph: "↶", depth: undoDepth, command: undo },
  { label: "Ponovi", shortcut: "Ctrl+Shift+Z", glyph: "↷", depth: redoDepth, command: redo },
] as const;

function HistoryButtons({ state, run }: { state: EditorState | null; run: (command: Command) => void }) {
  return HISTORY.map((h) => (
    <ToolButton
      key={h.label}
      label={h.label}
      shortcut={h.shortcut}
      disabled={!state || h.depth(state) === 0}
      onRun={() => run(h.command)}
    >
      {h.glyph}
    </ToolButton>
  ));
}

export function EditorToolbar({
  editorId,
  state,
  hidden,
  run,
  onLink,
  onOpen,
  shortcutsShown,
  onToggleShortcuts,
}: {
  editorId: string;
  state: EditorState | null;
  hidden: boolean;
  run: (command: Command) => void;
  onLink: () => void;
  onOpen: (dialog: InsertDialog) => void;
  shortcutsShown: boolean;
  onToggleShortcuts: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Alati za sadržaj"
      aria-controls={editorId}
      className={cn(
        "flex flex-wrap items-center gap-0.5 rounded-t-lg border-b border-slate-200 bg-slate-50 p-1",
        hidden && "hidden",
      )}
    >
      <BlockSelect state={state} run={run} />
      {TOGGLES.map((toggle) => (
        <ToolButton
          key={toggle.label}
          label={toggle.label}
          shortcut={toggle.shortcut}
          active={isOn(state, toggle)}
          onRun={() => run(toggle.command)}
        >
          {toggle.glyph}
        </ToolButton>
      ))}
      <ToolButton label="Horizontalna linija" onRun={() => run(insertHorizontalRule())}>
        ―
      </ToolButton>
      <Separator />
      <InsertButton onClick={onLink} title="Dodaj link (Ctrl+K)">
        Dodaj link
      </InsertButton>
      {state && linkAt(state) !== null ? (
        <ToolButton label="Ukloni link" onRun={() => run(removeLink())}>
          ⛓̸
        </ToolButton>
      ) : null}
      <InsertButton onClick={() => onOpen("image")}>Dodaj sliku</InsertButton>
      <InsertButton onClick={() => onOpen("library")}>Izaberi iz biblioteke</InsertButton>
      {state && selectedFigure(state) ? (
        <InsertButton onClick={() => onOpen("figure")}>Opis i potpis slike</InsertButton>
      ) : null}
      <InsertButton onClick={() => onOpen("video")}>Video</InsertButton>
      <InsertButton onClick={() => run(insertTable())}>Tabela</InsertButton>
      <Separator />
      <HistoryButtons state={state} run={run} />
      <ToolButton label="Prečice na tastaturi" active={shortcutsShown} onRun={onToggleShortcuts}>
        ⌨
      </ToolButton>
    </div>
  );
}

/** The table tools, in their order: rows, columns, the header row, the table itself. */
const TABLE_TOOLS: { label: string; command: Command }[] = [
  { label: "Red iznad", command: addRowBefore },
  { label: "Red ispod", command: addRowAfter },
  { label: "Obriši red", command: deleteRow },
  { label: "Kolona levo", command: addColumnBefore },
  { label: "Kolona desno", command: addColumnAfter },
  { label: "Obriši kolonu", command: deleteColumn },
];

/** Under the toolbar while the cursor is in a table: rows and columns, the header row, delete. */
export function TableTools({ state, run }: { state: EditorState | null; run: (command: Command) => void }) {
  if (!state || !isInTable(state)) return null;
  return (
    <div
      role="toolbar"
      aria-label="Alati za tabelu"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1 text-xs"
    >
      <span className="mr-1 font-medium text-slate-500">Tabela:</span>
      {TABLE_TOOLS.map((tool) => (
        <ToolButton
          key={tool.label}
          label={tool.label}
          disabled={!tool.command(state)}
          onRun={() => run(tool.command)}
        >
          {tool.label}
        </ToolButton>
      ))}
      <ToolButton
        label="Prvi red je zaglavlje"
        active={hasHeaderRow(state)}
        onRun={() => run(toggleFirstRowHeader)}
      >
        Prvi red je zaglavlje
      </ToolButton>
      <ToolButton label="Obriši tabelu" onRun={() => run(deleteTable)}>
        <span className="text-red-700">Obriši tabelu</span>
      </ToolButton>
    </div>
  );
}

/** The keyboard shortcuts, shown under the toolbar on request. */
export function ShortcutList() {
  return (
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
  );
}
