/**
 * One status vocabulary for every badge of the back office: a status's colour is the same on every
 * screen (waiting is amber, done is green, refused or failed is red, finished or off is grey); the
 * words come from the area, since Serbian agrees them with the noun ("Odobren oglas", "Odobrena
 * tema").
 */
import { Badge, type BadgeTone } from "./badge";

export const STATUS_TONES = {
  // moderation (forum, listings, company requests)
  pending: "warning",
  approved: "success",
  rejected: "danger",
  expired: "neutral",
  // payments
  paid: "success",
  failed: "danger",
  refunded: "neutral",
  disputed: "danger",
  // articles
  publish: "success",
  draft: "warning",
  scheduled: "info",
  // staff accounts
  active: "success",
  inactive: "neutral",
  // durable work (newsletter sends)
  queued: "info",
  sending: "info",
  done: "success",
  cancelled: "warning",
} as const satisfies Record<string, BadgeTone>;

export type KnownStatus = keyof typeof STATUS_TONES;

export function statusTone(status: string): BadgeTone {
  return (STATUS_TONES as Record<string, BadgeTone>)[status] ?? "neutral";
}

/** A status in its colour; a status outside the vocabulary shows neutral, as it is. */
export function StatusBadge<S extends string>({
  status,
  labels,
  tone,
}: {
  status: S;
  labels: Partial<Record<S, string>>;
  /** Only where a screen's status word means something else than the vocabulary's. */
  tone?: BadgeTone;
}) {
  return <Badge tone={tone ?? statusTone(status)}>{labels[status] ?? status}</Badge>;
}

/** "Aktivan" / "Neaktivan", agreed with the noun: a user or subscriber (masculine), a company (feminine). */
const ACTIVE_WORDS = {
  masculine: { active: "Aktivan", inactive: "Neaktivan" },
  feminine: { active: "Aktivna", inactive: "Neaktivna" },
} as const;

export function ActiveBadge({
  active,
  gender = "masculine",
}: {
  active: boolean;
  gender?: keyof typeof ACTIVE_WORDS;
}) {
  return <StatusBadge status={active ? "active" : "inactive"} labels={ACTIVE_WORDS[gender]} />;
}
