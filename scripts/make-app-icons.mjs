#!/usr/bin/env node
// Makes the web app's icons (public/images/app, named in app/domain/offline/manifest.ts) from the
// favicon's drawing: "any" icons as the favicon is (rounded square), and full-bleed ones for masks
// (Android's adaptive icons, Apple's touch icon) with the truck inside the safe circle (80 %).
//   node scripts/make-app-icons.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public/images/app");
const favicon = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
/** The truck: the favicon's drawing without its background (a 32 × 32 box). */
const truck = favicon
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<title>.*?<\/title>/, "")
  .replace(/<rect[^>]*\/>/, "");
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? "#172f6e";

/** The truck scaled to `share` of a full-bleed square. */
function fullBleed(share) {
  const offset = (32 - 32 * share) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${share})">${truck}</g></svg>`;
}

const icons = [
  ["icon-192.png", 192, favicon],
  ["icon-512.png", 512, favicon],
  // The safe zone of a maskable icon is the centred circle of 80 % of its width.
  ["icon-maskable-192.png", 192, fullBleed(0.62)],
  ["icon-maskable-512.png", 512, fullBleed(0.62)],
  ["apple-touch-icon.png", 180, fullBleed(0.78)],
];

fs.mkdirSync(out, { recursive: true });
for (const [name, size, svg] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${size}×${size}`);
}
