import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm as parseAtTheEdge } from "~/http/form";
import { checkbox, listOf, parseForm, reportIssues, requiredText, textValue, trimmed } from "./form";

const schema = z.object({
  name: requiredText("Naziv je obavezan.", 10),
  tags: z.array(z.string()).default([]),
  active: checkbox(),
  password: trimmed(),
});

function form(entries: [string, string | Blob][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("parseForm", () => {
  it("returns the data, and the values as typed (lists as arrays, files and secrets left out)", () => {
    const parsed = parseForm(
      schema,
      form([
        ["name", "  Kamion "],
        ["tags", "a"],
        ["tags", "b"],
        ["active", "on"],
        ["password", "tajna"],
        ["logo", new File(["x"], "logo.png")],
      ]),
      { lists: ["tags"], files: ["logo"], secret: ["password"] },
    );
    expect(parsed).toMatchObject({ ok: true, data: { name: "Kamion", tags: ["a", "b"], active: true } });
    expect(parsed.values).toEqual({ name: "  Kamion ", tags: ["a", "b"], active: "on" });
  });

  it("gives the first message per field and keeps what was typed", () => {
    const parsed = parseForm(schema, form([["name", "predugačak naziv"]]), { lists: ["tags"] });
    expect(parsed).toMatchObject({ ok: false, fieldErrors: { name: "form.tooLong:10" } });
    // The edge's pipeline shows the code's words (app/http/form.ts).
    expect(parseAtTheEdge(schema, form([["name", "predugačak naziv"]]), { lists: ["tags"] })).toMatchObject({
      ok: false,
      fieldErrors: { name: "Najviše 10 karaktera." },
      values: { name: "predugačak naziv", tags: [] },
    });
    expect(parseForm(schema, {}).ok).toBe(false);
  });

  it("reportIssues turns a plain validator's errors into field errors and the form's message", () => {
    const checked = z
      .object({ a: trimmed(), b: trimmed() })
      .transform((v, ctx) =>
        v.a === v.b ? v : reportIssues(ctx, { b: "Mora biti isto kao a." }, "Proverite polja."),
      );
    expect(parseForm(checked, { a: "1", b: "2" })).toMatchObject({
      ok: false,
      formError: "Proverite polja.",
      fieldErrors: { b: "Mora biti isto kao a." },
    });
    expect(parseForm(checked, { a: "1", b: "1" })).toMatchObject({ ok: true, data: { a: "1", b: "1" } });
  });

  it("textValue and listOf read values safely", () => {
    const values = { one: "x", many: ["a", "b"] };
    expect([textValue(values, "one"), textValue(values, "many"), textValue(values, "none")]).toEqual([
      "x",
      "",
      "",
    ]);
    expect([listOf(values, "many"), listOf(values, "one"), listOf(values, "none")]).toEqual([
      ["a", "b"],
      ["x"],
      [],
    ]);
  });
});
