import { Button, ButtonLink } from "./button";
import { cn } from "./cn";

/**
 * The end of an admin edit form: "Otkaži" back to the list and the submit button, which says
 * "Čuvanje…" while the form is on its way. Side by side on the right; stacked, submit first, on a phone.
 */
export function FormActions({
  cancelTo,
  saving,
  label,
  divided = false,
}: {
  cancelTo: string;
  saving: boolean;
  label: string;
  /** A line above (a long form's end). */
  divided?: boolean;
}) {
  return (
    <div
      className={cn(
        "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
        divided && "border-t border-slate-100 pt-4",
      )}
    >
      <ButtonLink variant="secondary" to={cancelTo}>
        Otkaži
      </ButtonLink>
      <Button type="submit" disabled={saving}>
        {saving ? "Čuvanje…" : label}
      </Button>
    </div>
  );
}
