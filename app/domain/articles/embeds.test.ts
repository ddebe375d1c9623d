import { describe, expect, it } from "vitest";
import { embedUrl, parseVideoUrl } from "./embeds";
import { sanitizeArticleHtml } from "./sanitize";

describe("video placeholders (decision 191)", () => {
  it("reads YouTube and Vimeo addresses in their usual forms", () => {
    const yt = { provider: "youtube", id: "dQw4w9WgXcQ" };
    expect(parseVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toEqual(yt);
    expect(parseVideoUrl("youtu.be/dQw4w9WgXcQ")).toEqual(yt);
    expect(parseVideoUrl("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toEqual(yt);
    expect(parseVideoUrl("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toEqual(yt);
    expect(parseVideoUrl("https://vimeo.com/76979871")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(parseVideoUrl("https://player.vimeo.com/video/76979871")).toEqual({
      provider: "vimeo",
      id: "76979871",
    });
    expect(parseVideoUrl("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(parseVideoUrl("javascript:alert(1)")).toBeNull();
    expect(embedUrl(yt as never)).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  it("keeps the placeholder marker through the sanitizer, and only a known provider", () => {
    const html =
      '<figure data-embed="youtube"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Video</a></figure>';
    expect(sanitizeArticleHtml(html)).toContain('<figure data-embed="youtube">');
    expect(sanitizeArticleHtml('<figure data-embed="evil" data-x="1"><img src="/a.png"></figure>')).toBe(
      '<figure><img src="/a.png" /></figure>',
    );
    expect(sanitizeArticleHtml('<iframe src="https://www.youtube.com/embed/x"></iframe>')).toBe("");
  });
});
