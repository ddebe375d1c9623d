/**
 * Paste from Word, Google Docs and web pages arrives clean (issue 20, decision 190). The HTML an
 * application puts on the clipboard is first rewritten here into plain structure, then parsed
 * by the editor's schema, which keeps only what articles allow; the server's sanitizer is the
 * last gate on save.
 *
 * - Google Docs: the whole paste sits in `<b style="font-weight:normal" id="docs-internal-guid…">`
 *   (unwrapped, it is not bold); bold, italic, underline and strikethrough are spans with inline
 *   styles (turned into tags); links are underlined spans inside `<a>` (not underlined text);
 *   `<br>` between blocks are empty lines (dropped); list items hold `<p>`.
 * - Word: list items are paragraphs styled `mso-list:l0 level2 lfo1` with the bullet or number
 *   typed in an `mso-list:Ignore` span (rebuilt into nested ul/ol); `<o:p>`, conditional
 *   comments, `MsoNormal` classes and `file:///` images go; `MsoTitle` is a heading.
 * - Web pages: scripts, styles, iframes, forms and buttons go with their content; links and
 *   images stay only with absolute http(s) addresses (a link relative to the other site would
 *   point into ours); `<picture>` keeps its `<img>`; external links open in a new tab, as the
 *   "Dodaj link" action makes them.
 * - Everywhere: paragraphs left empty are dropped.
 */
import { type DomEnv, inertBody } from "./html";

/** Elements that go with everything inside them. */
const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "canvas",
  "video",
  "audio",
  "source",
  "track",
  "meta",
  "link",
  "title",
  "head",
  "button",
  "input",
  "select",
  "textarea",
  "form",
  "nav",
]);

const HTTP = /^https?:\/\//i;
/** A web page's ad containers (class or id "ad", "ads", "ad-slot", "advert…", "sponsor…"). */
const AD_BOX = /(^|[\s_-])(ads?|advert\w*|sponsor\w*)([\s_-]|$)/i;

function remove(node: Node) {
  node.parentNode?.removeChild(node);
}

function unwrap(el: Element) {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

function rename(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag);
  while (el.firstChild) next.appendChild(el.firstChild);
  el.parentNode?.replaceChild(next, el);
  return next;
}

/** Wraps the children of `el` in a new `tag` element. */
function wrapChildren(el: Element, tag: string) {
  const wrapper = el.ownerDocument.createElement(tag);
  while (el.firstChild) wrapper.appendChild(el.firstChild);
  el.appendChild(wrapper);
}

function styleOf(el: Element): string {
  return (el.getAttribute("style") ?? "").toLowerCase().replace(/\s+/g, "");
}

function all(root: Element, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector));
}

function removeComments(root: Node) {
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === 8) remove(child);
    else if (child.nodeType === 1) removeComments(child);
  }
}

/** Word's list paragraphs → nested ul/ol, one list per run of consecutive list paragraphs. */
function rebuildWordLists(root: Element) {
  const isListParagraph = (el: Element | null): el is Element =>
    Boolean(el && el.tagName.toLowerCase() === "p" && /mso-list:l\d+level\d+/.test(styleOf(el)));
  const doc = root.ownerDocument;
  for (const first of all(root, "p")) {
    if (!first.parentNode || !isListParagraph(first)) continue;
    const prev = first.previousElementSibling;
    if (isListParagraph(prev)) continue; // handled with its run
    const run: Element[] = [];
    for (let el: Element | null = first; isListParagraph(el); el = el.nextElementSibling) run.push(el);
    // stack[i]: the open list at level i + 1
    const stack: Element[] = [];
    for (const p of run) {
      const level = Number(/level(\d+)/.exec(styleOf(p))?.[1] ?? "1");
      const marker = (p.querySelector('span[style*="mso-list"]')?.textContent ?? "").replace(
        /\s|\u00a0/g,
        "",
      );
      const ordered = /^(\d+|[a-z]|[ivxlc]+)[.)]$/i.test(marker);
      while (stack.length > level) stack.pop();
      while (stack.length < level) {
        const list = doc.createElement(ordered ? "ol" : "ul");
        const parentList = stack[stack.length - 1];
        if (parentList) {
          const lastItem = parentList.lastElementChild ?? parentList.appendChild(doc.createElement("li"));
          lastItem.appendChild(list);
        } else {
          first.parentNode?.insertBefore(list, first);
        }
        stack.push(list);
      }
      const li = doc.createElement("li");
      for (const ignore of all(p, 'span[style*="mso-list"]')) {
        if (/mso-list:ignore/.test(styleOf(ignore))) remove(ignore);
      }
      while (p.firstChild) li.appendChild(p.firstChild);
      stack[stack.length - 1].appendChild(li);
      remove(p);
    }
  }
}

/** Inline styles that mean formatting become tags (Google Docs, web pages, Word). */
function stylesToTags(root: Element) {
  for (const el of all(root, "[style]")) {
    const style = styleOf(el);
    const tag = el.tagName.toLowerCase();
    const weight = /font-weight:(\d+|bold|bolder)/.exec(style)?.[1];
    const heading = /^h[1-6]$/.test(tag);
    if (weight && (weight === "bold" || weight === "bolder" || Number(weight) >= 600) && !heading) {
      wrapChildren(el, "strong");
    }
    if (/font-style:italic/.test(style)) wrapChildren(el, "em");
    const decoration = /text-decoration(?:-line)?:([^;]*)/.exec(style)?.[1] ?? "";
    const inLink = Boolean(el.closest("a")) || el.querySelector("a") !== null;
    if (decoration.includes("underline") && !inLink) wrapChildren(el, "u");
    if (decoration.includes("line-through")) wrapChildren(el, "s");
    el.removeAttribute("style");
  }
}

/** A link from Google's redirector (`https://www.google.com/url?q=…`) → where it goes. */
function unredirect(href: string): string {
  try {
    const url = new URL(href);
    if (/(^|\.)google\.[a-z.]+$/.test(url.hostname) && url.pathname === "/url") {
      const target = url.searchParams.get("q") ?? url.searchParams.get("url");
      if (target && HTTP.test(target)) return target;
    }
  } catch {
    // not a URL: left as it is, checked below
  }
  return href;
}

function cleanLinksAndImages(root: Element) {
  for (const a of all(root, "a")) {
    const href = unredirect((a.getAttribute("href") ?? "").trim());
    if (!HTTP.test(href)) {
      unwrap(a);
      continue;
    }
    for (const attr of Array.from(a.attributes)) a.removeAttribute(attr.name);
    a.setAttribute("href", href);
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener noreferrer");
  }
  for (const img of all(root, "img")) {
    const src = (img.getAttribute("src") ?? "").trim();
    if (!HTTP.test(src)) remove(img);
  }
  for (const picture of all(root, "picture")) unwrap(picture);
}

function isEmptyBlock(el: Element): boolean {
  return (el.textContent ?? "").replace(/[\s\u00a0]+/g, "") === "" && !el.querySelector("img");
}

/** Cleans clipboard HTML (see the module comment); returns HTML for the editor's schema to parse. */
export function cleanPastedHtml(html: string, env: DomEnv): string {
  const root = inertBody(html, env);
  removeComments(root);
  for (const el of all(root, "*")) {
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag) || tag === "o:p" || tag.startsWith("v:")) remove(el);
  }
  for (const el of all(root, "*")) {
    if (el.tagName.includes(":")) unwrap(el);
    else if (AD_BOX.test(el.getAttribute("class") ?? "") || AD_BOX.test(el.getAttribute("id") ?? ""))
      remove(el);
  }
  for (const b of all(root, 'b[id^="docs-internal-guid"]')) unwrap(b);
  for (const br of all(root, "br.Apple-interchange-newline")) remove(br);
  for (const br of Array.from(root.children).filter((c) => c.tagName.toLowerCase() === "br")) remove(br);
  rebuildWordLists(root);
  for (const p of all(root, "p.MsoTitle")) rename(p, "h2");
  for (const p of all(root, "p.MsoSubtitle")) rename(p, "h3");
  for (const span of all(root, 'span[style*="mso-list"]')) {
    if (/mso-list:ignore/.test(styleOf(span))) remove(span);
  }
  stylesToTags(root);
  cleanLinksAndImages(root);
  for (const el of all(root, "[class]")) el.removeAttribute("class");
  for (const block of all(root, "p, h1, h2, h3, h4, h5, h6, li, blockquote")) {
    if (isEmptyBlock(block)) remove(block);
  }
  return root.innerHTML;
}
