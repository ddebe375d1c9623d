import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { generateSchema, maskEmail, normalizeEmail, sendSchema, signupSchema } from "./validation";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("newsletter signup e-mail (spec §5: text, an @, text, a dot, text; at most 254)", () => {
  it("accepts an address, trimmed and lowercased", () => {
    const parsed = parseForm(signupSchema, form([["email", "  Vozac@Primer.COM "]]));
    expect(parsed).toMatchObject({ ok: true, data: { email: "vozac@primer.com" } });
  });

  it.each([
    "",
    "vozac",
    "vozac@primer",
    "@primer.com",
    "vozac@.com",
    "vo zac@primer.com",
    `${"a".repeat(245)}@primer.com`,
  ])("refuses %j with the spec's message", (value) => {
    const parsed = parseForm(signupSchema, form([["email", value]]));
    expect(parsed).toMatchObject({
      ok: false,
      fieldErrors: { email: "Molimo unesite validnu email adresu" },
    });
  });

  it("accepts exactly 254 characters", () => {
    const address = `${"a".repeat(243)}@primer.com`;
    expect(address).toHaveLength(254);
    expect(parseForm(signupSchema, form([["email", address]])).ok).toBe(true);
    expect(normalizeEmail(undefined)).toBe("");
  });
});

describe("manual newsletter: 1 to 5 articles", () => {
  it("needs at least one article", () => {
    expect(parseForm(generateSchema, form([["kind", "manual"]]), { lists: ["articleIds"] })).toMatchObject({
      ok: false,
      fieldErrors: { articleIds: "Molimo odaberite najmanje jedan članak" },
    });
  });

  it("takes 1 to 5 ids once each, in order, and refuses a sixth", () => {
    const five = form([
      ["kind", "manual"],
      ...["4", "2", "4", "9", "7", "1"].map((id) => ["articleIds", id] as [string, string]),
    ]);
    expect(parseForm(generateSchema, five, { lists: ["articleIds"] })).toMatchObject({
      ok: true,
      data: { articleIds: [4, 2, 9, 7, 1] },
    });
    const six = form([
      ["kind", "manual"],
      ...["1", "2", "3", "4", "5", "6"].map((id) => ["articleIds", id] as [string, string]),
    ]);
    expect(parseForm(generateSchema, six, { lists: ["articleIds"] })).toMatchObject({
      ok: false,
      fieldErrors: { articleIds: "Možete odabrati najviše 5 članaka" },
    });
    const junk = form([
      ["kind", "manual"],
      ["articleIds", "1e3"],
    ]);
    expect(parseForm(generateSchema, junk, { lists: ["articleIds"] }).ok).toBe(false);
  });

  it("lets the dynamic newsletter choose its own articles", () => {
    expect(parseForm(generateSchema, form([["kind", "dynamic"]]), { lists: ["articleIds"] })).toMatchObject({
      ok: true,
      data: { kind: "dynamic" },
    });
  });
});

describe("sending: a generated newsletter and recipients (spec §5)", () => {
  const base: [string, string][] = [
    ["draftId", "12"],
    ["subject", "  Vesti   nedelje "],
  ];
  it("sends to all active subscribers", () => {
    expect(
      parseForm(sendSchema, form([...base, ["audience", "all"]]), { lists: ["subscriberIds"] }),
    ).toMatchObject({
      ok: true,
      data: { draftId: 12, subject: "Vesti nedelje", audience: "all", subscriberIds: [] },
    });
  });

  it("needs picked recipients when sending to picked ones, and a generated newsletter", () => {
    const message = "Molimo prvo generisite newsletter i odaberite primaoce";
    expect(
      parseForm(sendSchema, form([...base, ["audience", "selected"]]), { lists: ["subscriberIds"] }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { subscriberIds: message },
    });
    expect(
      parseForm(
        sendSchema,
        form([
          ["subject", "x"],
          ["audience", "all"],
        ]),
        { lists: ["subscriberIds"] },
      ),
    ).toMatchObject({ ok: false, fieldErrors: { draftId: message } });
    expect(
      parseForm(
        sendSchema,
        form([...base, ["audience", "selected"], ["subscriberIds", "5"], ["subscriberIds", "5"]]),
        {
          lists: ["subscriberIds"],
        },
      ),
    ).toMatchObject({ ok: true, data: { subscriberIds: [5] } });
  });

  it("needs a subject", () => {
    expect(
      parseForm(
        sendSchema,
        form([
          ["draftId", "1"],
          ["subject", "  "],
          ["audience", "all"],
        ]),
        { lists: ["subscriberIds"] },
      ),
    ).toMatchObject({ ok: false, fieldErrors: { subject: "Unesite naslov email-a" } });
  });
});

describe("maskEmail", () => {
  it("shows enough to recognise an address, not to harvest it", () => {
    expect(maskEmail("marko.petrovic@example.com")).toBe("ma•••@example.com");
    expect(maskEmail("ana@example.com")).toBe("a•••@example.com");
    expect(maskEmail("nije-adresa")).toBe("•••");
  });
});
