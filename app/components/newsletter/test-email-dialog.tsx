import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Modal } from "./modal";

type Result = { intent: string; ok: boolean; message: string; fieldErrors?: { email?: string } };

/** A test e-mail to one address from the transactional ("noreply") sender. */
export function TestEmailDialog({
  open,
  onOpenChange,
  provider,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  provider: { name: string; domain: string };
}) {
  const fetcher = useFetcher<Result>({ key: "newsletter-test-email" });
  const [shown, setShown] = useState<Result | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      setShown(fetcher.data);
      if (fetcher.data.fieldErrors?.email) document.getElementById("test-email-address")?.focus();
    }
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (!open) setShown(null);
  }, [open]);

  const error = shown?.fieldErrors?.email;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Test email"
      description={
        provider.name === "mailgun"
          ? `Šalje se preko Mailgun-a sa adrese noreply@${provider.domain}.`
          : "Mailgun nije podešen: poruka se čuva u lokalnom outboxu i ne šalje se."
      }
    >
      <fetcher.Form method="post" action="/admin/newsletter" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="test-email" />
        {shown && !error ? <Notice tone={shown.ok ? "success" : "error"} message={shown.message} /> : null}
        <Field id="test-email-address" label="Email adresa" error={error}>
          <Input
            id="test-email-address"
            name="email"
            type="email"
            autoComplete="email"
            invalid={Boolean(error)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Slanje…" : "Pošalji test email"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
