/**
 * "Prvi red je zaglavlje" toggles the table's first row wherever the cursor is (issue 27 item 9:
 * prosemirror-tables' toggleHeaderRow turned the cursor's own row into headers).
 */
import { EditorState, TextSelection } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { articleSchema } from "./schema";
import { hasHeaderRow, insertTable, toggleFirstRowHeader } from "./setup";

const { nodes } = articleSchema;

function tableState(): EditorState {
  let state = EditorState.create({ schema: articleSchema });
  insertTable()(state, (tr) => {
    state = state.apply(tr);
  });
  return state;
}

/** The cell types of each row, as "h" (header) or "c". */
function rows(state: EditorState): string[] {
  const out: string[] = [];
  state.doc.descendants((node) => {
    if (node.type === nodes.table_row) {
      let row = "";
      node.forEach((cell) => {
        row += cell.type === nodes.table_header ? "h" : "c";
      });
      out.push(row);
      return false;
    }
    return true;
  });
  return out;
}

/** The cursor in the first cell of row `index` (0-based). */
function cursorInRow(state: EditorState, index: number): EditorState {
  let seen = -1;
  let target = -1;
  state.doc.descendants((node, pos) => {
    if (target >= 0) return false;
    if (node.type === nodes.table_row && ++seen === index) target = pos + 3;
    return true;
  });
  return state.apply(state.tr.setSelection(TextSelection.near(state.doc.resolve(target))));
}

function run(state: EditorState): EditorState {
  let next = state;
  expect(
    toggleFirstRowHeader(state, (tr) => {
      next = state.apply(tr);
    }),
  ).toBe(true);
  return next;
}

describe("toggleFirstRowHeader", () => {
  it("turns the first row's headers off and on again from the third row", () => {
    let state = cursorInRow(tableState(), 2);
    expect(rows(state)).toEqual(["hhh", "ccc", "ccc"]);
    expect(hasHeaderRow(state)).toBe(true);
    state = run(state);
    expect(rows(state)).toEqual(["ccc", "ccc", "ccc"]);
    expect(hasHeaderRow(state)).toBe(false);
    state = run(cursorInRow(state, 1));
    expect(rows(state)).toEqual(["hhh", "ccc", "ccc"]);
  });

  it("does nothing outside a table", () => {
    const state = EditorState.create({ schema: articleSchema });
    expect(toggleFirstRowHeader(state, () => {})).toBe(false);
  });
});
