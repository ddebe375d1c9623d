import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ImageField } from "~/components/media/image-field";
import { PromotionProductsSettings } from "~/components/payments/promotion-products-settings";
import { LatinWordsCard } from "~/components/settings/latin-words-card";
import { Button } from "~/components/ui/button";
import { useFocusFirstError } from "~/components/ui/field";
import type { NoticeTone } from "~/components/ui/notice";
import { NoticeStack, useNoticeStack } from "~/components/ui/notice-stack";
import { listProducts } from "~/domain/orders/products.server";
import { databaseFailureKind, getSettings, saveDefaultImages } from "~/domain/settings/settings.server";
import {
  backupWins,
  parseBackup,
  SETTINGS_BACKUP_KEY,
  type SettingsValues,
  settingsFormSchema,
} from "~/domain/settings/settings-form";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import { saveSettingsAudited } from "~/http/settings-save.server";
import { type FieldErrors, textValue } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { SETTINGS_MESSAGES } from "~/messages/settings";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Podešavanja — Admin panel" }];

/** The promotion packages card (its own endpoint: routes/admin/api/promotion-products.ts). */
async function promotionSettings() {
  try {
    return { products: await listProducts(getDb()), paymentsConfigured: getPayments() !== null };
  } catch (error) {
    logger.error({ err: error }, "promotion products could not be loaded");
    return { products: [], paymentsConfigured: getPayments() !== null };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewSettings");
  const promotion = await promotionSettings();
  try {
    const s = await getSettings(getDb());
    return {
      values: {
        defaultArticleImage: s.defaultArticleImage ?? "",
        defaultCompanyImage: s.defaultCompanyImage ?? "",
      },
      updatedAt: s.updatedAt.toISOString(),
      dbFailure: null,
      latinOnlyWords: s.latinOnlyWords,
      promotion,
    };
  } catch (error) {
    logger.warn({ err: error }, "settings load failed");
    return {
      values: { defaultArticleImage: "", defaultCompanyImage: "" },
      updatedAt: null,
      dbFailure: databaseFailureKind(error),
      latinOnlyWords: null,
      promotion,
    };
  }
}

type ActionResult = {
  ok: boolean;
  message: string;
  values: SettingsValues;
  fieldErrors?: FieldErrors;
  dbFailure?: "unavailable" | "error";
  updatedAt?: string;
};

/** A save that did not happen, with the values as typed: "Greška pri čuvanju podešavanja.". */
const refuse = (extra: Omit<ActionResult, "ok" | "message"> & { status?: number }) =>
  failure<Omit<ActionResult, "ok" | "message">>("settings.save_failed", extra);

export async function action({ request, context }: Route.ActionArgs) {
  let sessionCheckFailure: unknown = null;
  let user: Awaited<ReturnType<typeof requirePermission>> | null = null;
  try {
    user = await requirePermission(request, "canViewSettings");
  } catch (error) {
    // Redirects and 403s pass through. If the database cannot even check the session, nothing is
    // saved here; the browser keeps its own copy (spec §4) and says so.
    if (error instanceof Response || (error as { type?: string })?.type === "DataWithResponseInit")
      throw error;
    sessionCheckFailure = error;
  }
  const parsed = parseForm(settingsFormSchema, await request.formData());
  const values: SettingsValues = {
    defaultArticleImage: textValue(parsed.values, "defaultArticleImage"),
    defaultCompanyImage: textValue(parsed.values, "defaultCompanyImage"),
  };
  if (sessionCheckFailure) {
    logger.error({ err: sessionCheckFailure }, "settings save: session check failed");
    return refuse({ values, dbFailure: databaseFailureKind(sessionCheckFailure) });
  }
  if (!parsed.ok) {
    return refuse({ values, fieldErrors: parsed.fieldErrors, status: 400 });
  }
  try {
    const db = getDb();
    const row = await saveSettingsAudited(
      db,
      { actor: user, ip: context.clientIp, area: "settings" },
      (s) => ({ defaultArticleImage: s.defaultArticleImage, defaultCompanyImage: s.defaultCompanyImage }),
      () => saveDefaultImages(db, parsed.data),
    );
    return data<ActionResult>({
      ok: true,
      message: SETTINGS_MESSAGES.saved,
      values,
      updatedAt: row.updatedAt.toISOString(),
    });
  } catch (error) {
    logger.error({ err: error }, "settings save failed");
    return refuse({ values, dbFailure: databaseFailureKind(error) });
  }
}

function readBackup() {
  try {
    return parseBackup(window.localStorage.getItem(SETTINGS_BACKUP_KEY));
  } catch {
    return null;
  }
}

/** The two default images of spec §2 Settings, in their order. */
const DEFAULT_IMAGES = [
  {
    name: "defaultArticleImage",
    label: "Podrazumevana slika članka",
    hint: "Prikazuje se kada članak nema sliku ili se njegova slika ne može učitati.",
    uploadFailed: SETTINGS_MESSAGES.uploadFailed,
  },
  {
    name: "defaultCompanyImage",
    label: "Podrazumevana slika kompanije",
    hint: "Prikazuje se kada kompanija nema logo.",
    uploadFailed: SETTINGS_MESSAGES.companyUploadFailed,
  },
] as const;

/**
 * The answer to a save: said on the screen; a database that failed keeps the values in this
 * browser (spec §4), a save that worked clears that copy.
 */
function useSaveReply(result: ActionResult | undefined, say: (tone: NoticeTone, text: string) => void) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      try {
        window.localStorage.removeItem(SETTINGS_BACKUP_KEY);
      } catch {
        // Storage may be unavailable (private mode): nothing to clear then.
      }
      say("success", result.message);
      return;
    }
    say("error", result.message);
    if (result.dbFailure) {
      try {
        window.localStorage.setItem(
          SETTINGS_BACKUP_KEY,
          JSON.stringify({ ...result.values, savedAt: new Date().toISOString() }),
        );
        say(
          "warning",
          result.dbFailure === "unavailable"
            ? SETTINGS_MESSAGES.savedLocallyUnavailable
            : SETTINGS_MESSAGES.savedLocallyError,
        );
      } catch {
        // No local storage either: the error above stands.
      }
    }
  }, [result, say]);
}

// Over 80 lines on purpose: one flat form layout (two image fields, the save) and the cards under it.
export default function Settings({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>({ key: "settings-save" });
  const [values, setValues] = useState<SettingsValues>(loaderData.values);
  const { messages, say } = useNoticeStack();

  // Spec §4: a local backup newer than the database (or a database that cannot answer) wins on load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per loaded state
  useEffect(() => {
    setValues(loaderData.values);
    const backup = readBackup();
    if (backupWins(backup, loaderData.updatedAt) && backup) {
      setValues({
        defaultArticleImage: backup.defaultArticleImage,
        defaultCompanyImage: backup.defaultCompanyImage,
      });
      say("info", SETTINGS_MESSAGES.loadedFromBackup);
    }
  }, [loaderData.updatedAt, loaderData.dbFailure]);

  useSaveReply(fetcher.state === "idle" ? fetcher.data : undefined, say);

  const fieldErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, fetcher.state === "idle" ? fetcher.data : null);
  const busy = fetcher.state !== "idle";

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Podešavanja"
        description="Podrazumevane slike za članke i kompanije bez sopstvene slike."
      />
      <NoticeStack messages={messages} />
      <fetcher.Form ref={formRef} method="post" noValidate>
        <Card className="space-y-8 p-5">
          {DEFAULT_IMAGES.map((image) => (
            <ImageField
              key={image.name}
              name={image.name}
              id={image.name}
              label={image.label}
              defaultValue={values[image.name]}
              error={fieldErrors[image.name]}
              hint={image.hint}
              onUploadResult={(r) =>
                say(r.ok ? "success" : "error", r.ok ? SETTINGS_MESSAGES.uploaded : image.uploadFailed)
              }
              uploadErrorMessage={image.uploadFailed}
            />
          ))}
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <Button type="submit" disabled={busy}>
              {busy ? "Čuvanje…" : "Sačuvaj podešavanja"}
            </Button>
          </div>
        </Card>
      </fetcher.Form>
      {loaderData.latinOnlyWords !== null ? (
        <LatinWordsCard latinOnlyWords={loaderData.latinOnlyWords} />
      ) : null}
      <PromotionProductsSettings
        products={loaderData.promotion.products}
        paymentsConfigured={loaderData.promotion.paymentsConfigured}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
