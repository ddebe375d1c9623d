/**
 * The article form's state in the browser: the values it starts from (the stored article, a
 * restored autosave, or a refused save's values), the live fields other parts follow (title and
 * excerpt for the SEO placeholders, the date for "zakazivanje"), the save conflict and its two
 * ways out, and the no-lost-work guard. The fields are checked by the server (the schema in
 * domain/articles/validation.ts): the browser loads no Zod here (decision 292), a refused save
 * comes back with every error and every value, and the focus goes to the first wrong field.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigation, useRevalidator } from "react-router";
import { useFocusFirstError } from "~/components/ui/field";
import { ARTICLE_FORM_LISTS } from "~/domain/articles/form-rules";
import { type FieldErrors, type FormValues, listOf, textValue } from "~/lib/form-values";
import { useFormSafety } from "./form-safety";
import type { WorkReply } from "./work-notices";

export type SaveReply = {
  message: string;
  fieldErrors: FieldErrors;
  values: FormValues;
  conflict?: { version: number; savedBy: string; savedAt: string | Date };
};

type Autosave = { values: FormValues; baseVersion: number | null; savedAt: string | Date } | null;

/** The fields other parts of the form follow while they are typed. */
function useLiveFields(startValues: FormValues, restartKey: string) {
  const [title, setTitle] = useState(textValue(startValues, "title"));
  const [excerpt, setExcerpt] = useState(textValue(startValues, "excerpt"));
  const [content, setContent] = useState(textValue(startValues, "content"));
  const [tags, setTags] = useState<string[]>(listOf(startValues, "tags"));
  const [dateValue, setDateValue] = useState(textValue(startValues, "publishedDate"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stored version (or a restored draft) is a new starting point
  useEffect(() => {
    setTitle(textValue(startValues, "title"));
    setExcerpt(textValue(startValues, "excerpt"));
    setContent(textValue(startValues, "content"));
    setTags(listOf(startValues, "tags"));
    setDateValue(textValue(startValues, "publishedDate"));
  }, [restartKey]);
  return {
    title,
    setTitle,
    excerpt,
    setExcerpt,
    content,
    setContent,
    tags,
    setTags,
    dateValue,
    setDateValue,
  };
}

/** Presses the same save button again, on the next frame (after the `force` field is rendered). */
function sendAgain(formRef: RefObject<HTMLFormElement | null>, intent: "draft" | "publish") {
  requestAnimationFrame(() => {
    const form = formRef.current;
    const button = form?.querySelector<HTMLButtonElement>(`button[name=intent][value=${intent}]`);
    form?.requestSubmit(button ?? undefined);
  });
}

export type ArticleFormOptions = {
  id: number | null;
  version: number | null;
  loadedValues: FormValues;
  autosave: Autosave;
};

// The form's state is one unit the sections share (values, checks, conflict, guard).
export function useArticleForm(options: ArticleFormOptions) {
  const { id, version, loadedValues, autosave } = options;
  const actionData = useActionData<SaveReply>();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const work = useFetcher<WorkReply>({ key: `article-work-${id ?? "new"}` });
  // The form's starting values: the stored article, or a restored autosave (the form remounts).
  const [restored, setRestored] = useState<{ values: FormValues; baseVersion: number | null } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const startValues = actionData?.values ?? restored?.values ?? loadedValues;
  const baseVersion = restored ? restored.baseVersion : version;
  const fields = useLiveFields(startValues, `${formKey}-${version}`);
  const [editorReady, setEditorReady] = useState(false);
  const [offer, setOffer] = useState(autosave);
  const [force, setForce] = useState(false);
  const safety = useFormSafety({
    formRef,
    articleId: id,
    baseVersion,
    lists: ARTICLE_FORM_LISTS,
    ready: editorReady,
    generation: version ?? 0,
  });
  // The answer whose conflict was settled by reloading theirs (its choice is not offered again).
  const [settled, setSettled] = useState<SaveReply | null>(null);
  const conflict = !force && settled !== actionData ? (actionData?.conflict ?? null) : null;
  useFocusFirstError(formRef, actionData);
  const remount = (values: { values: FormValues; baseVersion: number | null } | null) => {
    setRestored(values);
    setFormKey((k) => k + 1);
  };

  // A save that came back (refused or with errors) guards the form again.
  useEffect(() => {
    if (actionData) safety.guardAgain();
  }, [actionData, safety.guardAgain]);
  // A restored revision: the stored article changed; the form shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the fetcher's answer matters
  useEffect(() => {
    const aboutLinks = work.data?.intent === "preview-link" || work.data?.intent === "preview-revoke";
    if (work.state === "idle" && work.data?.ok && !aboutLinks) remount(null);
  }, [work.state, work.data]);

  return {
    formRef,
    work,
    actionData,
    formKey,
    startValues,
    baseVersion,
    fields,
    setEditorReady,
    force,
    safety,
    conflict,
    offer,
    errors: actionData?.fieldErrors ?? {},
    formMessage: conflict ? null : (actionData?.message ?? null),
    /** A save is sent: leaving is allowed (a refused save guards the form again). */
    onSubmit: () => safety.allowLeaving(),
    restoreDraft() {
      if (!offer) return;
      remount({ values: offer.values, baseVersion: offer.baseVersion });
      setOffer(null);
    },
    discardDraft: () => setOffer(null),
    /** The conflict's "Učitaj njihovu verziju": the stored article replaces the form. */
    reloadTheirs() {
      safety.allowLeaving();
      setForce(false);
      setSettled(actionData ?? null);
      revalidator.revalidate().then(() => remount(null));
    },
    /** The conflict's "Sačuvaj moju kao novu reviziju": the same button again, forced. */
    keepMine() {
      setForce(true);
      sendAgain(formRef, textValue(actionData?.values, "intent") === "draft" ? "draft" : "publish");
    },
  };
}

/** Which save button is being sent, if any. */
export function useSaving() {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && Boolean(navigation.formData?.has("title"));
  return { saving, intent: navigation.formData?.get("intent") };
}
