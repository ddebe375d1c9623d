import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Card } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { SelectField, TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import {
  daysLabel,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ProductKind,
  type PromotionProduct,
} from "~/domain/orders/products";
import type { FieldErrors, FormValues } from "~/lib/form";
import { centsToInput, formatMinorAmount } from "~/lib/money";

const ENDPOINT = "/admin/api/promotion-products";

/** What a package form gets back from its endpoint (routes/admin/api/promotion-products.server.ts). */
export type ProductFormResult = {
  ok: boolean;
  intent: "update" | "create";
  /** The package the form was about (the new id after a create; "" for a failed create). */
  productId: string;
  message: string;
  fieldErrors: FieldErrors;
  values: FormValues;
};

function ActiveBox({ id, defaultChecked }: { id: string; defaultChecked: boolean }) {
  return (
    <label htmlFor={id} className="flex h-10 items-center gap-2 text-sm text-slate-700">
      <input
        id={id}
        name="active"
        type="checkbox"
        defaultChecked={defaultChecked}
        className="h-4 w-4 rounded border-slate-300"
      />
      Prikazuje se na sajtu
    </label>
  );
}

/** One package: name, price in dollars, days, shown or not; saved on its own. */
function ProductRow({ product }: { product: PromotionProduct }) {
  const fetcher = useFetcher<ProductFormResult>({ key: `promotion-product-${product.id}` });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useFocusFirstError(formRef, result);
  const failed = result && !result.ok ? result : undefined;
  const busy = fetcher.state !== "idle";
  const prefix = `paket-${product.id}`;
  const field = { idPrefix: prefix, values: failed?.values, errors: failed?.fieldErrors, required: true };
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={ENDPOINT}
      noValidate
      className="space-y-3 border-t border-slate-100 py-4 first:border-t-0"
      data-testid={`product-${product.id}`}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={product.id} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_6rem]">
        <TextField {...field} name="name" label="Naziv" defaultValue={product.name} maxLength={80} />
        <TextField
          {...field}
          name="price"
          label="Cena ($)"
          defaultValue={centsToInput(product.amount)}
          inputMode="decimal"
        />
        <TextField
          {...field}
          name="days"
          label="Dana"
          defaultValue={String(product.days)}
          inputMode="numeric"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ActiveBox id={`${prefix}-active`} defaultChecked={product.active} />
        <div className="flex items-center gap-3">
          <span className="text-xs text-slate-500">
            Sada: {formatMinorAmount(product.amount, product.currency)} za {daysLabel(product.days)}
            {product.active ? "" : " · skriven"}
          </span>
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            {busy ? "Čuvanje…" : "Sačuvaj paket"}
          </Button>
        </div>
      </div>
      {result ? (
        <Notice
          tone={result.ok ? "success" : "error"}
          message={result.message}
          vanishAfterMs={result.ok ? 3000 : undefined}
        />
      ) : null}
    </fetcher.Form>
  );
}

/** A new package for jobs or buy/sell; the form starts empty again after it was added. */
function NewProduct() {
  const fetcher = useFetcher<ProductFormResult>({ key: "promotion-product-new" });
  const formRef = useRef<HTMLFormElement>(null);
  const [generation, setGeneration] = useState(0);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useFocusFirstError(formRef, result);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result?.ok || handled.current === result) return;
    handled.current = result;
    setGeneration((g) => g + 1);
  }, [result]);
  const failed = result && !result.ok ? result : undefined;
  const busy = fetcher.state !== "idle";
  const field = {
    idPrefix: "novi-paket",
    values: failed?.values,
    errors: failed?.fieldErrors,
    required: true,
  };
  return (
    <fetcher.Form
      key={generation}
      ref={formRef}
      method="post"
      action={ENDPOINT}
      noValidate
      className="space-y-3 rounded-lg bg-slate-50 p-4"
      aria-labelledby="novi-paket"
    >
      <h3 id="novi-paket" className="text-sm font-semibold text-slate-900">
        Novi paket
      </h3>
      <input type="hidden" name="intent" value="create" />
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_8rem_6rem]">
        <SelectField
          name="kind"
          label="Vrsta oglasa"
          idPrefix="novi-paket"
          options={PRODUCT_KINDS.map((k) => [k, PRODUCT_KIND_LABELS[k]] as const)}
          defaultValue="job"
          values={field.values}
          errors={field.errors}
        />
        <TextField
          {...field}
          name="name"
          label="Naziv"
          placeholder="Istaknut oglas 14 dana – posao"
          maxLength={80}
        />
        <TextField {...field} name="price" label="Cena ($)" inputMode="decimal" />
        <TextField {...field} name="days" label="Dana" inputMode="numeric" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ActiveBox id="novi-paket-active" defaultChecked />
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Dodavanje…" : "Dodaj paket"}
        </Button>
      </div>
      {failed ? <Notice tone="error" message={failed.message} /> : null}
    </fetcher.Form>
  );
}

/**
 * The settings screen's card for paid promotion (docs/decisions/130): the packages the public
 * listing pages offer, per kind, with their prices. Packages are never deleted (orders name them);
 * a package that should no longer be sold is hidden.
 */
export function PromotionProductsSettings({
  products,
  paymentsConfigured,
}: {
  products: readonly PromotionProduct[];
  paymentsConfigured: boolean;
}) {
  const added = useFetcher<ProductFormResult>({ key: "promotion-product-new" }).data;
  return (
    <Card className="mt-8 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Istaknuti oglasi (plaćanje karticom)</h2>
      <p className="mt-1 text-sm text-slate-600">
        Paketi koje posetioci plaćaju preko Stripe-a da bi njihov oglas bio na vrhu liste. Promena cene važi
        za nova plaćanja; narudžbine čuvaju naziv i cenu iz trenutka kupovine.
      </p>
      {paymentsConfigured ? null : (
        <Notice
          className="mt-3"
          tone="warning"
          message="Stripe nije podešen (STRIPE_SECRET_KEY i STRIPE_WEBHOOK_SECRET), pa se paketi ne prikazuju na sajtu."
        />
      )}
      {PRODUCT_KINDS.map((kind: ProductKind) => {
        const ofKind = products.filter((p) => p.kind === kind);
        return (
          <section key={kind} className="mt-5" aria-labelledby={`paketi-${kind}`}>
            <h3
              id={`paketi-${kind}`}
              className="text-sm font-semibold uppercase tracking-wide text-slate-500"
            >
              {PRODUCT_KIND_LABELS[kind]}
            </h3>
            {ofKind.length === 0 ? (
              <p className="py-3 text-sm text-slate-500">Nema paketa.</p>
            ) : (
              ofKind.map((p) => <ProductRow key={p.id} product={p} />)
            )}
          </section>
        );
      })}
      <div className="mt-5">
        {added?.ok ? (
          <Notice className="mb-3" tone="success" message={added.message} vanishAfterMs={3000} />
        ) : null}
        <NewProduct />
      </div>
    </Card>
  );
}
