import { useEffect, useState } from "react";
import { cn } from "./cn";

export type NoticeTone = "success" | "error" | "info" | "warning";

const tones: Record<NoticeTone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-sky-200 bg-sky-50 text-sky-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
};

/**
 * The success/error message pattern: errors are announced assertively, the rest politely.
 * With `vanishAfterMs` the message hides itself (spec: settings messages vanish after 3 s).
 */
export function Notice({
  tone,
  message,
  vanishAfterMs,
  className,
}: {
  tone: NoticeTone;
  message: string | null | undefined;
  vanishAfterMs?: number;
  className?: string;
}) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!vanishAfterMs || !message) return;
    const timer = setTimeout(() => setVisible(false), vanishAfterMs);
    return () => clearTimeout(timer);
  }, [message, vanishAfterMs]);
  if (!message || !visible) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-3 text-sm font-medium", tones[tone], className)}
    >
      {message}
    </div>
  );
}

/** What an action returns for the notice: a message and whether it was a success. */
export type ActionMessage = { ok: boolean; message: string };

/** The one-time message a redirect left in the flash cookie (read by the page's loader). */
export function FlashNotice({
  flash,
  vanishAfterMs,
  className,
}: {
  flash: { tone: NoticeTone; message: string } | null | undefined;
  vanishAfterMs?: number;
  className?: string;
}) {
  if (!flash) return null;
  return (
    <Notice tone={flash.tone} message={flash.message} vanishAfterMs={vanishAfterMs} className={className} />
  );
}
