import { type ReactNode, type RefObject, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";

/**
 * The page of a public form (`/kompanije/nova`, `/forum/nova`, `/poslovi/novi`, `/kupoprodaja/novi`):
 * the way back, the title, the intro (and a smaller note), then the form.
 */
/** A public form's state: sending while its post is out; after an answer, its first field in error focused. */
export function usePublicFormState(actionData: unknown) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData);
  return { sending: navigation.state === "submitting", formRef };
}

export function PublicFormPage({
  back,
  title,
  intro,
  note,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  intro: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to={back.to} className="text-brand-700 hover:underline">
          {back.label}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {note ? <p className="mt-1 text-sm text-slate-500">{note}</p> : null}
      {children}
    </div>
  );
}

/**
 * A public form as a plain post (decision 065): the refusal's message on top, the honeypot, the
 * fields, and the submit button ("Slanje…" while sending).
 */
export function PublicForm({
  formRef,
  encType,
  className,
  message,
  submit,
  sending,
  children,
}: {
  formRef?: RefObject<HTMLFormElement | null>;
  encType?: "multipart/form-data";
  /** The spacing of the fields, e.g. `space-y-5`. */
  className: string;
  message: string | undefined;
  submit: string;
  sending?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      ref={formRef}
      method="post"
      encType={encType}
      noValidate
      className={cn("mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}
    >
      <Notice tone="error" message={message} />
      <HoneypotField />
      {children}
      <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")} disabled={sending}>
        {sending ? "Slanje…" : submit}
      </button>
    </Form>
  );
}

/** The thank-you screen after a public form: a green box with its title and text, then `children`. */
export function SentPanel({
  title,
  text,
  children,
}: {
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center">
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-8">
        <h1 className="text-2xl font-bold text-emerald-900">{title}</h1>
        <p className="mt-2 text-emerald-900">{text}</p>
      </div>
      {children}
    </div>
  );
}

/** The two ways on after a sent form: back to the list, and the same form again. */
export function SentLinks({
  back,
  again,
}: {
  back: { to: string; label: string };
  again: { to: string; label: string; reloadDocument?: boolean };
}) {
  return (
    <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
      <Link to={back.to} className={buttonClass("primary", "md")}>
        {back.label}
      </Link>
      <Link to={again.to} reloadDocument={again.reloadDocument} className={buttonClass("secondary", "md")}>
        {again.label}
      </Link>
    </div>
  );
}
