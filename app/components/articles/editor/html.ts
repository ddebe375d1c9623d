/**
 * Article HTML ⇄ the editor's document. The stored format stays sanitised HTML (decision 190):
 * the editor opens it with the schema's parse rules and writes it back with the schema's
 * serializer, and the server's sanitizer remains the last gate on save.
 *
 * Both directions take the DOM implementation as an argument (the browser's, or jsdom's in the
 * tests) and parse into an inert document, so that nothing in the HTML runs or loads.
 */
import { DOMSerializer, DOMParser as PMDOMParser, type Node as PMNode } from "prosemirror-model";
import { articleSchema } from "./schema";

/**
 * What the functions here need from a DOM: an inert document (no browsing context: nothing in
 * it loads or runs), made once and reused — making a document per call costs ~14 ms in jsdom.
 */
export type DomEnv = { document: Document };

/** An inert document of the given DOM implementation (the browser's `document.implementation`). */
export function domEnvOf(implementation: DOMImplementation): DomEnv {
  return { document: implementation.createHTMLDocument("") };
}

const parser = PMDOMParser.fromSchema(articleSchema);
const serializer = DOMSerializer.fromSchema(articleSchema);

/** A detached element of the inert document holding `html`. */
export function inertBody(html: string, env: DomEnv): HTMLElement {
  const container = env.document.createElement("div");
  container.innerHTML = html;
  return container;
}

/** Article HTML (already sanitised) → the editor's document. */
export function parseArticleHtml(html: string, env: DomEnv): PMNode {
  return parser.parse(inertBody(html, env));
}

/** Parses a DOM subtree (a cleaned paste) into the document's structure. */
export function parseArticleDom(dom: HTMLElement): PMNode {
  return parser.parse(dom);
}

/** Moves the children of a lone `<p>` into its parent (`<li><p>x</p></li>` → `<li>x</li>`). */
function unwrapOnlyParagraphs(body: HTMLElement, selector: string) {
  for (const p of Array.from(body.querySelectorAll(selector))) {
    const parent = p.parentElement as HTMLElement;
    if (parent.childNodes.length !== 1) continue;
    while (p.firstChild) parent.insertBefore(p.firstChild, p);
    p.remove();
  }
}

/** A table's leading rows of header cells go in `<thead>`, the rest stay in `<tbody>`. */
function headerRowsToThead(body: HTMLElement) {
  for (const tbody of Array.from(body.querySelectorAll("table > tbody"))) {
    const head: Element[] = [];
    for (const row of Array.from(tbody.children)) {
      const cells = Array.from(row.children);
      if (cells.length === 0 || !cells.every((cell) => cell.tagName.toLowerCase() === "th")) break;
      head.push(row);
    }
    if (head.length === 0) continue;
    const thead = tbody.ownerDocument.createElement("thead");
    for (const row of head) thead.appendChild(row);
    tbody.parentElement?.insertBefore(thead, tbody);
    if (tbody.children.length === 0) tbody.remove();
  }
}

/**
 * The editor's document → article HTML. A list item or a table cell holding one paragraph is
 * written without the `<p>` (`<li>text</li>`, `<td>text</td>`, as articles always stored them),
 * and a table's header rows are its `<thead>`.
 */
export function serializeArticleDoc(doc: PMNode, env: DomEnv): string {
  const body = inertBody("", env);
  body.appendChild(serializer.serializeFragment(doc.content, { document: body.ownerDocument }));
  unwrapOnlyParagraphs(body, "li > p:only-child, td > p:only-child, th > p:only-child");
  headerRowsToThead(body);
  return body.innerHTML;
}

/** Opens and writes back: the HTML the editor saves for `html` when nothing is edited. */
export function roundTripArticleHtml(html: string, env: DomEnv): string {
  return serializeArticleDoc(parseArticleHtml(html, env), env);
}

/** The text of the document with blocks separated, for word counts. */
export function documentText(doc: PMNode): string {
  return doc.textBetween(0, doc.content.size, "\n", " ");
}
