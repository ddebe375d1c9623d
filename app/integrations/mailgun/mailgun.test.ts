import { describe, expect, it } from "vitest";
import { parseMultipart } from "../../../tests/support/fake-mailgun";
import { encodeMultipart, mailgunFields } from "./mailgun.server";
import { personalize } from "./outbox.server";

describe("Mailgun message fields (spec §7)", () => {
  const fields = mailgunFields({
    kind: "newsletter",
    from: "Balkan Vozači <newsletter@mg.example.com>",
    replyTo: "redakcija@example.com",
    to: ["a@example.com", "b@example.com"],
    subject: "Vesti",
    html: '<a href="%recipient.unsubscribe_url%">Odjava</a>',
    text: "Odjava: %recipient.unsubscribe_url%",
    recipientVariables: {
      "a@example.com": { unsubscribe_url: "https://x.test/o?id=1&token=a" },
      "b@example.com": { unsubscribe_url: "https://x.test/o?id=2&token=b" },
    },
    headers: {
      "List-Unsubscribe": "<%recipient.unsubscribe_url%>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    tracking: true,
    tags: ["newsletter"],
    reference: "nl-4-2",
  });

  it("names every field as Mailgun expects", () => {
    const names = fields.map(([name]) => name);
    expect(names).toEqual([
      "from",
      "to",
      "to",
      "subject",
      "html",
      "text",
      "h:Reply-To",
      "h:List-Unsubscribe",
      "h:List-Unsubscribe-Post",
      "recipient-variables",
      "o:tracking",
      "o:tracking-opens",
      "o:tracking-clicks",
      "o:tag",
      "v:bv_reference",
    ]);
    expect(Object.fromEntries(fields)["o:tracking-clicks"]).toBe("yes");
    expect(JSON.parse(Object.fromEntries(fields)["recipient-variables"])).toHaveProperty("b@example.com");
  });

  it("encodes a multipart body that a strict reader gets back field by field, UTF-8 included", () => {
    const { body, contentType } = encodeMultipart(fields);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----bv[0-9a-f]{32}$/);
    expect(parseMultipart(Buffer.from(body, "utf8"), contentType)).toEqual(fields);
    expect(parseMultipart(Buffer.from("nonsense"), contentType)).toBeNull();
  });

  it("fills recipient variables as the provider does, leaving unknown ones", () => {
    expect(personalize("Za %recipient.name%: %recipient.x%", { name: "Marko" })).toBe(
      "Za Marko: %recipient.x%",
    );
  });
});
