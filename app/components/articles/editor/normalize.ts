/**
 * A canonical form of article HTML, for telling whether two HTML strings say the same thing
 * (the round-trip test of the demo articles, decision 190). Differences that change nothing a
 * reader sees are folded away:
 *
 * - inline formatting becomes runs of text with a set of marks (so `<b>` = `<strong>`, `<i>` =
 *   `<em>`, `<del>`/`<strike>` = `<s>`, nesting order and split tags do not matter);
 * - whitespace is collapsed as a browser collapses it (except inside `<pre>`), and blank text
 *   between blocks is dropped;
 * - loose text in the page, a quote or a list item is a paragraph (`<li>x</li>` = `<li><p>x</p></li>`);
 * - `<pre><code>x</code></pre>` = `<pre>x</pre>`; attributes are compared sorted;
 * - a table is its caption and its rows of cells (header or data, with their spans and scope),
 *   whichever of `<thead>`/`<tbody>`/`<tfoot>` holds a row; a cell's loose text is a paragraph.
 */
import type { DomEnv } from "./html";
import { inertBody } from "./html";

const MARK_TAGS: Record<string, string> = {
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  u: "u",
  s: "s",
  del: "s",
  strike: "s",
  code: "code",
  a: "a",
};
const CONTAINERS = new Set(["blockquote", "li"]);
const TEXTBLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption"]);
const HEADING_LEVEL: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4" };

type Run = { marks: string; text?: string; leaf?: string };

function attrsOf(el: Element, names?: string[]): string {
  const pairs = Array.from(el.attributes)
    .filter((a) => !names || names.includes(a.name))
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .sort();
  return pairs.join(" ");
}

function markOf(el: Element): string | null {
  const tag = MARK_TAGS[el.tagName.toLowerCase()];
  if (!tag) return null;
  if (tag === "a") return `a(${attrsOf(el, ["href", "target"])})`;
  return tag;
}

function isBlock(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  const tag = (node as Element).tagName.toLowerCase();
  return (
    TEXTBLOCKS.has(tag) ||
    CONTAINERS.has(tag) ||
    ["ul", "ol", "hr", "pre", "figure", "table", "div"].includes(tag)
  );
}

/** The inline content of `el` as merged runs of text (whitespace collapsed) with their marks. */
function runsOf(nodes: Node[], pre = false): Run[] {
  const runs: Run[] = [];
  const walk = (node: Node, marks: string[]) => {
    if (node.nodeType === 3) {
      const text = pre ? (node.nodeValue ?? "") : (node.nodeValue ?? "").replace(/[ \t\n\r\f]+/g, " ");
      if (text) runs.push({ marks: [...marks].sort().join(","), text });
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === "img") {
      runs.push({ marks: [...marks].sort().join(","), leaf: `img(${attrsOf(el)})` });
      return;
    }
    if (tag === "br") {
      runs.push({ marks: "", leaf: "br" });
      return;
    }
    const mark = markOf(el);
    const next = mark && !marks.includes(mark) ? [...marks, mark] : marks;
    for (const child of Array.from(el.childNodes)) walk(child, next);
  };
  for (const node of nodes) walk(node, []);
  if (!pre) {
    // Collapse spaces across run boundaries, then trim the block's ends.
    let lastSpace = true;
    for (const run of runs) {
      if (run.leaf !== undefined) {
        lastSpace = run.leaf === "br";
        continue;
      }
      let text = run.text ?? "";
      if (lastSpace) text = text.replace(/^ /, "");
      run.text = text;
      if (text) lastSpace = text.endsWith(" ");
    }
    for (let i = runs.length - 1; i >= 0; i--) {
      const run = runs[i];
      if (run.leaf !== undefined) {
        if (run.leaf !== "br") break;
        continue;
      }
      run.text = (run.text ?? "").replace(/ $/, "");
      if (run.text) break;
    }
  }
  const merged: Run[] = [];
  for (const run of runs) {
    if (run.text === "") continue;
    const last = merged[merged.length - 1];
    if (last && run.text !== undefined && last.text !== undefined && last.marks === run.marks) {
      last.text += run.text;
    } else merged.push({ ...run });
  }
  return merged;
}

function runsText(runs: Run[]): string {
  return runs
    .map((r) => (r.leaf !== undefined ? `{${r.marks}|${r.leaf}}` : `[${r.marks}|${r.text}]`))
    .join("");
}

/** The blocks of a container: loose inline content in between blocks becomes a paragraph. */
function blocksOf(parent: Element): string[] {
  const out: string[] = [];
  let loose: Node[] = [];
  const flush = () => {
    const runs = runsOf(loose);
    if (runs.length > 0) out.push(`p{${runsText(runs)}}`);
    loose = [];
  };
  for (const child of Array.from(parent.childNodes)) {
    if (isBlock(child)) {
      flush();
      out.push(blockOf(child as Element));
    } else loose.push(child);
  }
  flush();
  return out;
}

function blockOf(el: Element): string {
  const tag = el.tagName.toLowerCase();
  if (TEXTBLOCKS.has(tag)) {
    return `${HEADING_LEVEL[tag] ?? tag}{${runsText(runsOf(Array.from(el.childNodes)))}}`;
  }
  if (tag === "pre") {
    const only = el.children.length === 1 && el.firstElementChild?.tagName.toLowerCase() === "code";
    const nodes = only ? Array.from((el.firstElementChild as Element).childNodes) : Array.from(el.childNodes);
    return `pre{${runsText(runsOf(nodes, true))}}`;
  }
  if (tag === "hr") return "hr";
  if (tag === "table") return tableOf(el);
  if (tag === "figure") {
    const embed = el.getAttribute("data-embed");
    if (embed) return `embed(${embed}|${el.querySelector("a")?.getAttribute("href") ?? ""})`;
    const parts = Array.from(el.childNodes).flatMap((child) => {
      if (child.nodeType !== 1) return [];
      const c = child as Element;
      if (c.tagName.toLowerCase() === "img") return [`img(${attrsOf(c)})`];
      if (c.tagName.toLowerCase() === "figcaption") return [blockOf(c)];
      return [blockOf(c)];
    });
    return `figure{${parts.join("")}}`;
  }
  if (tag === "ul" || tag === "ol") {
    const items = Array.from(el.children).map((li) => `li{${blocksOf(li).join("")}}`);
    return `${tag}{${items.join("")}}`;
  }
  if (tag === "div") return blocksOf(el).join("");
  return `${tag}{${blocksOf(el).join("")}}`;
}

/** A table by its caption and rows, whatever section each row is in. */
function tableOf(table: Element): string {
  const parts: string[] = [];
  const visit = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const tag = child.tagName.toLowerCase();
      if (tag === "caption") parts.push(`caption{${runsText(runsOf(Array.from(child.childNodes)))}}`);
      else if (tag === "thead" || tag === "tbody" || tag === "tfoot") visit(child);
      else if (tag === "tr") {
        const cells = Array.from(child.children).map(
          (cell) =>
            `${cell.tagName.toLowerCase()}(${attrsOf(cell, ["colspan", "rowspan", "scope"])}){${blocksOf(cell).join("")}}`,
        );
        parts.push(`tr{${cells.join("")}}`);
      }
    }
  };
  visit(table);
  return `table{${parts.join("")}}`;
}

/** The canonical form of (sanitised) article HTML; equal forms read the same. */
export function canonicalArticleHtml(html: string, env: DomEnv): string {
  return blocksOf(inertBody(html, env)).join("\n");
}
