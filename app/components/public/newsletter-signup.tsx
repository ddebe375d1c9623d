import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
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
 * /newsletter, so it works without JavaScript; with it, the answer appears in place (a fetcher) and
 * the page is not reloaded.
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
  const fetcher = useFetcher<SignupResponse>({ key: `newsletter-signup-${idPrefix}` });
  const result = fetcher.data ?? initial ?? null;
  const busy = fetcher.state !== "idle";
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = `${idPrefix}-email`;
  const messageId = `${idPrefix}-message`;
  const invalid = Boolean(result && !result.ok && result.fieldErrors?.email);

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    if (fetcher.data.ok) formRef.current?.reset();
    else inputRef.current?.focus();
  }, [fetcher.data, fetcher.state]);

  const typed = typeof result?.values?.email === "string" && !result.ok ? result.values.email : undefined;
  const dark = tone === "dark";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      noValidate
      defaultShouldRevalidate={false}
      className="relative w-full"
      aria-describedby={result ? messageId : undefined}
    >
      <HoneypotField />
      <label
        htmlFor={inputId}
        className={cn("mb-1 block text-sm font-medium", dark ? "text-white" : "text-slate-700")}
      >
        Adresa za newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          key={typed ?? "empty"}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          required
          defaultValue={typed}
          placeholder="ime@primer.com"
          aria-invalid={invalid || undefined}
          aria-describedby={result ? messageId : undefined}
          className={cn(
            "block min-h-11 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 sm:text-sm",
            invalid ? "border-red-400" : "border-slate-300",
          )}
        />
        <button
          type="submit"
          disabled={busy}
          className={cn(
            buttonClass("primary", "md", "min-h-11 shrink-0"),
            dark && "bg-amber-400 text-slate-900 hover:bg-amber-300 focus-visible:outline-amber-300",
          )}
        >
          {busy ? "Prijava…" : "Prijavi se"}
        </button>
      </div>
      <p
        id={messageId}
        role={result && !result.ok ? "alert" : "status"}
        aria-live="polite"
        className={cn(
          "mt-2 min-h-5 text-sm font-medium",
          !result
            ? ""
            : result.ok
              ? dark
                ? "text-emerald-300"
                : "text-emerald-700"
              : dark
                ? "text-red-300"
                : "text-red-600",
        )}
      >
        {result?.message ?? ""}
      </p>
    </fetcher.Form>
  );
}
