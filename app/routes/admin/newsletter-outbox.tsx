import { data, Form, Link } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { NewsletterPreview } from "~/components/newsletter/preview";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { requirePermission } from "~/http/auth.server";
import { isOutboxId, personalize } from "~/integrations/mailgun/outbox.server";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getMail, getOutbox } from "~/services.server";
import type { Route } from "./+types/newsletter-outbox";

export const meta: Route.MetaFunction = () => [{ title: "Lokalni outbox — Newsletter — Admin panel" }];

const PER_PAGE = 20;
const RECIPIENTS_SHOWN = 50;

/**
 * The local outbox: every message kept instead of sent while Mailgun is not configured, newest
 * first, and one of them as a chosen recipient would see it (their own unsubscribe link and
 * headers filled in, as the provider would).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const params = new URL(request.url).searchParams;
  const page = parsePage(params.get("page"));
  const outbox = getOutbox();
  const messageId = params.get("otvori");
  try {
    const list = await outbox.list({ page, perPage: PER_PAGE });
    let open = null;
    if (messageId) {
      const message = isOutboxId(messageId) ? await outbox.read(messageId) : null;
      if (!message) throw data({ message: "Poruka nije pronađena u outboxu." }, { status: 404 });
      const asked = (params.get("primalac") ?? "").trim().toLowerCase();
      const recipient = message.to.includes(asked) ? asked : message.to[0];
      const vars = message.recipientVariables?.[recipient];
      open = {
        id: message.id,
        createdAt: message.createdAt,
        kind: message.kind,
        from: message.from,
        replyTo: message.replyTo ?? null,
        subject: personalize(message.subject, vars),
        recipient,
        recipients: message.to.length,
        firstRecipients: message.to.slice(0, RECIPIENTS_SHOWN),
        askedMissing: asked !== "" && asked !== recipient,
        headers: Object.entries(message.headers ?? {}).map(
          ([name, value]) => [name, personalize(value, vars)] as const,
        ),
        html: personalize(message.html, vars),
        text: personalize(message.text, vars),
      };
    }
    return { items: list.items, total: list.total, page, open, sending: getMail().name };
  } catch (error) {
    if (error instanceof Response || (error as { type?: string })?.type === "DataWithResponseInit")
      throw error;
    logger.error({ err: error }, "the local outbox could not be read");
    return { items: [], total: 0, page, open: null, sending: getMail().name, failed: true };
  }
}

type OpenMessage = NonNullable<Route.ComponentProps["loaderData"]["open"]>;

/** One saved message as its recipient would see it, with its headers. */
function OutboxMessage({ message }: { message: OpenMessage }) {
  return (
    <Card className="space-y-4 p-4" data-testid="outbox-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="break-words text-lg font-semibold text-slate-900">{message.subject}</h2>
        <Badge tone="warning">Nije poslato</Badge>
      </div>
      <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="otvori" value={message.id} />
        <div className="flex-1">
          <label htmlFor="primalac" className="block text-sm font-medium text-slate-700">
            Prikaži kako je vidi primalac ({message.recipients} u ovoj poruci)
          </label>
          <Input
            id="primalac"
            name="primalac"
            list="outbox-recipients"
            defaultValue={message.recipient}
            type="email"
          />
          <datalist id="outbox-recipients">
            {message.firstRecipients.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="secondary">
          Prikaži
        </Button>
      </Form>
      {message.askedMissing ? (
        <Notice tone="warning" message="Ta adresa nije u ovoj poruci; prikazan je prvi primalac." />
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Od</dt>
        <dd className="break-all">{message.from}</dd>
        <dt className="text-slate-500">Za</dt>
        <dd className="break-all" data-testid="outbox-recipient">
          {message.recipient}
        </dd>
        {message.replyTo ? (
          <>
            <dt className="text-slate-500">Odgovor na</dt>
            <dd className="break-all">{message.replyTo}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Sačuvano</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        {message.headers.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">{name}</dt>
            <dd className="break-all font-mono text-xs" data-testid={`outbox-header-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <NewsletterPreview html={message.html} text={message.text} />
    </Card>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { items, total, page, open, sending } = loaderData;
  const failed = "failed" in loaderData && loaderData.failed;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lokalni outbox"
        description="Poruke koje su sačuvane umesto poslate, dok Mailgun nije podešen. Niko ih nije primio."
        actions={
          <ButtonLink variant="secondary" to="/admin/newsletter">
            ‹ Newsletter
          </ButtonLink>
        }
      />
      {sending === "mailgun" ? (
        <Notice
          tone="info"
          message="Mailgun je sada podešen: nove poruke se šalju, a ovde su ostale starije, neposlate poruke."
        />
      ) : null}
      {failed ? <Notice tone="error" message="Outbox trenutno nije moguće pročitati." /> : null}
      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <Card className="overflow-hidden">
          <h2 className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
            Poruke ({total})
          </h2>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500">Outbox je prazan.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`?otvori=${item.id}${page > 1 ? `&page=${page}` : ""}`}
                    className={`block px-4 py-3 hover:bg-slate-50 ${open?.id === item.id ? "bg-brand-50" : ""}`}
                    aria-current={open?.id === item.id ? "true" : undefined}
                  >
                    <p className="break-words text-sm font-medium text-slate-900">{item.subject}</p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {formatDateTime(item.createdAt)} · {item.recipients}{" "}
                      {item.recipients === 1 ? "primalac" : "primalaca"} ·{" "}
                      {item.kind === "newsletter" ? "newsletter" : "test"}
                    </p>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="p-3">
            <Pagination page={page} totalPages={totalPagesOf(total, PER_PAGE)} />
          </div>
        </Card>
        {open ? (
          <OutboxMessage message={open} />
        ) : (
          <Card className="p-6 text-sm text-slate-500">Izaberite poruku sa spiska da je pregledate.</Card>
        )}
      </div>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
