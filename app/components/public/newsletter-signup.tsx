import { HoneypotField } from "~/components/honeypot-field";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/** What the signup action answers (domain/newsletter/signup.server.ts). */
export type SignupResponse = {
  ok: boolean;
  message: string;
  fieldErrors?: { email?: string };
  values?: { email?: string | string[] };
};

/**
 * The newsletter signup form (footer of every public page, and /newsletter). A real form post to
 * /newsletter, so it works without JavaScript; with it, the enhancement script posts the same
 * fields to /api/newsletter and shows the answer in place (`data-enhance="json"`).
 */
export function NewsletterSignup({
  idPrefix,
  tone = "light",
  initial,
}: {
  idPrefix: string;
  tone?: "light" | "dark";
  /** The answer of a submission without JavaScript (the /newsletter page's action data). */
  initial?: SignupResponse | null;
}) {
  const result = initial ?? null;
  const inputId = `${idPrefix}-email`;
  const messageId = `${idPrefix}-message`;
  const invalid = Boolean(result && !result.ok && result.fieldErrors?.email);
  const typed = typeof result?.values?.email === "string" && !result.ok ? result.values.email : undefined;
  const dark = tone === "dark";
  return (
    <form
      method="post"
      action="/newsletter"
      noValidate
      data-enhance="json"
      data-endpoint="/api/newsletter"
      className="relative w-full"
    >
      <HoneypotField idPrefix={idPrefix} />
      <label
        htmlFor={inputId}
        className={cn("mb-1 block text-sm font-medium", dark ? "text-white" : "text-slate-700")}
      >
        Adresa za newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          required
          defaultValue={typed}
          placeholder="ime@primer.com"
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          autoFocus={invalid || undefined}
          className={cn(
            "block min-h-11 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-400 sm:text-sm",
            "border-slate-300",
          )}
        />
        <button
          type="submit"
          data-busy-label="Prijava…"
          className={cn(
            buttonClass("primary", "md", "min-h-11 shrink-0"),
            dark && "bg-amber-400 text-slate-900 hover:bg-amber-300 focus-visible:outline-amber-300",
          )}
        >
          Prijavi se
        </button>
      </div>
      <p
        id={messageId}
        data-form-message=""
        data-state={result ? (result.ok ? "ok" : "error") : undefined}
        role={result && !result.ok ? "alert" : "status"}
        aria-live="polite"
        className={cn(
          "mt-2 min-h-5 text-sm font-medium",
          dark
            ? "data-[state=error]:text-red-300 data-[state=ok]:text-emerald-300"
            : "data-[state=error]:text-red-600 data-[state=ok]:text-emerald-700",
        )}
      >
        {result?.message ?? ""}
      </p>
    </form>
  );
}
