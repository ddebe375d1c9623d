/**
 * The editor's behaviour on top of the schema: history, keyboard shortcuts, typing shortcuts
 * ("## " → heading, "- " → list, "> " → quote), tables (prosemirror-tables: cell selection, Tab
 * to the next cell, rows and columns added and removed), the placeholders of images being
 * uploaded, and the commands the toolbar calls.
 */
import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import { dropCursor } from "prosemirror-dropcursor";
import { gapCursor } from "prosemirror-gapcursor";
import { history, redo, undo } from "prosemirror-history";
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import type { MarkType, NodeType, Node as PMNode } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem, wrapInList } from "prosemirror-schema-list";
import { type Command, type EditorState, NodeSelection, type Plugin, TextSelection } from "prosemirror-state";
import { goToNextCell, isInTable, selectedRect, tableEditing } from "prosemirror-tables";
import { uploadPlaceholders } from "./image-uploads";
import { type FigureInput, figureNode, articleSchema as schema } from "./schema";

const nodes = schema.nodes;
const marks = schema.marks;

export type BlockKind = "paragraph" | "h2" | "h3" | "h4";

export function setBlock(kind: BlockKind): Command {
  return kind === "paragraph"
    ? setBlockType(nodes.paragraph)
    : setBlockType(nodes.heading, { level: Number(kind.slice(1)) });
}

export function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    for (let d = $from.depth; d > 0; d--) {
      const node = $from.node(d);
      if (node.type === nodes.bullet_list || node.type === nodes.ordered_list) {
        if (node.type === type) return liftListItem(nodes.list_item)(state, dispatch);
        if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(d), type));
        return true;
      }
    }
    return wrapInList(type)(state, dispatch);
  };
}

export function insertHorizontalRule(): Command {
  return (state, dispatch) => {
    if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.horizontal_rule.create()).scrollIntoView());
    return true;
  };
}

/** The kind of the block the selection starts in (for the toolbar's select). */
export function currentBlock(state: EditorState): BlockKind | null {
  const parent = state.selection.$from.parent;
  if (parent.type === nodes.paragraph) return "paragraph";
  if (parent.type === nodes.heading) return `h${parent.attrs.level}` as BlockKind;
  return null;
}

export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks || $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

export function isInside(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type === type) return true;
  return false;
}

/** The link mark around the cursor or selection, if any. */
export function linkAt(state: EditorState): { href: string; target: string | null } | null {
  const { $from } = state.selection;
  const mark = marks.link.isInSet($from.marks()) ?? marks.link.isInSet($from.nodeAfter?.marks ?? []);
  return mark ? { href: mark.attrs.href, target: mark.attrs.target } : null;
}

export function setLink(href: string, target: string | null): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection;
    if (dispatch) {
      dispatch(
        state.tr.removeMark(from, to, marks.link).addMark(from, to, marks.link.create({ href, target })),
      );
    }
    return true;
  };
}

/**
 * A link where nothing is selected: `text` (or the address when none was typed) goes in at the
 * cursor as the link, and the cursor after it.
 */
export function insertLink(href: string, target: string | null, text: string): Command {
  return (state, dispatch) => {
    const label = text.trim() || href;
    if (dispatch) {
      const { from, to } = state.selection;
      const link = marks.link.create({ href, target });
      const around = (state.storedMarks ?? state.selection.$from.marks()).filter(
        (m) => m.type !== marks.link,
      );
      const tr = state.tr.replaceWith(from, to, schema.text(label, [...around, link]));
      tr.setSelection(TextSelection.create(tr.doc, from + label.length)).removeStoredMark(marks.link);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Removes the link the cursor is in (the whole link) or the links in the selection. */
export function removeLink(): Command {
  return (state, dispatch) => {
    let { from, to } = state.selection;
    if (state.selection.empty) {
      const $pos = state.selection.$from;
      const parent = $pos.parent;
      const start = $pos.start();
      let found = false;
      parent.forEach((child, offset) => {
        const a = start + offset;
        const b = a + child.nodeSize;
        if (a <= $pos.pos && $pos.pos <= b && marks.link.isInSet(child.marks)) {
          from = found ? Math.min(from, a) : a;
          to = found ? Math.max(to, b) : b;
          found = true;
        }
      });
      if (!found) return false;
    }
    if (dispatch) dispatch(state.tr.removeMark(from, to, marks.link));
    return true;
  };
}

export { type FigureInput, figureNode };

export function insertFigure(input: FigureInput): Command {
  return (state, dispatch) => {
    if (dispatch) dispatch(state.tr.replaceSelectionWith(figureNode(input)).scrollIntoView());
    return true;
  };
}

/** The figure the selection is on (its image or the figure itself), with its position. */
export function selectedFigure(state: EditorState): { pos: number; node: PMNode; input: FigureInput } | null {
  const sel = state.selection;
  if (!(sel instanceof NodeSelection)) return null;
  let pos = sel.from;
  let node = sel.node;
  if (node.type === nodes.figure_image) {
    pos = sel.$from.before();
    node = sel.$from.parent;
  }
  if (node.type !== nodes.figure) return null;
  const image = node.firstChild;
  const caption = node.childCount > 1 ? (node.lastChild?.textContent ?? "") : "";
  return {
    pos,
    node,
    input: { src: image?.attrs.src ?? "", alt: image?.attrs.alt ?? "", caption },
  };
}

/** Changes the alt text and caption of the selected figure (a caption with markup is kept when unchanged). */
export function updateFigure(input: FigureInput): Command {
  return (state, dispatch) => {
    const found = selectedFigure(state);
    if (!found) return false;
    if (dispatch) {
      const image = found.node.firstChild as PMNode;
      const oldCaption = found.node.childCount > 1 ? found.node.lastChild : null;
      const caption =
        oldCaption && oldCaption.textContent === input.caption.trim()
          ? oldCaption
          : input.caption.trim()
            ? nodes.figcaption.create(null, schema.text(input.caption.trim()))
            : null;
      const next = nodes.figure.create(found.node.attrs, [
        image.type.create({ ...image.attrs, alt: input.alt }),
        ...(caption ? [caption] : []),
      ]);
      dispatch(state.tr.replaceWith(found.pos, found.pos + found.node.nodeSize, next));
    }
    return true;
  };
}

/** A new table: a header row and two rows of three empty cells, the cursor in the first header cell. */
export function insertTable(): Command {
  return (state, dispatch) => {
    const cell = (type: NodeType) => type.createAndFill() as PMNode;
    const row = (type: NodeType) => nodes.table_row.create(null, [cell(type), cell(type), cell(type)]);
    const table = nodes.table.create(null, [
      row(nodes.table_header),
      row(nodes.table_cell),
      row(nodes.table_cell),
    ]);
    if (dispatch) {
      const tr = state.tr.replaceSelectionWith(table);
      // The first cell's paragraph: right after the table, row and cell openings.
      const start = tr.mapping.map(state.selection.from, -1);
      let cellPos: number | null = null;
      tr.doc.nodesBetween(start, tr.doc.content.size, (node, pos) => {
        if (cellPos !== null) return false;
        if (node.type === nodes.table_header) {
          cellPos = pos;
          return false;
        }
        return true;
      });
      if (cellPos !== null) tr.setSelection(TextSelection.near(tr.doc.resolve(cellPos + 2)));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

export function insertEmbed(provider: string, videoId: string): Command {
  return (state, dispatch) => {
    if (dispatch)
      dispatch(state.tr.replaceSelectionWith(nodes.embed.create({ provider, videoId })).scrollIntoView());
    return true;
  };
}

function markRule(pattern: RegExp, type: MarkType) {
  return new InputRule(pattern, (state, match, start, end) => {
    const text = match[1];
    if (!text) return null;
    return state.tr.replaceWith(start, end, schema.text(text, [type.create()]));
  });
}

export const SHORTCUTS: { keys: string; label: string }[] = [
  { keys: "Ctrl+B", label: "Podebljano" },
  { keys: "Ctrl+I", label: "Kurziv" },
  { keys: "Ctrl+U", label: "Podvučeno" },
  { keys: "Ctrl+K", label: "Dodaj link" },
  { keys: "Ctrl+Alt+0", label: "Običan pasus" },
  { keys: "Ctrl+Alt+2 / 3 / 4", label: "Naslov H2 / H3 / H4" },
  { keys: "Ctrl+Shift+8", label: "Lista sa tačkama" },
  { keys: "Ctrl+Shift+9", label: "Numerisana lista" },
  { keys: "Ctrl+Shift+.", label: "Citat" },
  { keys: "Ctrl+Z / Ctrl+Shift+Z", label: "Poništi / Ponovi" },
  { keys: "## , - , 1. , > na početku reda", label: "Naslov, lista, numerisana lista, citat" },
];

/** The plugins of the editor; `onLinkShortcut` opens the link dialog (Ctrl+K). */
export function editorPlugins(options: { onLinkShortcut: () => void }): Plugin[] {
  const hardBreak = chainCommands(exitCode, (state, dispatch) => {
    if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
    return true;
  });
  return [
    inputRules({
      rules: [
        textblockTypeInputRule(/^(#{2,4})\s$/, nodes.heading, (match) => ({ level: match[1].length })),
        wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
        wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list),
        wrappingInputRule(/^(\d+)\.\s$/, nodes.ordered_list),
        markRule(/\*\*([^*]+)\*\*$/, marks.strong),
      ],
    }),
    keymap({
      "Mod-z": undo,
      "Shift-Mod-z": redo,
      "Mod-y": redo,
      "Mod-b": toggleMark(marks.strong),
      "Mod-i": toggleMark(marks.em),
      "Mod-u": toggleMark(marks.underline),
      "Mod-k": () => {
        options.onLinkShortcut();
        return true;
      },
      "Mod-Alt-0": setBlock("paragraph"),
      "Mod-Alt-2": setBlock("h2"),
      "Mod-Alt-3": setBlock("h3"),
      "Mod-Alt-4": setBlock("h4"),
      "Shift-Mod-8": toggleList(nodes.bullet_list),
      "Shift-Mod-9": toggleList(nodes.ordered_list),
      "Shift-Mod-.": wrapIn(nodes.blockquote),
      "Shift-Enter": hardBreak,
      "Mod-Enter": hardBreak,
      Enter: splitListItem(nodes.list_item),
      Tab: chainCommands(goToNextCell(1), sinkListItem(nodes.list_item)),
      "Shift-Tab": chainCommands(goToNextCell(-1), liftListItem(nodes.list_item)),
    }),
    keymap(baseKeymap),
    history(),
    dropCursor(),
    gapCursor(),
    uploadPlaceholders(),
    // Last: it handles mouse and arrow keys in tables broadly (prosemirror-tables' advice).
    tableEditing(),
  ];
}

/** Whether the table's first row is a row of header cells. */
export function hasHeaderRow(state: EditorState): boolean {
  const first = selectedRect(state).table.firstChild;
  if (!first || first.childCount === 0) return false;
  let all = true;
  first.forEach((cell) => {
    if (cell.type !== nodes.table_header) all = false;
  });
  return all;
}

/**
 * "Prvi red je zaglavlje": the FIRST row becomes header cells, or plain cells again, wherever the
 * cursor is. (prosemirror-tables' toggleHeaderRow toggles the row the cursor is in.)
 */
export const toggleFirstRowHeader: Command = (state, dispatch) => {
  if (!isInTable(state)) return false;
  if (dispatch) {
    const rect = selectedRect(state);
    const row = rect.table.firstChild;
    if (!row) return false;
    const type = hasHeaderRow(state) ? nodes.table_cell : nodes.table_header;
    const tr = state.tr;
    // The first row opens at tableStart; its first cell one position further. Changing a cell's
    // type keeps its size, so the positions stay valid along the row.
    let pos = rect.tableStart + 1;
    row.forEach((cell) => {
      if (cell.type !== type) tr.setNodeMarkup(pos, type, cell.attrs, cell.marks);
      pos += cell.nodeSize;
    });
    dispatch(tr);
  }
  return true;
};
