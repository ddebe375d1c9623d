import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { FORUM_MESSAGES } from "~/messages/forum";
import { commentSchema, topicSchema } from "./validation";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("topicSchema", () => {
  it("accepts a topic and trims it; an empty company is null", () => {
    const parsed = parseForm(
      topicSchema,
      form({ title: "  Parking u Ohaju ", content: "Gde?\nHvala.", author: " Marko ", companyName: " " }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: { title: "Parking u Ohaju", content: "Gde?\nHvala.", author: "Marko", companyName: null },
    });
  });

  it("gives a Serbian message per missing field and keeps what was typed", () => {
    const parsed = parseForm(
      topicSchema,
      form({ title: "", content: "  ", author: "", companyName: "Tara" }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      title: FORUM_MESSAGES.titleRequired,
      content: FORUM_MESSAGES.contentRequired,
      author: FORUM_MESSAGES.authorRequired,
    });
    expect(parsed.values).toMatchObject({ companyName: "Tara", content: "  " });
  });

  it("limits the title to 150 characters, the name to 80 and the company to 120", () => {
    const parsed = parseForm(
      topicSchema,
      form({ title: "a".repeat(151), content: "x", author: "b".repeat(81), companyName: "c".repeat(121) }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      title: FORUM_MESSAGES.titleTooLong,
      author: FORUM_MESSAGES.authorTooLong,
      companyName: FORUM_MESSAGES.companyTooLong,
    });
    expect(parseForm(topicSchema, form({ title: "a".repeat(150), content: "x", author: "b" })).ok).toBe(true);
  });

  it("cuts the content at 10,000 characters with the spec's sanitiser", () => {
    const parsed = parseForm(topicSchema, form({ title: "t", content: "z".repeat(12_000), author: "a" }));
    expect(parsed.ok && parsed.data.content.length).toBe(10_000);
  });

  it("strips script blocks, javascript: and on-handlers; script alone counts as empty", () => {
    const parsed = parseForm(
      topicSchema,
      form({
        title: "<script>alert(1)</script>Naslov",
        content: '<img src=x onerror="alert(1)"> javascript:alert(1)',
        author: "Ana",
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.title).toBe("Naslov");
    expect(parsed.data.content).not.toMatch(/onerror|javascript:/i);
    const empty = parseForm(topicSchema, form({ title: "x", content: "<script>x</script>", author: "a" }));
    expect(empty.ok ? null : empty.fieldErrors.content).toBe(FORUM_MESSAGES.contentRequired);
  });
});

describe("commentSchema", () => {
  it("needs a text and a name", () => {
    const parsed = parseForm(commentSchema, form({ content: "", author: "" }));
    expect(parsed.ok ? null : parsed.fieldErrors).toEqual({
      content: FORUM_MESSAGES.commentRequired,
      author: FORUM_MESSAGES.authorRequired,
    });
    expect(parseForm(commentSchema, form({ content: "Slažem se.", author: "Iva" }))).toMatchObject({
      ok: true,
      data: { content: "Slažem se.", author: "Iva" },
    });
  });
});
