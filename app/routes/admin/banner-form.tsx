import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { PositionDiagram } from "~/components/banners/position-diagram";
import { ImageField } from "~/components/media/image-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { getBanner, updateBanner } from "~/domain/banners/banners.server";
import {
  BANNER_POSITIONS,
  BANNER_SECTIONS,
  type BannerSection,
  linkTypeOf,
  SECTION_LABELS,
  slotLabel,
} from "~/domain/banners/rules";
import {
  BANNER_MESSAGES,
  BANNER_TYPE_LABELS,
  BANNER_TYPES,
  type BannerField,
  type BannerFormValues,
  bannerValuesFrom,
  validateBanner,
} from "~/domain/banners/validation";
import { requirePermission } from "~/domain/users/auth.server";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/banner-form";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Uredi Baner" : "Novi Baner"} — Admin panel` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  if (params.id === undefined) {
    const section = new URL(request.url).searchParams.get("section");
    const s: BannerSection = BANNER_SECTIONS.includes(section as BannerSection)
      ? (section as BannerSection)
      : "home";
    const values: BannerFormValues = {
      title: "",
      company: "",
      section: s,
      position: BANNER_POSITIONS[s][0],
      type: "banner",
      linkType: "url",
      link: "",
      phone: "",
      message: "",
      backgroundColor: "",
      imageUrl: "",
      active: true,
      startDate: "",
      endDate: "",
      priority: "0",
    };
    return { mode: "create" as const, id: null, values };
  }
  const id = parseId(params.id);
  const banner = id ? await getBanner(getDb(), id) : null;
  if (!banner) throw data({ message: BANNER_MESSAGES.notFound }, { status: 404 });
  const values: BannerFormValues = {
    title: banner.title,
    company: banner.company ?? "",
    section: banner.section,
    position: banner.position,
    type: banner.type,
    linkType: linkTypeOf(banner),
    link: banner.link ?? "",
    phone: banner.phone ?? "",
    message: banner.message ?? "",
    backgroundColor: banner.backgroundColor ?? "",
    imageUrl: banner.imageUrl ?? "",
    active: banner.active,
    startDate: banner.startDate ?? "",
    endDate: banner.endDate ?? "",
    priority: String(banner.priority),
  };
  return { mode: "edit" as const, id: banner.id, values };
}

type ActionResult = {
  ok: boolean;
  message: string;
  values: BannerFormValues;
  fieldErrors: Partial<Record<BannerField, string>>;
  newCampaign?: boolean;
};

export async function action({ request, params }: Route.ActionArgs) {
  await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  const form = await request.formData();
  const values = bannerValuesFrom(form);
  if (params.id === undefined) {
    // Spec §2: every position slot already has its banner; create mode only says so.
    return data<ActionResult>(
      { ok: false, message: BANNER_MESSAGES.createDisabled, values, fieldErrors: {} },
      { status: 400 },
    );
  }
  const id = parseId(params.id);
  if (!id) throw data({ message: BANNER_MESSAGES.notFound }, { status: 404 });
  const validation = validateBanner(values);
  if (!validation.ok) {
    return data<ActionResult>(
      { ok: false, message: BANNER_MESSAGES.invalid, values, fieldErrors: validation.fieldErrors },
      { status: 400 },
    );
  }
  let result: Awaited<ReturnType<typeof updateBanner>>;
  try {
    result = await updateBanner(getDb(), id, validation.value);
  } catch {
    return data<ActionResult>(
      { ok: false, message: BANNER_MESSAGES.saveFailed, values, fieldErrors: {} },
      { status: 500 },
    );
  }
  if (!result.ok) throw data({ message: BANNER_MESSAGES.notFound }, { status: 404 });
  return data<ActionResult>({
    ok: true,
    message: result.newPeriodId
      ? `${BANNER_MESSAGES.saved} Slika je promenjena: započeta je nova kampanja.`
      : BANNER_MESSAGES.saved,
    values: { ...values, link: result.banner.link ?? "", phone: result.banner.phone ?? "" },
    fieldErrors: {},
    newCampaign: result.newPeriodId !== null,
  });
}

function Preview({ imageUrl, message, backgroundColor, company, title }: Record<string, string>) {
  const [failed, setFailed] = useState<string | null>(null);
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt="Pregled banera"
        onError={() => setFailed(imageUrl)}
        className="max-h-64 w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
      />
    );
  }
  return (
    <div
      className="flex min-h-24 flex-col items-center justify-center gap-1 rounded-lg px-4 py-4 text-center text-white"
      style={{ backgroundColor: /^#[0-9a-fA-F]{6}$/.test(backgroundColor) ? backgroundColor : "#1e3a8a" }}
    >
      {imageUrl && failed === imageUrl ? <span className="text-xs">Slika se ne može učitati.</span> : null}
      {company ? <span className="text-sm font-semibold uppercase tracking-wide">{company}</span> : null}
      <span>{message || title || "Pregled banera"}</span>
    </div>
  );
}

export default function BannerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData;
  const result = actionData as ActionResult | undefined;
  const initial = result?.values ?? loaderData.values;
  const errors = result?.fieldErrors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [section, setSection] = useState(initial.section);
  const [position, setPosition] = useState(initial.position);
  const [linkType, setLinkType] = useState(initial.linkType === "phone" ? "phone" : "url");
  const [preview, setPreview] = useState({
    imageUrl: initial.imageUrl,
    message: initial.message,
    backgroundColor: initial.backgroundColor,
    company: initial.company,
    title: initial.title,
  });
  const sectionPositions = BANNER_POSITIONS[section as BannerSection] ?? [];
  const positions =
    sectionPositions.includes(position) || !position ? sectionPositions : [position, ...sectionPositions];
  const formKey = `${loaderData.id ?? "new"}`;
  const slot = slotLabel({ title: preview.title, company: preview.company });

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
      {result ? (
        <Notice
          className="mb-4"
          tone={result.ok ? "success" : mode === "create" ? "info" : "error"}
          message={result.message}
        />
      ) : null}
      <Form method="post" noValidate key={formKey} className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card className="space-y-4 p-5">
          <Field
            id="title"
            label="Naslov"
            error={errors.title}
            hint="Reči levi, srednji i desni određuju mesto u redu od tri banera."
          >
            <Input
              id="title"
              name="title"
              defaultValue={initial.title}
              invalid={Boolean(errors.title)}
              onChange={(e) => setPreview((p) => ({ ...p, title: e.target.value }))}
            />
          </Field>
          <Field id="company" label="Kompanija (klijent)" error={errors.company}>
            <Input
              id="company"
              name="company"
              defaultValue={initial.company}
              invalid={Boolean(errors.company)}
              onChange={(e) => setPreview((p) => ({ ...p, company: e.target.value }))}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="section" label="Sekcija" error={errors.section}>
              <Select
                id="section"
                name="section"
                value={section}
                invalid={Boolean(errors.section)}
                onChange={(e) => {
                  setSection(e.target.value);
                  setPosition(BANNER_POSITIONS[e.target.value as BannerSection]?.[0] ?? "");
                }}
              >
                {BANNER_SECTIONS.map((s) => (
                  <option key={s} value={s}>
                    {SECTION_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="position" label="Pozicija" error={errors.position}>
              <Select
                id="position"
                name="position"
                value={position}
                invalid={Boolean(errors.position)}
                onChange={(e) => setPosition(e.target.value)}
              >
                {positions.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="type" label="Tip" error={errors.type}>
              <Select id="type" name="type" defaultValue={initial.type} invalid={Boolean(errors.type)}>
                {BANNER_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {BANNER_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Vrsta linka</legend>
            <div className="flex gap-4 text-sm">
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="linkType"
                  value="url"
                  checked={linkType === "url"}
                  onChange={() => setLinkType("url")}
                />
                Link (URL)
              </label>
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="linkType"
                  value="phone"
                  checked={linkType === "phone"}
                  onChange={() => setLinkType("phone")}
                />
                Telefon
              </label>
            </div>
          </fieldset>
          {linkType === "url" ? (
            <Field
              id="link"
              label="Link"
              error={errors.link}
              hint="Adresa na koju vodi klik, npr. https://firma.com"
            >
              <Input
                id="link"
                name="link"
                type="url"
                inputMode="url"
                defaultValue={initial.link}
                invalid={Boolean(errors.link)}
              />
            </Field>
          ) : (
            <Field id="phone" label="Telefon" error={errors.phone} hint="Klik na baner poziva ovaj broj.">
              <Input
                id="phone"
                name="phone"
                type="tel"
                inputMode="tel"
                defaultValue={initial.phone}
                invalid={Boolean(errors.phone)}
              />
            </Field>
          )}
          {/* The other link type is kept so nothing typed is lost; the server clears it on save. */}
          {linkType === "url" ? (
            <input type="hidden" name="phone" value={initial.phone} />
          ) : (
            <input type="hidden" name="link" value={initial.link} />
          )}

          <ImageField
            id="imageUrl"
            name="imageUrl"
            label="Slika"
            defaultValue={initial.imageUrl}
            error={errors.imageUrl}
            hint="Adresa slike (https://…), otpremanje ili izbor iz biblioteke. Promena slike započinje novu kampanju."
            onChange={(url) => setPreview((p) => ({ ...p, imageUrl: url.trim() }))}
          />
          <Field id="message" label="Poruka (tekstualni baner bez slike)" error={errors.message}>
            <Input
              id="message"
              name="message"
              defaultValue={initial.message}
              invalid={Boolean(errors.message)}
              onChange={(e) => setPreview((p) => ({ ...p, message: e.target.value }))}
            />
          </Field>
          <Field id="backgroundColor" label="Boja pozadine" error={errors.backgroundColor} hint="#RRGGBB">
            <div className="flex gap-2">
              <input
                type="color"
                aria-label="Izbor boje"
                value={
                  /^#[0-9a-fA-F]{6}$/.test(preview.backgroundColor) ? preview.backgroundColor : "#1e3a8a"
                }
                onChange={(e) => {
                  setPreview((p) => ({ ...p, backgroundColor: e.target.value }));
                  const text = document.getElementById("backgroundColor") as HTMLInputElement | null;
                  if (text) text.value = e.target.value;
                }}
                className="h-10 w-12 cursor-pointer rounded border border-slate-300"
              />
              <Input
                id="backgroundColor"
                name="backgroundColor"
                defaultValue={initial.backgroundColor}
                invalid={Boolean(errors.backgroundColor)}
                onChange={(e) => setPreview((p) => ({ ...p, backgroundColor: e.target.value }))}
              />
            </div>
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="startDate" label="Početak" error={errors.startDate}>
              <Input
                id="startDate"
                name="startDate"
                type="date"
                defaultValue={initial.startDate}
                invalid={Boolean(errors.startDate)}
              />
            </Field>
            <Field id="endDate" label="Kraj" error={errors.endDate} hint="Prazno: bez kraja.">
              <Input
                id="endDate"
                name="endDate"
                type="date"
                defaultValue={initial.endDate}
                invalid={Boolean(errors.endDate)}
              />
            </Field>
            <Field id="priority" label="Prioritet" error={errors.priority}>
              <Input
                id="priority"
                name="priority"
                type="number"
                step={1}
                defaultValue={initial.priority}
                invalid={Boolean(errors.priority)}
              />
            </Field>
          </div>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="active" defaultChecked={initial.active} className="h-4 w-4" />
            Aktivan
          </label>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            <ButtonLink to="/admin/banners" variant="secondary">
              Otkaži
            </ButtonLink>
            <Button type="submit" disabled={busy}>
              {busy ? "Čuvanje…" : "Sačuvaj"}
            </Button>
          </div>
        </Card>
        <div className="space-y-4">
          <Card className="space-y-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">Pregled</h2>
            <Preview {...preview} />
            {slot ? <p className="text-xs text-slate-600">Mesto u redu: {slot}</p> : null}
          </Card>
          <Card className="space-y-2 p-4">
            <h2 className="text-sm font-semibold text-slate-900">Pozicija na stranici</h2>
            <PositionDiagram position={position} />
          </Card>
          {mode === "edit" ? (
            <p className="text-xs text-slate-500">
              Klikove po kampanjama pogledajte u{" "}
              <Link to="/admin/analytics" className="underline">
                analitici
              </Link>
              .
            </p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
