/**
 * The visual editor's document schema (ProseMirror, decision 190): exactly the structure the
 * article sanitizer allows (domain/articles/sanitize.ts), so that what the editor writes is what
 * the sanitizer keeps, and what an old article holds opens without loss:
 *
 * - blocks: paragraph, heading h2–h4 (h1 read as h2, h5/h6 as h4), blockquote, bullet and
 *   ordered lists, horizontal rule, preformatted text, a figure (image + optional caption), a
 *   video placeholder (embeds.ts) and tables (prosemirror-tables: rows of header or data cells
 *   with colspan, rowspan and scope, an optional text caption; edited in place, decision 292);
 * - inline: text, line break, image (an `<img>` inside a paragraph, as older articles have it);
 * - marks: bold, italic, underline, strikethrough, code, link (href + optional target _blank).
 *
 * Pure: no DOM access at import time, so the round-trip test runs it in jsdom.
 */
import { type DOMOutputSpec, type Mark, type NodeSpec, type Node as PMNode, Schema } from "prosemirror-model";
import { tableNodes } from "prosemirror-tables";
import { EMBED_LABELS, embedUrl, isEmbedProvider, parseVideoUrl } from "~/domain/articles/embeds";
import { isSafeArticleUrl } from "~/domain/articles/urls";

const DIGITS = /^\d{1,4}$/;

function imageAttrsOf(dom: HTMLElement) {
  const src = dom.getAttribute("src")?.trim() ?? "";
  if (!src || !isSafeArticleUrl(src, { fragment: false })) return false;
  const digits = (name: string) => {
    const v = dom.getAttribute(name);
    return v && DIGITS.test(v) ? v : null;
  };
  const loading = dom.getAttribute("loading");
  return {
    src,
    alt: dom.getAttribute("alt"),
    width: digits("width"),
    height: digits("height"),
    loading: loading === "lazy" || loading === "eager" ? loading : null,
  };
}

const imageAttrSpec = {
  src: {},
  alt: { default: null },
  width: { default: null },
  height: { default: null },
  loading: { default: null },
};

function imageDom(node: PMNode): DOMOutputSpec {
  const { src, alt, width, height, loading } = node.attrs;
  const attrs: Record<string, string> = { src };
  if (width) attrs.width = width;
  if (height) attrs.height = height;
  if (alt !== null) attrs.alt = alt;
  if (loading) attrs.loading = loading;
  return ["img", attrs];
}

const SCOPES = ["row", "col", "rowgroup", "colgroup"];

/**
 * Tables as prosemirror-tables shapes them (its commands and cell selection need these roles):
 * cells hold blocks, and keep colspan, rowspan and a header's scope — what the sanitizer allows.
 * The writer (html.ts) puts leading header rows in <thead> and unwraps a cell's only paragraph.
 */
const tables = tableNodes({
  tableGroup: "block",
  cellContent: "block+",
  cellAttributes: {
    scope: {
      default: null,
      getFromDOM: (dom) => {
        const scope = dom.getAttribute("scope");
        return scope && SCOPES.includes(scope) ? scope : null;
      },
      setDOMAttr: (value, attrs) => {
        if (typeof value === "string" && SCOPES.includes(value)) attrs.scope = value;
      },
    },
  },
});

/** A table's caption, as plain text (the sanitizer keeps `<caption>`; it is not edited visually). */
function captionOf(dom: HTMLElement): string | null {
  const caption = Array.from(dom.children).find((child) => child.tagName.toLowerCase() === "caption");
  return caption?.textContent?.trim() || null;
}

/** A node written as one tag around its content. */
function tagNode(tag: string, spec: NodeSpec): NodeSpec {
  return { ...spec, parseDOM: [{ tag }], toDOM: () => [tag, 0] };
}

export const articleSchema = new Schema({
  nodes: {
    doc: { content: "block+" },
    paragraph: tagNode("p", { group: "block", content: "inline*" }),
    heading: {
      group: "block",
      content: "inline*",
      attrs: { level: { default: 2 } },
      defining: true,
      parseDOM: [
        { tag: "h1", attrs: { level: 2 } },
        { tag: "h2", attrs: { level: 2 } },
        { tag: "h3", attrs: { level: 3 } },
        { tag: "h4", attrs: { level: 4 } },
        { tag: "h5", attrs: { level: 4 } },
        { tag: "h6", attrs: { level: 4 } },
      ],
      toDOM: (node) => [`h${node.attrs.level}`, 0],
    },
    blockquote: tagNode("blockquote", { group: "block", content: "block+", defining: true }),
    bullet_list: tagNode("ul", { group: "block", content: "list_item+" }),
    ordered_list: tagNode("ol", { group: "block", content: "list_item+" }),
    list_item: tagNode("li", { content: "paragraph block*", defining: true }),
    horizontal_rule: {
      group: "block",
      parseDOM: [{ tag: "hr" }],
      toDOM: () => ["hr"],
    },
    code_block: {
      group: "block",
      content: "text*",
      marks: "",
      code: true,
      defining: true,
      parseDOM: [{ tag: "pre", preserveWhitespace: "full" }],
      toDOM: () => ["pre", 0],
    },
    /** A video placeholder: a link to the video, marked for the public page's styles. */
    embed: {
      group: "block",
      atom: true,
      attrs: { provider: {}, videoId: {} },
      parseDOM: [
        {
          tag: "figure[data-embed]",
          priority: 60,
          getAttrs: (dom) => {
            const provider = dom.getAttribute("data-embed");
            const href = dom.querySelector("a")?.getAttribute("href") ?? "";
            const video = parseVideoUrl(href);
            if (!isEmbedProvider(provider) || !video || video.provider !== provider) return false;
            return { provider, videoId: video.id };
          },
        },
      ],
      toDOM: (node) => {
        const embed = { provider: node.attrs.provider, id: node.attrs.videoId };
        return [
          "figure",
          { "data-embed": embed.provider },
          [
            "a",
            { href: embedUrl(embed), target: "_blank", rel: "noopener noreferrer" },
            EMBED_LABELS[embed.provider as keyof typeof EMBED_LABELS],
          ],
        ];
      },
    },
    figure: {
      group: "block",
      content: "figure_image figcaption?",
      isolating: true,
      parseDOM: [
        {
          tag: "figure",
          // Only a figure that holds an image is an image figure; any other keeps its text.
          getAttrs: (dom) => (dom.querySelector("img") ? null : false),
        },
      ],
      toDOM: () => ["figure", 0],
    },
    figure_image: {
      atom: true,
      selectable: true,
      draggable: false,
      // A default source only so the schema can fill a figure; the parser always sets one.
      attrs: { ...imageAttrSpec, src: { default: "" } },
      parseDOM: [{ tag: "img", context: "figure/", priority: 60, getAttrs: imageAttrsOf }],
      toDOM: imageDom,
    },
    figcaption: tagNode("figcaption", { content: "inline*" }),
    table: {
      ...tables.table,
      attrs: { caption: { default: null } },
      parseDOM: [
        { tag: "table", getAttrs: (dom) => ({ caption: captionOf(dom) }) },
        // Read by the table's own rule above; its text is not cell content.
        { tag: "caption", ignore: true },
      ],
      toDOM: (node) =>
        node.attrs.caption
          ? ["table", ["caption", node.attrs.caption], ["tbody", 0]]
          : ["table", ["tbody", 0]],
    },
    table_row: tables.table_row,
    table_cell: tables.table_cell,
    table_header: tables.table_header,
    text: { group: "inline" },
    image: {
      inline: true,
      group: "inline",
      draggable: true,
      attrs: imageAttrSpec,
      parseDOM: [{ tag: "img", getAttrs: imageAttrsOf }],
      toDOM: imageDom,
    },
    hard_break: {
      inline: true,
      group: "inline",
      selectable: false,
      parseDOM: [{ tag: "br" }],
      toDOM: () => ["br"],
    },
  },
  marks: {
    link: {
      attrs: { href: {}, target: { default: null } },
      inclusive: false,
      parseDOM: [
        {
          tag: "a[href]",
          getAttrs: (dom) => {
            const href = dom.getAttribute("href")?.trim() ?? "";
            if (!isSafeArticleUrl(href, { fragment: true })) return false;
            return { href, target: dom.getAttribute("target") === "_blank" ? "_blank" : null };
          },
        },
      ],
      toDOM: (mark: Mark) =>
        mark.attrs.target === "_blank"
          ? ["a", { href: mark.attrs.href, target: "_blank", rel: "noopener noreferrer" }, 0]
          : ["a", { href: mark.attrs.href }, 0],
    },
    strong: {
      parseDOM: [
        { tag: "strong" },
        // Google Docs wraps a whole paste in <b style="font-weight:normal">: not bold.
        { tag: "b", getAttrs: (dom) => (dom.style.fontWeight === "normal" ? false : null) },
      ],
      toDOM: () => ["strong", 0],
    },
    em: {
      parseDOM: [{ tag: "em" }, { tag: "i" }],
      toDOM: () => ["em", 0],
    },
    underline: {
      parseDOM: [{ tag: "u" }],
      toDOM: () => ["u", 0],
    },
    strike: {
      parseDOM: [{ tag: "s" }, { tag: "del" }, { tag: "strike" }],
      toDOM: () => ["s", 0],
    },
    code: {
      excludes: "_",
      parseDOM: [{ tag: "code" }],
      toDOM: () => ["code", 0],
    },
  },
});

export type ArticleSchema = typeof articleSchema;

export type FigureInput = { src: string; alt: string; caption: string };

/** A figure: the image, and its caption when there is one. */
export function figureNode(input: FigureInput): PMNode {
  const { nodes } = articleSchema;
  const image = nodes.figure_image.create({ src: input.src, alt: input.alt, loading: "lazy" });
  const caption = input.caption.trim();
  return nodes.figure.create(
    null,
    caption ? [image, nodes.figcaption.create(null, articleSchema.text(caption))] : [image],
  );
}
