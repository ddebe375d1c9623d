import { useRef } from "react";
import { useFetcher } from "react-router";
import { Card } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import type { LatinWordsResult } from "~/domain/cyrillic/latin-words-form";

const ENDPOINT = "/admin/api/latin-words";

/**
 * The editors' list of words and names that Cyrillic pages keep in Latin (docs/decisions/211):
 * saved on its own, like the promotion packages below it.
 */
export function LatinWordsCard({ latinOnlyWords }: { latinOnlyWords: string }) {
  const fetcher = useFetcher<LatinWordsResult>({ key: "latin-words" });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useFocusFirstError(formRef, result);
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mt-6 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Reči koje ostaju latinicom</h2>
      <p className="mt-1 text-sm text-slate-600">
        Na stranicama na ćirilici ove reči i nazivi ostaju napisani latinicom: imena firmi, proizvoda i mesta,
        strane reči. Sajt već sam prepoznaje adrese, skraćenice (CDL, OTR), reči sa q, w, x, y, nazive kamiona
        (Freightliner, Cascadia) i američke savezne države.
      </p>
      {result ? (
        <div className="mt-3">
          <Notice tone={result.ok ? "success" : "error"} message={result.message} vanishAfterMs={3000} />
        </div>
      ) : null}
      <fetcher.Form ref={formRef} method="post" action={ENDPOINT} noValidate className="mt-4 space-y-4">
        <TextField
          key={result?.saved ?? "loaded"}
          name="latinOnlyWords"
          label="Reči i nazivi"
          multiline
          rows={6}
          defaultValue={result?.saved ?? latinOnlyWords}
          values={result && !result.ok ? result.values : undefined}
          errors={result && !result.ok ? result.fieldErrors : undefined}
          hint="Jedna reč ili naziv u redu, npr. Kafana Zlatibor ili Dunav Truck Sales."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Čuvanje…" : "Sačuvaj spisak"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
