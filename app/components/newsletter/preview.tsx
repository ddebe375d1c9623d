import { useState } from "react";
import { cn } from "~/components/ui/cn";

type View = "phone" | "desktop" | "text";
const VIEWS: { id: View; label: string }[] = [
  { id: "phone", label: "Telefon" },
  { id: "desktop", label: "Desktop" },
  { id: "text", label: "Tekst" },
];

/**
 * The generated newsletter as a recipient sees it: the HTML in a sandboxed frame (no scripts, no
 * access to the admin page) at phone and at desktop width, and the plain-text part.
 */
export function NewsletterPreview({ html, text }: { html: string; text: string }) {
  const [view, setView] = useState<View>("phone");
  return (
    <div>
      <div
        role="tablist"
        aria-label="Pregled"
        className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-1"
      >
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            role="tab"
            aria-selected={view === v.id}
            onClick={() => setView(v.id)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              view === v.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-slate-100 p-2 sm:p-4">
        {view === "text" ? (
          <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded bg-white p-4 font-mono text-xs text-slate-800">
            {text}
          </pre>
        ) : (
          <iframe
            title={view === "phone" ? "Pregled newsletter-a na telefonu" : "Pregled newsletter-a na desktopu"}
            sandbox=""
            srcDoc={html}
            className="mx-auto block h-[60vh] min-h-96 rounded bg-white shadow"
            style={{ width: view === "phone" ? 375 : "100%", maxWidth: view === "phone" ? "100%" : 760 }}
          />
        )}
      </div>
    </div>
  );
}
