import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { formatDate } from "~/lib/dates";
import { Modal } from "./modal";
import { NewsletterPreview } from "./preview";
import { type Picked, RecipientPicker } from "./recipient-picker";

/** Spec messages (domain/newsletter/messages.ts), repeated here for the browser's instant checks. */
const NEED_ARTICLE = "Molimo odaberite najmanje jedan članak";
const NEED_DRAFT_AND_RECIPIENTS = "Molimo prvo generisite newsletter i odaberite primaoce";
const MAX_ARTICLES = 5;

type ArticleChoice = { id: number; title: string; category: string; publishedDate: string | Date };
type JobAd = { title: string; company: string; location: string; pay: string };
type ArticlesResponse = { ok: boolean; message?: string; articles: ArticleChoice[]; jobAds?: JobAd[] };
type Draft = {
  id: number;
  subject: string;
  html: string;
  text: string;
  articles: { id: number; title: string }[];
  activeRecipients: number;
};
type ActionResponse = {
  intent: string;
  ok: boolean;
  message: string;
  draft?: Draft;
  fieldErrors?: Record<string, string | undefined>;
};

const number = new Intl.NumberFormat("sr-Latn");

/**
 * The manual and the dynamic newsletter (spec §2, §4): choose (manual: 1 to 5 of the 20 newest
 * articles; dynamic: the 3 newest articles and 3 job ads), generate, preview, choose recipients
 * (all active or picked ones), send. After a send the dialog closes and everything resets.
 */
export function ComposerDialog({
  kind,
  open,
  onOpenChange,
  onSent,
}: {
  kind: "manual" | "dynamic";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (message: string) => void;
}) {
  const prefix = `composer-${kind}`;
  const articles = useFetcher<ArticlesResponse>({ key: `${prefix}-articles` });
  const generator = useFetcher<ActionResponse>({ key: `${prefix}-generate` });
  const sender = useFetcher<ActionResponse>({ key: `${prefix}-send` });
  const [selected, setSelected] = useState<number[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [subject, setSubject] = useState("");
  const [audience, setAudience] = useState<"all" | "selected">("all");
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const handled = useRef<unknown>(null);

  const { load } = articles;
  const requested = useRef(false);
  useEffect(() => {
    if (!open) {
      requested.current = false; // Opened again later: offer the newest articles again.
      return;
    }
    if (requested.current) return;
    requested.current = true;
    load(`/admin/newsletter/articles${kind === "dynamic" ? "?tip=dinamicki" : ""}`);
  }, [open, load, kind]);

  // A generated draft arrives: preview it.
  useEffect(() => {
    const result = generator.data;
    if (generator.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.draft) {
      setDraft(result.draft);
      setSubject(result.draft.subject);
      setMessage(null);
    } else {
      setMessage(result.message);
    }
  }, [generator.state, generator.data]);

  // The send was queued: close and reset everything (spec §4).
  useEffect(() => {
    const result = sender.data;
    if (sender.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setConfirming(false);
    if (result.ok) {
      setDraft(null);
      setSelected([]);
      setPicked(new Map());
      setAudience("all");
      setSubject("");
      setMessage(null);
      onOpenChange(false);
      onSent(result.message);
    } else {
      setMessage(result.fieldErrors?.subject ?? result.message);
    }
  }, [sender.state, sender.data, onOpenChange, onSent]);

  const toggleArticle = (id: number) => {
    setMessage(null);
    setDraft(null); // What is previewed is what is sent: a change asks for a new preview.
    setSelected((current) =>
      current.includes(id)
        ? current.filter((x) => x !== id)
        : current.length >= MAX_ARTICLES
          ? current
          : [...current, id],
    );
  };

  const generate = () => {
    if (kind === "manual" && selected.length === 0) {
      setMessage(NEED_ARTICLE);
      return;
    }
    setMessage(null);
    const form = new FormData();
    form.set("intent", "generate");
    form.set("kind", kind);
    const ordered = (articles.data?.articles ?? []).map((a) => a.id).filter((id) => selected.includes(id));
    for (const id of ordered) form.append("articleIds", String(id));
    generator.submit(form, { method: "post", action: "/admin/newsletter" });
  };

  const recipientCount = audience === "all" ? (draft?.activeRecipients ?? 0) : picked.size;
  const askToSend = () => {
    if (!draft || recipientCount === 0) {
      setMessage(NEED_DRAFT_AND_RECIPIENTS);
      return;
    }
    if (!subject.trim()) {
      setMessage("Unesite naslov email-a");
      return;
    }
    setMessage(null);
    setConfirming(true);
  };
  const send = () => {
    if (!draft) return;
    const form = new FormData();
    form.set("intent", "send");
    form.set("draftId", String(draft.id));
    form.set("subject", subject);
    form.set("audience", audience);
    if (audience === "selected") for (const id of picked.keys()) form.append("subscriberIds", String(id));
    sender.submit(form, { method: "post", action: "/admin/newsletter" });
  };

  const loadFailed = articles.data && !articles.data.ok;
  const list = articles.data?.articles ?? [];
  const generating = generator.state !== "idle";
  const sending = sender.state !== "idle";

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={kind === "manual" ? "Novi newsletter" : "Dinamički newsletter"}
      description={
        kind === "manual"
          ? "Izaberite od 1 do 5 članaka, generišite newsletter, pregledajte ga i pošaljite."
          : "3 najnovija članka i 3 oglasa za posao, sastavljeni automatski."
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Zatvori
          </Button>
          <Button onClick={askToSend} disabled={sending} data-testid={`${prefix}-send`}>
            {sending ? "Pokretanje…" : "Pošalji newsletter"}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <Notice tone="error" message={message} />
        <section aria-labelledby={`${prefix}-step1`}>
          <h3 id={`${prefix}-step1`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            1. Sadržaj
          </h3>
          {articles.state !== "idle" && !articles.data ? (
            <p className="mt-2 text-sm text-slate-500">Učitavanje članaka…</p>
          ) : loadFailed ? (
            <Notice tone="error" className="mt-2" message={articles.data?.message} />
          ) : kind === "manual" ? (
            <fieldset className="mt-2">
              <legend className="text-sm text-slate-600">
                Izabrano {selected.length} od najviše {MAX_ARTICLES} · 20 najnovijih objavljenih članaka
              </legend>
              {list.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">Nema objavljenih članaka.</p>
              ) : null}
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                {list.map((a) => {
                  const checked = selected.includes(a.id);
                  const disabled = !checked && selected.length >= MAX_ARTICLES;
                  return (
                    <li key={a.id}>
                      <label
                        className={`flex items-start gap-3 px-3 py-2 text-sm ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50"}`}
                      >
                        <input
                          type="checkbox"
                          className="mt-0.5 h-4 w-4 rounded border-slate-300"
                          checked={checked}
                          disabled={disabled}
                          onChange={() => toggleArticle(a.id)}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900">{a.title}</span>
                          <span className="text-xs text-slate-500">
                            {a.category} · {formatDate(a.publishedDate)}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : (
            <div className="mt-2 grid gap-4 md:grid-cols-2">
              <div>
                <p className="text-sm font-medium text-slate-700">Članci</p>
                <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
                  {list.map((a) => (
                    <li key={a.id}>{a.title}</li>
                  ))}
                </ul>
                {list.length === 0 ? <p className="text-sm text-slate-500">Nema članaka.</p> : null}
              </div>
              <div>
                <p className="text-sm font-medium text-slate-700">Oglasi za posao</p>
                <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
                  {(articles.data?.jobAds ?? []).map((ad) => (
                    <li key={`${ad.title}-${ad.company}`}>
                      {ad.title} — {ad.company}, {ad.location}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          <div className="mt-3">
            <Button
              variant={draft ? "secondary" : "primary"}
              onClick={generate}
              disabled={generating || Boolean(loadFailed)}
            >
              {generating ? "Generisanje…" : draft ? "Generiši ponovo" : "Generiši newsletter"}
            </Button>
          </div>
        </section>

        {draft ? (
          <section aria-labelledby={`${prefix}-step2`}>
            <h3
              id={`${prefix}-step2`}
              className="text-sm font-semibold uppercase tracking-wide text-slate-500"
            >
              2. Pregled
            </h3>
            <div className="mt-2">
              <NewsletterPreview html={draft.html} text={draft.text} />
            </div>
          </section>
        ) : null}

        {draft ? (
          <section aria-labelledby={`${prefix}-step3`} className="space-y-3">
            <h3
              id={`${prefix}-step3`}
              className="text-sm font-semibold uppercase tracking-wide text-slate-500"
            >
              3. Primaoci i naslov
            </h3>
            <Field id={`${prefix}-subject`} label="Naslov email-a">
              <Input
                id={`${prefix}-subject`}
                value={subject}
                maxLength={200}
                onChange={(e) => setSubject(e.target.value)}
              />
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">Kome šaljemo</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${prefix}-audience`}
                  checked={audience === "all"}
                  onChange={() => setAudience("all")}
                />
                Svim aktivnim pretplatnicima{" "}
                <Badge tone="brand">{number.format(draft.activeRecipients)}</Badge>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${prefix}-audience`}
                  checked={audience === "selected"}
                  onChange={() => setAudience("selected")}
                />
                Izabranim pretplatnicima
              </label>
            </fieldset>
            {audience === "selected" ? (
              <RecipientPicker idPrefix={prefix} picked={picked as Picked} onChange={setPicked} />
            ) : null}
          </section>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="info"
        title="Poslati newsletter?"
        description={`„${subject.trim()}” ide na ${number.format(recipientCount)} ${recipientCount === 1 ? "adresu" : "adresa"}. Slanje teče u pozadini, u grupama od 1.000; stranu možete napustiti.`}
        confirmLabel="Pošalji"
        busy={sending}
        onConfirm={send}
      />
    </Modal>
  );
}
