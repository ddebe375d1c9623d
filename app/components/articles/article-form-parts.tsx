/**
 * The article form's sections (spec §5 Article form): the notices about work in progress, the
 * content card (title, excerpt, editor, autosave line), SEO, the publishing card, the main image
 * and the save buttons. The route puts them in its two columns.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Card } from "~/components/admin/page-header";
import { ImageField } from "~/components/media/image-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { defaultSlug, newYorkLocalToDate } from "~/domain/articles/form-rules";
import { ARTICLE_LIMITS } from "~/domain/articles/limits";
import { formatClock, ZONE_LABEL } from "~/lib/dates";
import { type FieldErrors, type FormValues, textValue } from "~/lib/form-values";
import { ContentEditor } from "./content-editor";
import { ArticleStatusBadge } from "./status-badge";
import { TagsInput } from "./tags-input";
import type { useArticleForm } from "./use-article-form";
import { ConflictNotice, DraftOffer, PresenceNotice, type WorkReply } from "./work-notices";

type FormState = ReturnType<typeof useArticleForm>;
type FieldProps = { values: FormValues; errors: FieldErrors };

/** A future publication date (New York time) schedules the article. */
export function isScheduled(dateValue: string): boolean {
  const date = newYorkLocalToDate(dateValue);
  return date !== null && date.getTime() > Date.now();
}

/** Above the form: a restore's answer, who else edits, an autosaved draft, a refused save, a newer version. */
export function FormNotices({
  form,
  id,
  others,
  restoreReply,
}: {
  form: FormState;
  id: number | null;
  others: { name: string; since: string | Date }[];
  restoreReply: { state: string; data?: WorkReply };
}) {
  const { offer, conflict, safety, baseVersion } = form;
  const newer =
    id !== null &&
    safety.storedVersion !== null &&
    baseVersion !== null &&
    safety.storedVersion > baseVersion;
  return (
    <div className="mb-4 space-y-3">
      {restoreReply.state === "idle" && restoreReply.data?.message ? (
        <Notice tone={restoreReply.data.ok ? "success" : "error"} message={restoreReply.data.message} />
      ) : null}
      <PresenceNotice others={others} />
      {offer ? (
        <DraftOffer
          savedAt={offer.savedAt}
          articleId={id}
          onRestore={form.restoreDraft}
          onDiscard={form.discardDraft}
        />
      ) : null}
      {conflict ? (
        <ConflictNotice
          key={`${conflict.version}-${String(conflict.savedAt)}`}
          conflict={conflict}
          onReload={form.reloadTheirs}
          onKeepMine={form.keepMine}
        />
      ) : null}
      {newer && !conflict ? (
        <Notice
          tone="warning"
          message="Neko je u međuvremenu sačuvao ovaj članak. Ako sačuvate, dobićete izbor: da učitate njihovu verziju ili da sačuvate svoju kao novu reviziju."
        />
      ) : null}
    </div>
  );
}

/**
 * A refused save's message above the form. When no field is marked (a failure of the server, not
 * of the form), the focus moves to it, so that it is seen wherever the editor pressed "Sačuvaj".
 */
export function SaveRefusal({ message, fieldErrors }: { message: string | null; fieldErrors: FieldErrors }) {
  const ref = useRef<HTMLDivElement>(null);
  const marked = Object.keys(fieldErrors).length > 0;
  useEffect(() => {
    if (message && !marked) ref.current?.focus();
  }, [message, marked]);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-20 outline-none">
      <Notice tone="error" message={message} />
    </div>
  );
}

/** Title, excerpt, the content editor and the autosave line. */
export function ContentCard({
  form,
  field,
  isAdmin,
}: {
  form: FormState;
  field: FieldProps;
  isAdmin: boolean;
}) {
  const { fields, safety } = form;
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <TextField
        {...field}
        name="title"
        label="Naslov *"
        maxLength={ARTICLE_LIMITS.title}
        onValueChange={fields.setTitle}
      />
      <TextField
        {...field}
        name="excerpt"
        label="Kratak opis *"
        multiline
        rows={3}
        maxLength={ARTICLE_LIMITS.excerpt}
        onValueChange={fields.setExcerpt}
      />
      <ContentEditor
        id="content"
        name="content"
        value={fields.content}
        onChange={(html) => {
          fields.setContent(html);
          form.setEditorReady(true);
        }}
        error={field.errors.content}
        allowHtmlView={isAdmin}
      />
      <p className="text-xs text-slate-500" aria-live="polite" data-testid="autosave-status">
        {safety.autosavedAt
          ? `Nacrt formulara automatski sačuvan u ${formatClock(safety.autosavedAt)} (${ZONE_LABEL}).`
          : safety.dirty
            ? "Izmene se automatski čuvaju na nekoliko sekundi."
            : ""}
      </p>
    </Card>
  );
}

/** Meta title, slug and meta description (their defaults shown as placeholders), and the tags. */
export function SeoCard({ form, field }: { form: FormState; field: FieldProps }) {
  const { title, excerpt, tags, setTags } = form.fields;
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">SEO</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field}
          name="metaTitle"
          label="Meta naslov"
          hint="Prazno: naslov članka"
          placeholder={title}
          maxLength={ARTICLE_LIMITS.metaTitle}
        />
        <TextField
          {...field}
          name="slug"
          label="Slug (URL)"
          hint="Prazno: iz naslova"
          placeholder={defaultSlug(title)}
          maxLength={ARTICLE_LIMITS.slug * 2}
        />
      </div>
      <TextField
        {...field}
        name="metaDescription"
        label="Meta opis"
        hint="Prazno: kratak opis"
        multiline
        rows={2}
        placeholder={excerpt}
        maxLength={ARTICLE_LIMITS.metaDescription}
      />
      <div className="space-y-1">
        <label htmlFor="tags" className="block text-sm font-medium text-slate-700">
          Tagovi
        </label>
        <TagsInput id="tags" name="tags" tags={tags} onChange={setTags} error={field.errors.tags} />
        {field.errors.tags ? <p className="text-xs font-medium text-red-600">{field.errors.tags}</p> : null}
      </div>
    </Card>
  );
}

/** Status, featured, author, publication date and category. */
export function PublishCard({
  form,
  field,
  status,
  publishedDate,
}: {
  form: FormState;
  field: FieldProps;
  status: "publish" | "draft" | "scheduled" | null;
  publishedDate: string | Date | null;
}) {
  const scheduled = isScheduled(form.fields.dateValue);
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="space-y-1" data-testid="article-status">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
          Status:{" "}
          {status ? (
            <>
              <ArticleStatusBadge status={status} date={publishedDate ?? undefined} />
              {status === "scheduled" ? (
                <span className="text-xs font-normal text-slate-500">({ZONE_LABEL})</span>
              ) : null}
            </>
          ) : (
            <span className="font-normal text-slate-500">još nije sačuvan</span>
          )}
        </p>
        <p className="text-xs text-slate-500">
          „Sačuvaj / Objavi“ objavljuje članak (sa budućim datumom ga zakazuje za taj trenutak), „Sačuvaj kao
          nacrt“ ga čuva kao nacrt (i skida sa sajta ako je bio objavljen).
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          name="featured"
          defaultChecked={textValue(field.values, "featured") === "on"}
          className="size-4 accent-brand-600"
        />
        Istaknut članak
      </label>
      <TextField {...field} name="author" label="Autor *" maxLength={ARTICLE_LIMITS.author} />
      <TextField
        {...field}
        name="publishedDate"
        label="Datum objave *"
        type="datetime-local"
        hint={scheduled ? "Vreme u Njujorku — budući datum: članak se zakazuje" : "Vreme u Njujorku"}
        onValueChange={form.fields.setDateValue}
      />
      <SelectField {...field} name="category" label="Kategorija *" options={ARTICLE_CATEGORIES} />
    </Card>
  );
}

export function MainImageCard({ field }: { field: FieldProps }) {
  return (
    <Card className="p-4 sm:p-5">
      <ImageField
        id="featuredImage"
        name="featuredImage"
        label="Glavna slika *"
        defaultValue={textValue(field.values, "featuredImage")}
        error={field.errors.featuredImage}
      />
    </Card>
  );
}

/** "Sačuvaj / Objavi" (or "Zakaži objavu"), "Sačuvaj kao nacrt", "Otkaži"; each says when it is being sent. */
export function SaveButtons({
  scheduled,
  saving,
  backTo,
}: {
  scheduled: boolean;
  saving: { saving: boolean; intent: unknown };
  backTo: string;
}) {
  const sending = (intent: string, busy: string, idle: ReactNode) =>
    saving.saving && saving.intent === intent ? busy : idle;
  return (
    <div className="flex flex-col gap-2">
      <Button type="submit" name="intent" value="publish" disabled={saving.saving}>
        {scheduled
          ? sending("publish", "Zakazivanje…", "Sačuvaj / Zakaži objavu")
          : sending("publish", "Objavljivanje…", "Sačuvaj / Objavi")}
      </Button>
      <Button type="submit" name="intent" value="draft" variant="secondary" disabled={saving.saving}>
        {sending("draft", "Čuvanje…", "Sačuvaj kao nacrt")}
      </Button>
      <ButtonLink to={backTo} variant="ghost">
        Otkaži
      </ButtonLink>
    </div>
  );
}
