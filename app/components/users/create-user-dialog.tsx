/**
 * "Novi korisnik" (spec §2 Users, §5 Create user): a dialog on the form pipeline. The browser
 * checks the form with the action's own schema first ("Sva polja su obavezna", the password
 * length), so a mistake is shown at once; the server checks again and refuses a taken e-mail.
 * The password is never sent back.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ROLE_LABELS } from "~/domain/users/permissions";
import { createUserFormSchema, MIN_PASSWORD_LENGTH } from "~/domain/users/validation";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { wordsOfParsed } from "~/messages/fields";

/** What the users action answers (create, toggle, delete). */
export type UserActionData = {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: FieldErrors;
  values?: FormValues;
};

type Check = { message?: string; fieldErrors: FieldErrors; values: FormValues };

/** The five fields, with the values and errors of the last check. */
function NewUserFields({ field }: { field: { values?: FormValues; errors?: FieldErrors } }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="firstName" label="Ime" autoComplete="off" />
        <TextField {...field} name="lastName" label="Prezime" autoComplete="off" />
      </div>
      <TextField
        {...field}
        idPrefix="new"
        name="email"
        label="Email adresa"
        type="email"
        autoComplete="off"
      />
      <TextField
        {...field}
        idPrefix="new"
        name="password"
        label="Lozinka"
        type="password"
        autoComplete="new-password"
      />
      <SelectField
        {...field}
        name="role"
        label="Uloga"
        defaultValue="editor"
        options={[
          ["editor", ROLE_LABELS.editor],
          ["admin", ROLE_LABELS.admin],
        ]}
      />
    </>
  );
}

export function CreateUserDialog({ onCreated }: { onCreated: (message: string) => void }) {
  const fetcher = useFetcher<UserActionData>({ key: "create-user" });
  const [open, setOpen] = useState(false);
  const [clientCheck, setClientCheck] = useState<Check | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";

  // React to each creation once: the fetcher keeps its last result after the dialog closes.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.intent === "create" && result.ok) {
      setOpen(false);
      formRef.current?.reset();
      onCreated(result.message);
    }
  }, [fetcher.state, result, onCreated]);

  const serverFailed = result && result.intent === "create" && !result.ok ? result : null;
  const shown = clientCheck ?? serverFailed;
  useFocusFirstError(formRef, shown);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = wordsOfParsed(parseForm(createUserFormSchema, form, { secret: ["password"] }));
    if (!parsed.ok) {
      setClientCheck({ message: parsed.formError, fieldErrors: parsed.fieldErrors, values: parsed.values });
      return;
    }
    setClientCheck(null);
    fetcher.submit(form, { method: "post" });
  }

  const field = { values: shown?.values, errors: shown?.fieldErrors };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      layout="center"
      width="lg"
      trigger={<Button>+ Novi korisnik</Button>}
      title="Novi korisnik"
      description={`Sva polja su obavezna. Lozinka mora imati najmanje ${MIN_PASSWORD_LENGTH} karaktera.`}
    >
      <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <Notice tone="error" message={shown?.message} />
        <NewUserFields field={field} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Otkaži
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Kreiranje…" : "Kreiraj korisnika"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
