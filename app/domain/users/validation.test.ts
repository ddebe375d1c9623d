import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { fieldMessage } from "~/messages/fields";
import { deleteErrorMessage, USER_MESSAGES, userDeletedMessage } from "~/messages/users";
import { type CreateUserValues, createUserFormSchema, validateCreateUser } from "./validation";

const valid: CreateUserValues = {
  email: "  Marko.Petrovic@Example.COM ",
  password: "tajna-lozinka",
  firstName: "Marko",
  lastName: "Petrović",
  role: "editor",
};

describe("create user validation (spec §5)", () => {
  it("accepts a complete form and lowercases the e-mail", () => {
    const result = validateCreateUser(valid);
    expect(result).toEqual({
      ok: true,
      data: {
        email: "marko.petrovic@example.com",
        password: "tajna-lozinka",
        firstName: "Marko",
        lastName: "Petrović",
        role: "editor",
      },
    });
  });

  it.each(["email", "password", "firstName", "lastName"] as const)(
    "requires %s with 'Sva polja su obavezna'",
    (field) => {
      const result = validateCreateUser({ ...valid, [field]: "   " });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(fieldMessage(result.formError)).toBe("Sva polja su obavezna");
        expect(Object.keys(result.fieldErrors)).toEqual([field]);
      }
    },
  );

  it("needs a password of at least 8 characters", () => {
    const short = validateCreateUser({ ...valid, password: "1234567" });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(fieldMessage(short.formError)).toBe("Lozinka mora imati najmanje 8 karaktera");
    expect(validateCreateUser({ ...valid, password: "12345678" }).ok).toBe(true);
  });

  it("rejects an e-mail that is not one", () => {
    const result = validateCreateUser({ ...valid, email: "marko" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(fieldMessage(result.fieldErrors.email ?? "")).toBe(USER_MESSAGES.emailInvalid);
  });

  it("defaults an unknown role to editor and keeps admin", () => {
    const odd = validateCreateUser({ ...valid, role: "superuser" });
    expect(odd.ok && odd.data.role).toBe("editor");
    const admin = validateCreateUser({ ...valid, role: "admin" });
    expect(admin.ok && admin.data.role).toBe("admin");
  });
});

describe("user messages (spec §8)", () => {
  it("chooses the delete message by database error code", () => {
    expect(deleteErrorMessage("23503", "fk")).toBe(
      "Ne može se obrisati korisnik jer postoje povezani zapisi u bazi podataka. Kontaktirajte administratora.",
    );
    expect(deleteErrorMessage("42501", "denied")).toBe("Nemate dozvolu za brisanje ovog korisnika.");
    expect(deleteErrorMessage("XX000", "boom")).toBe("Greška baze podataka: boom");
  });

  it("names the deleted user", () => {
    expect(userDeletedMessage("Ana", "Jović")).toBe("Korisnik Ana Jović je uspešno obrisan");
  });
});

describe("the create-user form schema (parseForm)", () => {
  it("gives the form's message, each field's message and the values without the password", () => {
    const form = new FormData();
    form.set("email", "Ana@Example.com");
    form.set("password", "kratka");
    form.set("firstName", "Ana");
    const parsed = parseForm(createUserFormSchema, form, { secret: ["password"] });
    expect(parsed).toMatchObject({
      ok: false,
      formError: "Sva polja su obavezna",
      fieldErrors: { lastName: "Obavezno polje" },
      values: { email: "Ana@Example.com", firstName: "Ana" },
    });
    expect(parsed.values).not.toHaveProperty("password");
    form.set("lastName", "Anić");
    expect(parseForm(createUserFormSchema, form)).toMatchObject({
      ok: false,
      formError: "Lozinka mora imati najmanje 8 karaktera",
      fieldErrors: { password: "Lozinka mora imati najmanje 8 karaktera" },
    });
    form.set("password", "dovoljno-duga");
    expect(parseForm(createUserFormSchema, form)).toMatchObject({
      ok: true,
      data: { email: "ana@example.com", role: "editor" },
    });
  });
});
