import { Form, Link, useFetcher } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import {
  ContentCard,
  FormNotices,
  isScheduled,
  MainImageCard,
  PublishCard,
  SaveButtons,
  SaveRefusal,
  SeoCard,
} from "~/components/articles/article-form-parts";
import { RevisionsPanel, restoreFetcherKey } from "~/components/articles/revisions-panel";
import { useArticleForm, useSaving } from "~/components/articles/use-article-form";
import { PreviewLinkCard, type WorkReply } from "~/components/articles/work-notices";
import { ButtonLink } from "~/components/ui/button";
import { requirePermission } from "~/http/auth.server";
import { readIntent } from "~/http/intent";
import type { Route } from "./+types/article-form";
import {
  articleFormIntents,
  articleIdOf,
  listQuery,
  loadArticleForm,
  previewLinkAction,
  restoreAction,
  revokePreviewAction,
  saveAction,
  unscheduleAction,
  workRefused,
} from "./article-form.server";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Izmena članka" : "Novi članak"} — Admin panel` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const from = listQuery(new URL(request.url).searchParams.get("from")).toString();
  return loadArticleForm(user, id, from);
}

/** One handler per intent (article-form.server.ts); the other buttons need a stored article. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const id = articleIdOf(params);
  const parsed = await readIntent(request, articleFormIntents);
  const { form } = parsed;
  if (!parsed.ok) return workRefused();
  const ctx = { request, form, user, ip: context.clientIp };
  const intent = parsed.data;
  if (intent.intent === "publish" || intent.intent === "draft") return saveAction(ctx, id);
  if (id === null) return workRefused();
  switch (intent.intent) {
    case "unschedule":
      return unscheduleAction({ ...ctx, id });
    case "preview-link":
      return previewLinkAction({ ...ctx, id });
    case "preview-revoke":
      return revokePreviewAction({ ...ctx, id }, intent.linkId);
    case "restore":
      return restoreAction({ ...ctx, id }, intent.revisionId);
  }
}

/** Enter in a one-line field does not submit the article (the first button would publish it). */
function keepEnterFromSubmitting(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === "Enter" && target instanceof HTMLInputElement && target.type !== "checkbox") {
    event.preventDefault();
  }
}

function FormHeader({
  id,
  publicPath,
  backTo,
}: {
  id: number | null;
  publicPath: string | null;
  backTo: string;
}) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={backTo} className="text-brand-700 hover:underline">
          ‹ Nazad na članke
        </Link>
      </p>
      <PageHeader
        title={id === null ? "Novi članak" : "Izmena članka"}
        description={
          id === null ? "Popunite polja i objavite članak ili ga sačuvajte kao nacrt." : `ID ${id}`
        }
        actions={
          id !== null ? (
            <>
              <ButtonLink variant="secondary" to={`/admin/articles/${id}`}>
                Pregled u adminu
              </ButtonLink>
              {publicPath ? (
                <a
                  className="self-center text-sm text-brand-700 hover:underline"
                  href={publicPath}
                  target="_blank"
                  rel="noreferrer"
                >
                  Javna stranica ↗
                </a>
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}

export default function ArticleForm({ loaderData }: Route.ComponentProps) {
  const { id, from, status, version, revisions } = loaderData;
  const form = useArticleForm({
    id,
    version,
    loadedValues: loaderData.values,
    autosave: loaderData.autosave,
  });
  const saving = useSaving();
  // Kept here, outside the form that remounts with the restored version, so its answer stays.
  const restoreReply = useFetcher<WorkReply>({ key: restoreFetcherKey(id ?? 0) });
  const others = form.safety.others.length > 0 || id === null ? form.safety.others : loaderData.others;
  const backTo = `/admin/articles${from ? `?${from}` : ""}`;
  const field = { values: form.startValues, errors: form.errors };
  return (
    <div>
      {form.safety.guard}
      <FormHeader id={id} publicPath={loaderData.publicPath} backTo={backTo} />
      <FormNotices form={form} id={id} others={others} restoreReply={restoreReply} />
      <Form
        key={`${form.formKey}-${version}`}
        ref={form.formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        onKeyDown={keepEnterFromSubmitting}
        className="space-y-6"
      >
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="baseVersion" value={form.baseVersion ?? ""} />
        <input type="hidden" name="force" value={form.force ? "1" : ""} />
        <SaveRefusal message={form.formMessage} fieldErrors={form.errors} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <ContentCard form={form} field={field} isAdmin={loaderData.isAdmin} />
            <SeoCard form={form} field={field} />
            {id !== null ? <RevisionsPanel articleId={id} revisions={revisions} /> : null}
          </div>
          <div className="space-y-6">
            <PublishCard form={form} field={field} status={status} publishedDate={loaderData.publishedDate} />
            <MainImageCard field={field} />
            <SaveButtons scheduled={isScheduled(form.fields.dateValue)} saving={saving} backTo={backTo} />
            {id !== null && status !== "publish" ? (
              <PreviewLinkCard
                fetcher={form.work}
                links={loaderData.previewLinks}
                canUnschedule={status === "scheduled"}
              />
            ) : null}
          </div>
        </div>
      </Form>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
