/**
 * The banner form ("Novi Baner" / "Uredi Baner"): the fields of spec §3 Banner on the form pipeline,
 * a live preview and the position diagram. Both link types stay in the form while the admin
 * switches between them, so nothing typed is lost; the one not chosen is cleared when the server
 * saves (spec §5).
 */
import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Card } from "~/components/admin/page-header";
import { PositionDiagram } from "~/components/banners/position-diagram";
import { ImageField } from "~/components/media/image-field";
import { SelectField, TextField, useFocusFirstError } from "~/components/ui/field";
import { FormActions } from "~/components/ui/form-actions";
import {
  BANNER_POSITIONS,
  BANNER_SECTIONS,
  type BannerSection,
  SECTION_LABELS,
  slotLabel,
} from "~/domain/banners/rules";
import { BANNER_TYPE_LABELS, BANNER_TYPES } from "~/domain/banners/validation";
import { type FieldErrors, type FormValues, textValue } from "~/lib/form";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_COLOR = "#1e3a8a";

type PreviewValues = {
  imageUrl: string;
  message: string;
  backgroundColor: string;
  company: string;
  title: string;
};

function Preview({ imageUrl, message, backgroundColor, company, title }: PreviewValues) {
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
      style={{ backgroundColor: HEX_COLOR.test(backgroundColor) ? backgroundColor : DEFAULT_COLOR }}
    >
      {imageUrl && failed === imageUrl ? <span className="text-xs">Slika se ne može učitati.</span> : null}
      {company ? <span className="text-sm font-semibold uppercase tracking-wide">{company}</span> : null}
      <span>{message || title || "Pregled banera"}</span>
    </div>
  );
}

/** The position select follows the section; a stored position outside the list stays choosable. */
function positionsFor(section: string, position: string): readonly string[] {
  const list = BANNER_POSITIONS[section as BannerSection] ?? [];
  return list.includes(position) || !position ? list : [position, ...list];
}

type FieldProps = { values: FormValues; errors: FieldErrors };

function PlacementFields({
  field,
  section,
  position,
  onSection,
  onPosition,
}: {
  field: FieldProps;
  section: string;
  position: string;
  onSection: (section: string) => void;
  onPosition: (position: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField
        {...field}
        name="section"
        label="Sekcija"
        options={BANNER_SECTIONS.map((s) => [s, SECTION_LABELS[s]] as const)}
        value={section}
        onChange={(e) => onSection(e.target.value)}
      />
      <SelectField
        {...field}
        name="position"
        label="Pozicija"
        options={positionsFor(section, position)}
        value={position}
        onChange={(e) => onPosition(e.target.value)}
      />
      <SelectField
        {...field}
        name="type"
        label="Tip"
        options={BANNER_TYPES.map((t) => [t, BANNER_TYPE_LABELS[t]] as const)}
      />
    </div>
  );
}

/** A URL or a phone number to call. */
function LinkFields({
  field,
  linkType,
  onLinkType,
}: {
  field: FieldProps;
  linkType: "url" | "phone";
  onLinkType: (type: "url" | "phone") => void;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Vrsta linka</legend>
        <div className="flex gap-4 text-sm">
          {(
            [
              ["url", "Link (URL)"],
              ["phone", "Telefon"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="linkType"
                value={value}
                checked={linkType === value}
                onChange={() => onLinkType(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Both stay in the form (the hidden one keeps what was typed); the server clears the unused one. */}
      <div hidden={linkType !== "url"}>
        <TextField
          {...field}
          name="link"
          label="Link"
          type="url"
          inputMode="url"
          hint="Adresa na koju vodi klik, npr. https://firma.com"
        />
      </div>
      <div hidden={linkType !== "phone"}>
        <TextField
          {...field}
          name="phone"
          label="Telefon"
          type="tel"
          inputMode="tel"
          hint="Klik na baner poziva ovaj broj."
        />
      </div>
    </>
  );
}

/** The colour of a text banner: a picker and the #RRGGBB field, kept the same. */
function ColorField({
  field,
  value,
  onChange,
}: {
  field: FieldProps;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        type="color"
        aria-label="Izbor boje"
        value={HEX_COLOR.test(value) ? value : DEFAULT_COLOR}
        onChange={(e) => {
          onChange(e.target.value);
          const text = document.getElementById("backgroundColor") as HTMLInputElement | null;
          if (text) text.value = e.target.value;
        }}
        className="mt-6 h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300"
      />
      <TextField
        {...field}
        name="backgroundColor"
        label="Boja pozadine"
        hint="#RRGGBB"
        className="flex-1"
        onValueChange={onChange}
      />
    </div>
  );
}

/** Beside the form: the live preview, the place in the row and where the position is on the page. */
function PreviewColumn({
  preview,
  slot,
  position,
  mode,
}: {
  preview: PreviewValues;
  slot: string | null;
  position: string;
  mode: "create" | "edit";
}) {
  return (
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
  );
}

// Over 80 lines on purpose: one flat form layout; its groups are the named parts above.
export function BannerForm({
  mode,
  values,
  errors,
  busy,
  result,
}: {
  mode: "create" | "edit";
  values: FormValues;
  errors: FieldErrors;
  busy: boolean;
  /** The action's answer (a new object per submission), for the focus on the first wrong field. */
  result: unknown;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const [section, setSection] = useState(textValue(values, "section"));
  const [position, setPosition] = useState(textValue(values, "position"));
  const [linkType, setLinkType] = useState<"url" | "phone">(
    textValue(values, "linkType") === "phone" ? "phone" : "url",
  );
  const [preview, setPreview] = useState<PreviewValues>({
    imageUrl: textValue(values, "imageUrl"),
    message: textValue(values, "message"),
    backgroundColor: textValue(values, "backgroundColor"),
    company: textValue(values, "company"),
    title: textValue(values, "title"),
  });
  const show = (key: keyof PreviewValues) => (value: string) => setPreview((p) => ({ ...p, [key]: value }));
  const slot = slotLabel({ title: preview.title, company: preview.company });
  const field = { values, errors };

  return (
    <Form ref={formRef} method="post" noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="min-w-0 space-y-4 p-5">
        <TextField
          {...field}
          name="title"
          label="Naslov"
          hint="Reči levi, srednji i desni određuju mesto u redu od tri banera."
          onValueChange={show("title")}
        />
        <TextField {...field} name="company" label="Kompanija (klijent)" onValueChange={show("company")} />
        <PlacementFields
          field={field}
          section={section}
          position={position}
          onSection={(value) => {
            setSection(value);
            setPosition(BANNER_POSITIONS[value as BannerSection]?.[0] ?? "");
          }}
          onPosition={setPosition}
        />

        <LinkFields field={field} linkType={linkType} onLinkType={setLinkType} />

        <ImageField
          id="imageUrl"
          name="imageUrl"
          label="Slika"
          defaultValue={textValue(values, "imageUrl")}
          error={errors.imageUrl}
          hint="Adresa slike (https://…), otpremanje ili izbor iz biblioteke. Promena slike započinje novu kampanju."
          onChange={(url) => show("imageUrl")(url.trim())}
        />
        <TextField
          {...field}
          name="message"
          label="Poruka (tekstualni baner bez slike)"
          onValueChange={show("message")}
        />
        <ColorField field={field} value={preview.backgroundColor} onChange={show("backgroundColor")} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...field} name="startDate" label="Početak" type="date" />
          <TextField {...field} name="endDate" label="Kraj" type="date" hint="Prazno: bez kraja." />
          <TextField {...field} name="priority" label="Prioritet" type="number" step={1} />
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="active"
            defaultChecked={textValue(values, "active") === "on"}
            className="h-4 w-4"
          />
          Aktivan
        </label>
        <FormActions divided cancelTo="/admin/banners" saving={busy} label="Sačuvaj" />
      </Card>
      <PreviewColumn preview={preview} slot={slot} position={position} mode={mode} />
    </Form>
  );
}
