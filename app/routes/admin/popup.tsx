import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ImageField, isPreviewableUrl } from "~/components/media/image-field";
import { EnabledSwitch, FrequencyFields } from "~/components/settings/popup-parts";
import { Button } from "~/components/ui/button";
import { TextField, useFocusFirstError } from "~/components/ui/field";
import { NoticeStack, useNoticeStack } from "~/components/ui/notice-stack";
import { popupSettingsOf, savePopupSettings } from "~/domain/popup/popup.server";
import { formatHours, popupSettingsSchema } from "~/domain/popup/rules";
import { invalidateSettingsCache } from "~/domain/settings/cache.server";
import { getSettings } from "~/domain/settings/settings.server";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import { formRefusal } from "~/http/form-refusal";
import { saveSettingsAudited } from "~/http/settings-save.server";
import { type FieldErrors, type FormValues, textValue } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { POPUP_MESSAGES } from "~/messages/popup";
import { openPopupOverlay } from "~/public-client/popup";
import { getDb } from "~/services.server";
import type { Route } from "./+types/popup";

export const meta: Route.MetaFunction = () => [{ title: "Pop-up — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewPopup");
  const settings = popupSettingsOf(await getSettings(getDb()));
  return { settings };
}

type ActionResult = {
  ok: boolean;
  message: string;
  values?: FormValues;
  fieldErrors?: FieldErrors;
  saved?: ReturnType<typeof popupSettingsOf>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewPopup");
  const parsed = parseForm(popupSettingsSchema, await request.formData());
  if (!parsed.ok) {
    return data<ActionResult>(formRefusal(POPUP_MESSAGES.saveFailed, parsed), { status: 400 });
  }
  try {
    const db = getDb();
    const row = await saveSettingsAudited(
      db,
      { actor: user, ip: context.clientIp, area: "popup" },
      popupSettingsOf,
      () => savePopupSettings(db, parsed.data),
    );
    invalidateSettingsCache();
    return data<ActionResult>({ ok: true, message: POPUP_MESSAGES.saved, saved: popupSettingsOf(row) });
  } catch (error) {
    logger.error({ err: error }, "pop-up settings could not be saved");
    return failure<Omit<ActionResult, "ok" | "message">>("popup.save_failed", { values: parsed.values });
  }
}

// Over 80 lines on purpose: one flat form layout; the switch and frequency fields are in popup-parts.tsx.
export default function PopupSettingsScreen({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const fetcher = useFetcher<typeof action>({ key: "popup-save" });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values;
  const fieldErrors = failed?.fieldErrors ?? {};

  // Spec §4: the toggle is enabled locally and persisted only on save.
  const [enabled, setEnabled] = useState(settings.enabled);
  const [image, setImage] = useState(settings.image ?? "");
  const [maxShows, setMaxShows] = useState(String(settings.maxShowsPerDay));
  const [minHours, setMinHours] = useState(formatHours(settings.minHoursBetween));
  const [previewOpen, setPreviewOpen] = useState(false);
  const closePreview = useRef<(() => void) | null>(null);
  // Leaving the screen closes an open preview.
  useEffect(() => () => closePreview.current?.(), []);
  const { messages, say } = useNoticeStack();

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    say(result.ok ? "success" : "error", result.message);
    if (result.ok && result.saved) {
      setEnabled(result.saved.enabled);
      setImage(result.saved.image ?? "");
      setMaxShows(String(result.saved.maxShowsPerDay));
      setMinHours(formatHours(result.saved.minHoursBetween));
    }
  }, [result, say]);
  useFocusFirstError(formRef, failed);

  const linkValue = values ? textValue(values, "link") : (settings.link ?? "");
  const previewable = isPreviewableUrl(image);
  const unsaved = enabled !== settings.enabled;
  const busy = fetcher.state !== "idle";

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Pop-up"
        description="Slika koja se posetiocima javnog sajta prikazuje preko stranice, 1,5 sekundi posle učitavanja."
      />
      <NoticeStack messages={messages} />
      <fetcher.Form method="post" noValidate ref={formRef}>
        <Card className="space-y-6 p-5">
          <EnabledSwitch enabled={enabled} unsaved={unsaved} onChange={setEnabled} />

          <ImageField
            name="image"
            id="popup-image"
            label="Slika pop-up-a"
            defaultValue={values ? textValue(values, "image") : (settings.image ?? "")}
            error={fieldErrors.image}
            hint="Preporučujemo horizontalne slike (16:9 ili 4:3)."
            onChange={setImage}
            onUploadResult={(r) =>
              say(r.ok ? "success" : "error", r.ok ? POPUP_MESSAGES.uploaded : POPUP_MESSAGES.uploadFailed)
            }
            uploadErrorMessage={POPUP_MESSAGES.uploadFailed}
            onLibrarySelect={() => say("success", POPUP_MESSAGES.pickedFromLibrary)}
            clearOnLoadError
            onLoadError={() => say("warning", POPUP_MESSAGES.imageFailed)}
          />

          <TextField
            name="link"
            label="Link (opciono)"
            type="url"
            inputMode="url"
            placeholder="https://primer.com/akcija"
            defaultValue={linkValue}
            key={`link-${linkValue}`}
            errors={fieldErrors}
            hint="Otvara se u novom tabu kada posetilac klikne na sliku."
          />

          <FrequencyFields
            maxShows={maxShows}
            onMaxShows={setMaxShows}
            minHours={minHours}
            onMinHours={setMinHours}
          />

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={!previewable || previewOpen}
              onClick={() => {
                setPreviewOpen(true);
                closePreview.current = openPopupOverlay({ image, link: linkPreview(formRef.current) }, () => {
                  closePreview.current = null;
                  setPreviewOpen(false);
                });
              }}
              title={previewable ? undefined : "Prvo dodajte sliku"}
            >
              Pregled
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Čuvanje…" : "Sačuvaj pop-up podešavanja"}
            </Button>
          </div>
        </Card>
      </fetcher.Form>
    </div>
  );
}

/** The link as typed (the preview opens it like the site would). */
function linkPreview(form: HTMLFormElement | null): string | null {
  const value = form ? new FormData(form).get("link") : null;
  return typeof value === "string" && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
}

export { AdminRouteError as ErrorBoundary };
