/**
 * `TRUST_PROXY`: which hops in front of the app may tell it the client's address and scheme
 * (`X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host`). Never "any": a client could then
 * write its own `X-Forwarded-For` and pass every per-address limit (issue 24). Accepted values:
 * - `0` (default): no proxy; the socket's address is the client's;
 * - a hop count `N` (1–10): the N nearest hops are proxies (`1`: one nginx in front);
 * - a comma-separated list of `loopback`, `linklocal`, `uniquelocal`, IP addresses and CIDR
 *   ranges: the hops whose address is in the list are proxies (`loopback` for nginx on the host).
 * The value is what Express's `trust proxy` setting takes.
 */
import net from "node:net";

export type TrustProxySetting = false | number | string[];

const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  const [address, bits, extra] = item.split("/");
  if (extra !== undefined) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** The Express setting for a `TRUST_PROXY` value, or a Serbian reason it is refused. */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxySetting } | { ok: false; reason: string } {
  const value = (raw ?? "").trim();
  if (value === "" || value === "0") return { ok: true, value: false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) return { ok: false, reason: "broj proksija mora biti od 0 do 10" };
    return { ok: true, value: hops };
  }
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !NAMED.has(item) && !isAddressOrRange(item));
  if (bad.length > 0 || items.length === 0)
    return {
      ok: false,
      reason: `nepoznato: ${bad.join(", ") || value} (zadajte 0, broj proksija, ili loopback / linklocal / uniquelocal / IP adrese i CIDR opsege, odvojene zarezom; nikad „sve“)`,
    };
  return { ok: true, value: items };
}
