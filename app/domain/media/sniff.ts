import type { AllowedMime } from "./rules";

/**
 * The type of an upload decided from its bytes alone (magic numbers; SVG by its XML root). The
 * declared type and the file name do not count. Returns null for anything we do not accept.
 */
export function sniffImageType(bytes: Uint8Array): AllowedMime | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return "image/png";
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (isSvgDocument(b)) return "image/svg+xml";
  return null;
}

/** True when the text is an XML document whose root element is <svg>. */
export function isSvgDocument(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  let text = head.replace(/^\uFEFF/, "").trimStart();
  // Skip the XML declaration, processing instructions, comments and a DOCTYPE before the root.
  for (let i = 0; i < 20; i++) {
    if (text.startsWith("<?")) {
      const end = text.indexOf("?>");
      if (end < 0) return false;
      text = text.slice(end + 2).trimStart();
    } else if (text.startsWith("<!--")) {
      const end = text.indexOf("-->");
      if (end < 0) return false;
      text = text.slice(end + 3).trimStart();
    } else if (/^<!DOCTYPE/i.test(text)) {
      const end = text.indexOf(">");
      if (end < 0) return false;
      text = text.slice(end + 1).trimStart();
    } else break;
  }
  return /^<svg[\s>/]/i.test(text) || /^<[A-Za-z_][\w.-]*:svg[\s>/]/.test(text);
}
