/**
 * Who newsletters come from (spec §7): the "newsletter" address on the sending domain; transactional
 * mail (the test e-mail) comes from "noreply" on the same domain. Replies go to the site's contact
 * address when one is set.
 */
export function newsletterFrom(siteName: string, domain: string): string {
  return `${displayName(siteName)} <newsletter@${domain}>`;
}

export function transactionalFrom(siteName: string, domain: string): string {
  return `${displayName(siteName)} <noreply@${domain}>`;
}

export function replyToAddress(contactEmail: string | null | undefined, domain: string): string {
  return contactEmail?.trim() || `newsletter@${domain}`;
}

/** A display name safe inside `Name <address>`: no quotes, angle brackets or line breaks. */
function displayName(name: string): string {
  return name.replace(/["<>\r\n]/g, "").trim() || "Balkan Vozači";
}
