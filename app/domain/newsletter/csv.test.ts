import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDateTime, csvRow, SUBSCRIBER_CSV_HEADER, subscriberCsvLine } from "./csv";

describe("csvCell", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("marko@example.com")).toBe("marko@example.com");
    expect(csvCell(42)).toBe("42");
    expect(csvCell("Šabac, Čačak".slice(0, 5))).toBe("Šabac");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes cells with commas, quotes and line breaks and doubles the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('kaže "zdravo"')).toBe('"kaže ""zdravo"""');
    expect(csvCell("red\nred")).toBe('"red\nred"');
    expect(csvCell("red\r\nred")).toBe('"red\r\nred"');
    expect(csvCell(" razmak")).toBe('" razmak"');
  });

  it("defuses every cell a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
  });

  it("does not touch a formula character inside the text or a negative number", () => {
    expect(csvCell("a=b@c.com")).toBe("a=b@c.com");
    expect(csvCell(-5)).toBe("-5");
  });
});

describe("csvRow and the subscriber line", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
    expect(CSV_BOM).toBe("\uFEFF");
    expect(csvRow([...SUBSCRIBER_CSV_HEADER])).toBe(
      "ID,Email,Status,Izvor,Pretplaćen,Odjavljen,Ažuriran,Brevo ID\r\n",
    );
  });

  it("writes a subscriber with New York times and its status in words", () => {
    const line = subscriberCsvLine({
      id: 7,
      email: "=cmd@example.com",
      isActive: false,
      source: "website",
      subscribedAt: new Date("2026-01-15T04:30:00Z"),
      unsubscribedAt: new Date("2026-07-04T16:00:00Z"),
      updatedAt: new Date("2026-07-04T16:00:00Z"),
      brevoContactId: null,
    });
    expect(line).toBe(
      "7,'=cmd@example.com,neaktivan,website,2026-01-14 23:30,2026-07-04 12:00,2026-07-04 12:00,\r\n",
    );
  });

  it("gives an empty cell for a missing or invalid date", () => {
    expect(csvDateTime(null)).toBe("");
    expect(csvDateTime("nije datum")).toBe("");
  });
});
