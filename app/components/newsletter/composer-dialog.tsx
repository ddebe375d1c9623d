import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import {
  ArticleChecklist,
  type ArticleChoice,
  AudienceStep,
  DynamicContent,
  type JobAd,
  MAX_ARTICLES,
  StepHeading,
} from "./composer-parts";
import { Modal } from "./modal";
import { NewsletterPreview } from "./preview";

/** Spec messages (app/messages/newsletter.ts), repeated here for the browser's instant checks. */
const NEED_ARTICLE = "Molimo odaberite najmanje jedan članak";
const NEED_DRAFT_AND_RECIPIENTS = "Molimo prvo generisite newsletter i odaberite primaoce";
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

/** The articles (and job ads) to choose from, asked for each time the dialog opens. */
function useArticleChoices(kind: "manual" | "dynamic", prefix: string, open: boolean) {
  const articles = useFetcher<ArticlesResponse>({ key: `${prefix}-articles` });
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
  return articles;
}

/**
 * Over 80 lines on purpose: one state machine (choose → generate → preview → recipients → send)
 * whose steps share the same state; the dialog's parts are in composer-parts.tsx.
 *
 * The composer's state: the article list, the draft, the recipients, and the generate and send posts. */
function useComposer({
  kind,
  prefix,
  open,
  onOpenChange,
  onSent,
}: {
  kind: "manual" | "dynamic";
  prefix: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (message: string) => void;
}) {
  const articles = useArticleChoices(kind, prefix, open);
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

  return {
    articles,
    list,
    loadFailed,
    selected,
    toggleArticle,
    draft,
    subject,
    setSubject,
    audience,
    setAudience,
    picked,
    setPicked,
    message,
    confirming,
    setConfirming,
    recipientCount,
    generate,
    generating,
    askToSend,
    send,
    sending,
  };
}

/**
 * The manual and the dynamic newsletter (spec §2, §4): choose (manual: 1 to 5 of the 20 newest
 * articles; dynamic: the 3 newest articles and 3 job ads), generate, preview, choose recipients
 * (all active or picked ones), send. After a send the dialog closes and everything resets.
 */
// Over 80 lines on purpose: the dialog's three steps laid out; state in useComposer, parts in composer-parts.tsx.
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
  const c = useComposer({ kind, prefix, open, onOpenChange, onSent });
  const { articles, list, loadFailed, selected, draft, subject, audience, message, recipientCount } = c;
  const { generating, sending } = c;
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
          <Button onClick={c.askToSend} disabled={sending} data-testid={`${prefix}-send`}>
            {sending ? "Pokretanje…" : "Pošalji newsletter"}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <Notice tone="error" message={message} />
        <section aria-labelledby={`${prefix}-step1`}>
          <StepHeading id={`${prefix}-step1`}>1. Sadržaj</StepHeading>
          {articles.state !== "idle" && !articles.data ? (
            <p className="mt-2 text-sm text-slate-500">Učitavanje članaka…</p>
          ) : loadFailed ? (
            <Notice tone="error" className="mt-2" message={articles.data?.message} />
          ) : kind === "manual" ? (
            <ArticleChecklist list={list} selected={selected} onToggle={c.toggleArticle} />
          ) : (
            <DynamicContent list={list} jobAds={articles.data?.jobAds ?? []} />
          )}
          <div className="mt-3">
            <Button
              variant={draft ? "secondary" : "primary"}
              onClick={c.generate}
              disabled={generating || Boolean(loadFailed)}
            >
              {generating ? "Generisanje…" : draft ? "Generiši ponovo" : "Generiši newsletter"}
            </Button>
          </div>
        </section>

        {draft ? (
          <section aria-labelledby={`${prefix}-step2`}>
            <StepHeading id={`${prefix}-step2`}>2. Pregled</StepHeading>
            <div className="mt-2">
              <NewsletterPreview html={draft.html} text={draft.text} />
            </div>
          </section>
        ) : null}

        {draft ? (
          <AudienceStep
            prefix={prefix}
            activeRecipients={draft.activeRecipients}
            subject={subject}
            onSubject={c.setSubject}
            audience={audience}
            onAudience={c.setAudience}
            picked={c.picked}
            onPicked={c.setPicked}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={c.confirming}
        onOpenChange={c.setConfirming}
        tone="info"
        title="Poslati newsletter?"
        description={`„${subject.trim()}” ide na ${number.format(recipientCount)} ${recipientCount === 1 ? "adresu" : "adresa"}. Slanje teče u pozadini, u grupama od 1.000; stranu možete napustiti.`}
        confirmLabel="Pošalji"
        busy={sending}
        onConfirm={c.send}
      />
    </Modal>
  );
}
