import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idField } from "~/lib/form";
import { errorMessage, failure, unknownIntent } from "./errors";
import { FLASH_COOKIE, readFlash, redirectWithFlash } from "./flash.server";
import { parseIntent } from "./intent";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), userId: idField("Korisnik nije pronađen.") }),
  z.object({ intent: z.literal("create"), name: z.string().min(1, "Obavezno polje") }),
]);

const form = (entries: Record<string, string>) => new URLSearchParams(entries);

describe("parseIntent", () => {
  it("gives the typed values of the intent's own schema", () => {
    const parsed = parseIntent(schema, form({ intent: "toggle", userId: "12" }));
    expect(parsed).toMatchObject({ ok: true, intent: "toggle", data: { intent: "toggle", userId: 12 } });
  });

  it("a known intent with bad fields gives the field errors and the values as typed", () => {
    const parsed = parseIntent(schema, form({ intent: "toggle", userId: "x1" }));
    expect(parsed).toMatchObject({
      ok: false,
      known: true,
      intent: "toggle",
      fieldErrors: { userId: "Korisnik nije pronađen." },
      values: { intent: "toggle", userId: "x1" },
    });
  });

  it("an intent no schema knows (or none) is unknown", () => {
    expect(parseIntent(schema, form({ intent: "drop" }))).toMatchObject({
      ok: false,
      known: false,
      intent: "drop",
    });
    expect(parseIntent(schema, form({}))).toMatchObject({ ok: false, known: false, intent: "" });
  });
});

describe("error table", () => {
  it("answers a code with its status and the spec's text", async () => {
    const reply = unknownIntent({ intent: "drop" });
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({
      intent: "drop",
      ok: false,
      code: "unknown_intent",
      message: "Nepoznata akcija.",
    });
    expect(failure("rate_limited", { detail: "7" }).init?.status).toBe(429);
    expect(errorMessage("rate_limited", "7")).toBe("Poslali ste previše zahteva. Pokušajte ponovo za 7 min.");
    expect(failure("article.delete_failed", { status: 404 }).init?.status).toBe(404);
  });
});

describe("flash cookie", () => {
  it("a redirect leaves the code; the next request reads it once and deletes it", () => {
    const request = new Request("https://example.com/admin/articles/new", { method: "POST" });
    const response = redirectWithFlash(request, "/admin/articles", "article.deleted");
    expect(response.headers.get("Location")).toBe("/admin/articles");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(
      /^bv_flash=article\.deleted; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60; Secure$/,
    );

    const next = new Request("https://example.com/admin/articles", {
      headers: { Cookie: `other=1; ${FLASH_COOKIE}=article.deleted` },
    });
    const { flash, headers } = readFlash(next);
    expect(flash).toEqual({ code: "article.deleted", tone: "success", message: "Članak je obrisan." });
    expect(headers.get("Set-Cookie")).toMatch(/^bv_flash=; .*Max-Age=0/);
  });

  it("an unknown code shows nothing and is deleted; no cookie, no header", () => {
    const forged = readFlash(new Request("http://x/", { headers: { Cookie: `${FLASH_COOKIE}=<script>` } }));
    expect(forged.flash).toBeNull();
    expect(forged.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    const none = readFlash(new Request("http://x/"));
    expect(none.flash).toBeNull();
    expect(none.headers.get("Set-Cookie")).toBeNull();
  });
});
