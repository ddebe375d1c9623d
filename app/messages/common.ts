/** Words every area's forms share. */
import { FORM_NOT_SENT } from "~/lib/form";
import type { Words } from "./words";

export const COMMON_FIELD_WORDS = {
  [FORM_NOT_SENT]: "Obrazac nije stigao ceo. Osvežite stranicu i pokušajte ponovo.",
  // tooLongCode(max): the detail is the number.
  "form.tooLong": (max) => `Najviše ${max} karaktera.`,
} as const satisfies Record<string, Words>;
