/**
 * The private links of an alert (docs/decisions/302): its page (confirm, change, delete) and its
 * one-click unsubscribe link (RFC 8058). Both are *derived* links (domain/secrets/access-links):
 * the alert e-mails are rendered by a resumable bulk send, which must be able to render a message
 * again after a crash, so no token is kept — it is an HMAC of the alert's id and address under a
 * server secret. Deleting the alert (or changing its address) revokes them.
 */
import type { DbOrTx } from "~/db/client.server";
import type { Script } from "~/domain/cyrillic/urls";
import { urlInScript } from "~/domain/cyrillic/urls";
import { accessSecret, deriveToken, verifyDerivedToken } from "~/domain/secrets/access-links.server";
import { ALERT_UNSUBSCRIBE_PATH, alertManagePath } from "./options";

const MANAGE = "alert-manage";
const UNSUBSCRIBE = "alert-unsubscribe";

export type AlertIdentity = { id: number; email: string };

const identity = (alert: AlertIdentity) => `${alert.id}:${alert.email}`;

/** Signs an alert's links once the secret is read (a run signs thousands). */
export function alertLinks(secret: string, origin: string) {
  return {
    manageUrl(alert: AlertIdentity, script: Script): string {
      return urlInScript(
        `${origin}${alertManagePath(alert.id, deriveToken(secret, MANAGE, identity(alert)))}`,
        script,
      );
    },
    unsubscribeUrl(alert: AlertIdentity, script: Script): string {
      const params = new URLSearchParams({
        id: String(alert.id),
        token: deriveToken(secret, UNSUBSCRIBE, identity(alert)),
      });
      return urlInScript(`${origin}${ALERT_UNSUBSCRIBE_PATH}?${params}`, script);
    },
  };
}

export async function alertLinksFor(db: DbOrTx, origin: string) {
  return alertLinks(await accessSecret(db), origin);
}

export async function verifyManageToken(db: DbOrTx, alert: AlertIdentity, token: unknown): Promise<boolean> {
  return verifyDerivedToken(await accessSecret(db), MANAGE, identity(alert), token);
}

export async function verifyUnsubscribeToken(
  db: DbOrTx,
  alert: AlertIdentity,
  token: unknown,
): Promise<boolean> {
  return verifyDerivedToken(await accessSecret(db), UNSUBSCRIBE, identity(alert), token);
}
