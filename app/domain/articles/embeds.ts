/**
 * Video embeds in article content (decision 191): a YouTube or Vimeo video is stored as a
 * privacy-friendly placeholder, never as an iframe —
 *
 *   <figure data-embed="youtube"><a href="https://www.youtube.com/watch?v=ID" target="_blank"
 *     rel="noopener noreferrer">Pogledajte video na YouTube-u</a></figure>
 *
 * The visitor's browser contacts the video site only when the visitor follows the link; RSS and
 * the newsletter show the same link. Pure: the editor, the sanitizer and the tests share it.
 */

export const EMBED_PROVIDERS = ["youtube", "vimeo"] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];
export type Embed = { provider: EmbedProvider; id: string };

export const EMBED_LABELS: Record<EmbedProvider, string> = {
  youtube: "Pogledajte video na YouTube-u",
  vimeo: "Pogledajte video na Vimeu",
};

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

/** The video a URL points to (watch, short, embed and share forms), or null. */
export function parseVideoUrl(raw: string): Embed | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "music.youtube.com") {
    const id =
      parts[0] === "watch"
        ? url.searchParams.get("v")
        : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")
          ? parts[1]
          : null;
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "youtu.be") {
    const id = parts[0];
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = parts.find((p) => VIMEO_ID.test(p));
    return id ? { provider: "vimeo", id } : null;
  }
  return null;
}

/** The canonical public link of a video (what the placeholder links to). */
export function embedUrl(embed: Embed): string {
  return embed.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${embed.id}`
    : `https://vimeo.com/${embed.id}`;
}

export function isEmbedProvider(value: unknown): value is EmbedProvider {
  return typeof value === "string" && (EMBED_PROVIDERS as readonly string[]).includes(value);
}
