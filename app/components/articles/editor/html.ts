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

/**
 * The editor's document → article HTML. A list item holding one paragraph is written without
 * the `<p>` (`<li>text</li>`, as articles always stored it); kept tables go back in verbatim.
 */
export function serializeArticleDoc(doc: PMNode, env: DomEnv): string {
  const body = inertBody("", env);
  body.appendChild(serializer.serializeFragment(doc.content, { document: body.ownerDocument }));
  for (const p of Array.from(body.querySelectorAll("li > p:only-child"))) {
    const li = p.parentElement as HTMLElement;
    if (li.childNodes.length !== 1) continue;
    while (p.firstChild) li.insertBefore(p.firstChild, p);
    p.remove();
  }
  const kept: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === "html_block") kept.push(node.attrs.html as string);
    return true;
  });
  let at = 0;
  return body.innerHTML.replace(/<div data-html-block=""><\/div>/g, () => kept[at++] ?? "");
}

/** Opens and writes back: the HTML the editor saves for `html` when nothing is edited. */
export function roundTripArticleHtml(html: string, env: DomEnv): string {
  return serializeArticleDoc(parseArticleHtml(html, env), env);
}

/** The text of the document with blocks separated, for word counts. */
export function documentText(doc: PMNode): string {
  return doc.textBetween(0, doc.content.size, "\n", " ");
}
