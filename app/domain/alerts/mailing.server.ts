/**
 * The listing alerts as a mailing of the newsletter's send machinery (docs/decisions/303): a run is
 * a send (kind `alerts`, audience `daily` | `instant`) whose recipients are alerts. Freezing it
 * matches, in one statement, every confirmed alert of the run's frequency with the listings
 * approved since it was confirmed that it has not been sent yet, records each pair in
 * `listing_alert_matches` (its primary key keeps a pair to one send for ever) and writes the
 * batches of the alerts that got something — in the transaction that starts the send. The batches
 * are then walked like a newsletter's: exactly once, resumable, settled after a crash.
 *
 * One e-mail per alert per run. An address with several alerts is in several batches (Mailgun's
 * recipient variables are keyed by address, so a batch holds an address once). Every recipient gets
 * their own list, subject and links, in their own script, through recipient variables over one
 * template: the HTML layout is rendered once per execution, the lists are plain strings.
 */
import { render } from "@react-email/render";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { type AlertFrequency, listingAlertMatches, listingAlerts, listings } from "~/db/schema";
import { textInScript } from "~/domain/cyrillic/html";
import type { Script } from "~/domain/cyrillic/urls";
import { urlInScript } from "~/domain/cyrillic/urls";
import { formatPay, formatPlace, formatPrice, listingPath } from "~/domain/listings/format";
import { KIND_SECTIONS, type ListingKind, SALE_CATEGORY_LABELS } from "~/domain/listings/options";
import { NoticeEmail } from "~/domain/newsletter/email/notice-email";
import type { Mailing, Recipient } from "~/domain/newsletter/mailing";
import { batchReference } from "~/domain/newsletter/send-batches.server";
import { replyToAddress, transactionalFrom } from "~/domain/newsletter/senders";
import { codes, withDetail } from "~/domain/result";
import { getSettings } from "~/domain/settings/settings.server";
import { escapeHtml } from "~/lib/escape-html";
import { alertSummary } from "./alerts.server";
import { type AlertFilters, filterParams, filtersOf } from "./filters";
import { alertLinksFor } from "./links.server";
import { countNew, LOOKBACK_DAYS, MAX_LISTINGS_PER_EMAIL } from "./options";

/**
 * What a failed alert send records (decision 271): a code with the reason as its detail
 * (`"alert.send_failed:Mailgun 500: …"`); the alerts screen says the words through the error table.
 */
export const ALERT_SEND_FAILED = codes("alert", ["send_failed"]).send_failed;

/** A listing as an alert e-mail lists it. */
export type AlertListing = {
  id: number;
  kind: ListingKind;
  title: string;
  line: string;
  price: string | null;
};

export type AlertRecipient = Recipient & {
  script: Script;
  filters: AlertFilters;
  listings: AlertListing[];
  /** Matching listings of this run beyond the ones listed. */
  more: number;
};

/**
 * The listings one alert may be sent: live, not filled or sold, approved after the alert was
 * confirmed (and within the lookback), and matching its filters — the list's filters
 * (domain/listings/public-lists.server.ts), written against the alert's columns.
 */
function matchesAlert(now: Date) {
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString();
  return sql`
    l.kind = a.kind
    and l.status = 'approved' and l.expires_at > ${now.toISOString()}::timestamptz
    and l.filled_at is null and l.revision_of is null
    and l.approved_at > a.confirmed_at and l.approved_at > ${since}::timestamptz
    and (a.q_pattern is null or l.search_text like a.q_pattern)
    and (a.state is null or l.state = a.state)
    and (a.route_type is null or l.route_type = a.route_type)
    and (a.position is null or l.position = a.position)
    and (a.equipment is null or l.equipment @> array[a.equipment])
    and (a.sale_category is null or l.sale_category = a.sale_category)
    and (a.price_min is null or l.price_cents >= a.price_min * 100)
    and (a.price_max is null or l.price_cents <= a.price_max * 100)
    and (a.year_min is null or l.year >= a.year_min)
    and (a.year_max is null or l.year <= a.year_max)`;
}

export const alertMailing: Mailing<AlertRecipient> = {
  async freeze(tx, send, batchSize) {
    const frequency = send.audience as AlertFrequency;
    const now = new Date();
    await tx.execute(sql`
      with matched as (
        insert into listing_alert_matches (alert_id, listing_id, send_id, created_at)
        select a.id, l.id, ${send.id}, ${now.toISOString()}::timestamptz
        from listing_alerts a join listings l on ${matchesAlert(now)}
        where a.status = 'active' and a.frequency = ${frequency}
        on conflict do nothing
        returning alert_id
      ),
      recipients as (
        select distinct a.id, a.email from matched m join listing_alerts a on a.id = m.alert_id
      ),
      rounds as (
        select id, row_number() over (partition by email order by id) as round from recipients
      ),
      chunks as (
        select id, round, (row_number() over (partition by round order by id) - 1) / ${batchSize} as chunk
        from rounds
      )
      insert into newsletter_send_batches (send_id, batch_no, recipient_ids)
      select ${send.id}, row_number() over (order by round, chunk), jsonb_agg(id order by id)
      from chunks
      group by round, chunk`);
  },

  /**
   * A batch's alerts that still exist and are active, each with the listings this send froze for
   * it that are still live (an alert whose listings all went is left out, like one deleted).
   */
  async recipients(db, batch) {
    const now = new Date();
    const alerts = await db
      .select()
      .from(listingAlerts)
      .where(
        and(
          sql`${listingAlerts.id} in (select (jsonb_array_elements_text(b.recipient_ids))::int from newsletter_send_batches b where b.id = ${batch.id})`,
          eq(listingAlerts.status, "active"),
        ),
      )
      .orderBy(asc(listingAlerts.id));
    if (alerts.length === 0) return [];
    const rows = await db
      .select({
        alertId: listingAlertMatches.alertId,
        id: listings.id,
        kind: listings.kind,
        title: listings.title,
        city: listings.city,
        state: listings.state,
        companyName: listings.companyName,
        payMin: listings.payMin,
        payMax: listings.payMax,
        payUnit: listings.payUnit,
        saleCategory: listings.saleCategory,
        priceCents: listings.priceCents,
      })
      .from(listingAlertMatches)
      .innerJoin(listings, eq(listings.id, listingAlertMatches.listingId))
      .where(
        and(
          eq(listingAlertMatches.sendId, batch.sendId),
          inArray(
            listingAlertMatches.alertId,
            alerts.map((a) => a.id),
          ),
          eq(listings.status, "approved"),
          gt(listings.expiresAt, now),
          isNull(listings.filledAt),
        ),
      )
      .orderBy(asc(listingAlertMatches.alertId), desc(listings.approvedAt), desc(listings.id));
    const byAlert = new Map<number, AlertListing[]>();
    for (const r of rows) {
      const list = byAlert.get(r.alertId) ?? [];
      list.push({
        id: r.id,
        kind: r.kind,
        title: r.title,
        line:
          r.kind === "job"
            ? [r.companyName, formatPlace(r.city, r.state)].filter(Boolean).join(" · ")
            : [r.saleCategory ? SALE_CATEGORY_LABELS[r.saleCategory] : null, formatPlace(r.city, r.state)]
                .filter(Boolean)
                .join(" · "),
        price: r.kind === "job" ? formatPay(r.payMin, r.payMax, r.payUnit) : formatPrice(r.priceCents),
      });
      byAlert.set(r.alertId, list);
    }
    return alerts.flatMap((alert) => {
      const found = byAlert.get(alert.id) ?? [];
      if (found.length === 0) return [];
      return [
        {
          id: alert.id,
          email: alert.email,
          script: alert.script,
          filters: filtersOf(alert),
          listings: found.slice(0, MAX_LISTINGS_PER_EMAIL),
          more: Math.max(0, found.length - MAX_LISTINGS_PER_EMAIL),
        },
      ];
    });
  },

  async renderer(db, send, mail) {
    const settings = await getSettings(db);
    const links = await alertLinksFor(db, send.origin);
    const latin = (text: string, script: Script) => textInScript(text, script, settings.latinOnlyWords);
    const from = transactionalFrom(settings.siteName, mail.domain);
    const replyTo = replyToAddress(settings.contactEmail, mail.domain);
    const { html, text } = await alertTemplate(settings.siteName);
    return (batchNo, recipients) => ({
      kind: "transactional",
      from,
      replyTo,
      to: recipients.map((r) => r.email),
      subject: "%recipient.subject%",
      html,
      text,
      recipientVariables: Object.fromEntries(
        recipients.map((r) => [
          r.email,
          recipientVariables(r, send.origin, links, (t) => latin(t, r.script)),
        ]),
      ),
      headers: {
        "List-Unsubscribe": "<%recipient.unsubscribe_url%>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      tracking: false,
      tags: ["alert"],
      reference: batchReference(send.id, batchNo),
    });
  },

  whenEmpty: "discard",
  failureMessage: (reason) => withDetail(ALERT_SEND_FAILED, reason),
};

/** One template for every recipient of a run: every word and link is a recipient variable. */
async function alertTemplate(siteName: string): Promise<{ html: string; text: string }> {
  const html = await render(
    createElement(NoticeEmail, {
      siteName,
      siteUrl: "%recipient.site_url%",
      preview: "%recipient.preview_html%",
      heading: "%recipient.heading_html%",
      paragraphs: ["%recipient.summary_html%"],
      slot: "%recipient.listings_html%",
      action: { label: "%recipient.action_html%", url: "%recipient.list_href%" },
      notes: [
        { text: "%recipient.why_html%" },
        { link: { label: "%recipient.manage_label_html%", url: "%recipient.manage_href%" } },
        { link: { label: "%recipient.unsubscribe_label_html%", url: "%recipient.unsubscribe_href%" } },
      ],
    }),
  );
  const text = [
    "%recipient.heading%",
    "",
    "%recipient.summary%",
    "",
    "%recipient.listings_text%",
    "",
    "%recipient.action%: %recipient.list_url%",
    "",
    "%recipient.why%",
    "%recipient.manage_label%: %recipient.manage_url%",
    "%recipient.unsubscribe_label%: %recipient.unsubscribe_url%",
  ].join("\n");
  return { html, text };
}

const LISTING_STYLE = {
  item: "margin:0 0 14px;padding:0 0 12px;border-bottom:1px solid #e2e8f0",
  title: "color:#1e3a8a;font-size:16px;font-weight:700;text-decoration:none",
  line: "margin:4px 0 0;color:#334155;font-size:14px;line-height:20px",
  price: "margin:2px 0 0;color:#047857;font-size:14px;font-weight:700",
};

/** One recipient's words and links (each already in their script; `_html`: escaped for HTML). */
function recipientVariables(
  r: AlertRecipient,
  origin: string,
  links: Awaited<ReturnType<typeof alertLinksFor>>,
  inScript: (text: string) => string,
): Record<string, string> {
  const kind = r.filters.kind;
  const total = r.listings.length + r.more;
  const url = (path: string) => urlInScript(`${origin}${path}`, r.script);
  const listUrl = url(`${KIND_SECTIONS[kind].path}?${filterParams(r.filters)}`);
  const words: Record<string, string> = {
    subject: inScript(`${countNew(kind, total)} — ${alertSummary(r.filters)}`),
    preview: inScript(r.listings.map((l) => l.title).join(" · ")),
    heading: inScript(`${countNew(kind, total)} za vas`),
    summary: inScript(`Prema vašem obaveštenju (${alertSummary(r.filters)}) objavljeno je:`),
    action: inScript(r.more > 0 ? `Pogledajte sve (još ${r.more})` : "Pogledajte sve oglase"),
    why: inScript("Ovaj e-mail dobijate jer ste na sajtu prijavili i potvrdili ovo obaveštenje."),
    manage_label: inScript("Izmenite ili obrišite obaveštenje"),
    unsubscribe_label: inScript("Odjavite se jednim klikom"),
  };
  const manageUrl = links.manageUrl(r, r.script);
  const unsubscribeUrl = links.unsubscribeUrl(r, r.script);
  const items = r.listings.map((l) => ({
    url: url(listingPath(l)),
    title: inScript(l.title),
    line: inScript(l.line),
    price: l.price && inScript(l.price),
  }));
  const vars: Record<string, string> = {
    ...words,
    site_url: url("/"),
    list_url: listUrl,
    list_href: escapeHtml(listUrl),
    manage_url: manageUrl,
    manage_href: escapeHtml(manageUrl),
    unsubscribe_url: unsubscribeUrl,
    unsubscribe_href: escapeHtml(unsubscribeUrl),
    listings_html: items
      .map(
        (l) =>
          `<div style="${LISTING_STYLE.item}"><a href="${escapeHtml(l.url)}" style="${LISTING_STYLE.title}">${escapeHtml(l.title)}</a>` +
          `<p style="${LISTING_STYLE.line}">${escapeHtml(l.line)}</p>` +
          (l.price ? `<p style="${LISTING_STYLE.price}">${escapeHtml(l.price)}</p>` : "") +
          "</div>",
      )
      .join(""),
    listings_text: items
      .map((l) => [`• ${l.title}`, `  ${l.line}${l.price ? ` · ${l.price}` : ""}`, `  ${l.url}`].join("\n"))
      .join("\n\n"),
  };
  for (const [key, value] of Object.entries(words)) vars[`${key}_html`] = escapeHtml(value);
  return vars;
}

/** The runs' sends of one frequency that a failed run left unfinished (to take over). */
export const UNFINISHED_STATUSES = ["queued", "sending", "failed"] as const;
