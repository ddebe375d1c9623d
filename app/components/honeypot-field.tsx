import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The honeypot of every public form: off-screen, hidden from screen readers and skipped by the
 * keyboard, so people leave it empty and form-filling bots do not. `idPrefix` keeps its id unique
 * on pages with two forms (the footer signup and the page's own form).
 */
export function HoneypotField({ idPrefix }: { idPrefix?: string }) {
  const id = idPrefix ? `${idPrefix}-${HONEYPOT_FIELD}` : HONEYPOT_FIELD;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Faks (ostavite prazno)</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
