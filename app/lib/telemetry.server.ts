/**
 * Events the operator's metrics count (server/metrics.ts), sent from where they happen without the
 * domain knowing about Prometheus: a refused rate limit, a newsletter batch's outcome, a job that
 * failed for good. With no listener (tests, command-line tools) an event costs a Set lookup.
 */
import { processGlobal } from "./process-global";
export type TelemetryEvent =
  | { type: "rate-limit-refused"; form: string }
  | { type: "newsletter-batch"; result: "sent" | "refused" | "uncertain" | "settled-sent" | "settled-unsent" }
  | { type: "job-failed"; kind: string };

type Listener = (event: TelemetryEvent) => void;

const listeners = () => processGlobal("balkan-vozaci.telemetry", () => new Set<Listener>());

export function onTelemetry(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export function emitTelemetry(event: TelemetryEvent): void {
  for (const listener of listeners()) {
    try {
      listener(event);
    } catch {
      // Counting must never break the work it counts.
    }
  }
}
