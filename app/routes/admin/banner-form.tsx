import { data, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { BannerForm } from "~/components/banners/banner-form";
import { ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { type BannerErrorCode, getBanner, updateBanner } from "~/domain/banners/banners.server";
import { BANNER_SECTIONS, type BannerSection } from "~/domain/banners/rules";
import { bannerFormSchema, bannerFormValues } from "~/domain/banners/validation";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import type { FieldErrors } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { BANNER_MESSAGES } from "~/messages/banners";
import { getDb } from "~/services.server";
import type { Route } from "./+types/banner-form";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Uredi Baner" : "Novi Baner"} — Admin panel` },
];

const notFound = () => failure("banner.not_found");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  if (params.id === undefined) {
    const section = new URL(request.url).searchParams.get("section") as BannerSection;
    const values = bannerFormValues(null, BANNER_SECTIONS.includes(section) ? section : "home");
    return { mode: "create" as const, id: null, values };
  }
  const id = parseId(params.id);
  const banner = id === null ? null : await getBanner(getDb(), id);
  if (!banner) throw notFound();
  return { mode: "edit" as const, id: banner.id, values: bannerFormValues(banner) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && id === null) throw notFound();
  const form = await request.formData();
  const parsed = parseForm(bannerFormSchema, form);
  const refuse = (code: BannerErrorCode, fieldErrors: FieldErrors = {}) =>
    failure(code, { values: parsed.values, fieldErrors, savedAt: undefined as number | undefined });
  // Spec §2: every position slot gets its banner automatically (decision 111); create mode says so.
  if (id === null) return refuse("banner.create_disabled");
  if (!parsed.ok) return refuse("banner.invalid", parsed.fieldErrors);
  let result: Awaited<ReturnType<typeof updateBanner>>;
  let before: ReturnType<typeof bannerFormValues> | null = null;
  try {
    const stored = await getBanner(getDb(), id);
    before = stored ? bannerFormValues(stored) : null;
    result = await updateBanner(getDb(), id, parsed.data);
  } catch (error) {
    logger.error({ err: error, bannerId: id }, "banner save failed");
    return refuse("banner.save_failed");
  }
  if (!result.ok) throw notFound();
  const saved = bannerFormValues(result.banner);
  await recordAudit(getDb(), {
    actor: user,
    area: "banners",
    action: "update",
    recordId: id,
    recordLabel: result.banner.title,
    ip: context.clientIp,
    changes: changedFields(before, saved),
  });
  const message = result.newPeriodId
    ? `${BANNER_MESSAGES.saved} Slika je promenjena: započeta je nova kampanja.`
    : BANNER_MESSAGES.saved;
  return data({ ok: true, message, values: saved, fieldErrors: {} as FieldErrors, savedAt: Date.now() });
}

export default function BannerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, id } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={mode === "create" ? "Novi Baner" : "Uredi Baner"}
        description={
          mode === "create"
            ? "Novi baneri se kreiraju automatski za svaku poziciju."
            : "Promena slike zatvara trenutnu kampanju i započinje novu."
        }
        actions={
          <ButtonLink to="/admin/banners" variant="secondary">
            Nazad na banere
          </ButtonLink>
        }
      />
      {actionData ? (
        <Notice
          className="mb-4"
          tone={actionData.ok ? "success" : mode === "create" ? "info" : "error"}
          message={actionData.message}
        />
      ) : null}
      <BannerForm
        // A saved banner comes back as stored (the unused link type cleared): the form starts afresh.
        key={`${id ?? "new"}-${actionData?.savedAt ?? ""}`}
        mode={mode}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.fieldErrors ?? {}}
        busy={navigation.state === "submitting"}
        result={actionData}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
