import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The honeypot of every public form: off-screen, hidden from screen readers and skipped by the
 * keyboard, so people leave it empty and form-filling bots do not.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Faks (ostavite prazno)</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
