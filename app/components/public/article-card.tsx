import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { articleImageUrl } from "~/domain/articles/image-url";
import { articlePath } from "~/domain/articles/slug";
import { formatLongDate } from "~/lib/dates";
import { ArticleImage } from "./article-image";

/** What a card needs; loaders send exactly this (dates travel as ISO strings or Dates). */
export type ArticleCardData = {
  id: number;
  title: string;
  slug: string | null;
  excerpt: string;
  category: string;
  author: string;
  featuredImage: string | null;
  publishedDate: Date | string;
};

function PublishedOn({ date }: { date: Date | string }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{formatLongDate(d)}</time>;
}

function CategoryLabel({ category }: { category: string }) {
  return (
    <span
      className={cn(
        "text-xs font-semibold uppercase tracking-wide",
        category === "Oglasi" ? "text-amber-700" : "text-brand-600",
      )}
    >
      {category}
    </span>
  );
}

/** What every card shows: the article, and the site's default picture for one without its own. */
type CardProps = { article: ArticleCardData; defaultImage: string | null };

/** The article's picture (or the site's default), as a card shows it. */
function CardImage({
  article,
  defaultImage,
  ...props
}: CardProps & {
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <ArticleImage
      src={articleImageUrl(article.featuredImage, null)}
      fallback={defaultImage}
      alt=""
      {...props}
    />
  );
}

/** The title as the link of the whole card (its `after:` layer covers the card). */
function TitleLink({ article, className }: { article: ArticleCardData; className: string }) {
  return (
    <Link to={articlePath(article)} prefetch="intent" className={className}>
      {article.title}
    </Link>
  );
}

/**
 * A grid card: picture, category, title (the link), excerpt, author and date. On a phone it is a
 * compact row (a small picture beside the title and date), so a screen shows several headlines
 * rather than one picture.
 */
export function ArticleCard({
  article,
  defaultImage,
  priority = false,
  headingLevel = 3,
}: CardProps & {
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:flex-col">
      <div className="w-32 shrink-0 self-start sm:w-auto sm:self-auto">
        <CardImage
          article={article}
          defaultImage={defaultImage}
          priority={priority}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 128px"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-3 sm:p-4">
        <CategoryLabel category={article.category} />
        <Heading className="mt-1 text-[0.95rem] font-semibold leading-snug text-slate-900 sm:text-base">
          <TitleLink article={article} className="after:absolute after:inset-0 group-hover:text-brand-700" />
        </Heading>
        <p className="mt-2 line-clamp-3 hidden text-sm text-slate-600 sm:block">{article.excerpt}</p>
        <p className="mt-auto pt-2 text-xs text-slate-500 sm:pt-3">
          {article.author ? <span className="hidden sm:inline">{article.author} · </span> : null}
          <PublishedOn date={article.publishedDate} />
        </p>
      </div>
    </article>
  );
}

/** The big first hero: picture with the title over it. */
export function HeroArticle({
  article,
  defaultImage,
  priority,
}: CardProps & {
  priority: boolean;
}) {
  return (
    <article className="group relative overflow-hidden rounded-xl bg-slate-900">
      <CardImage
        article={article}
        defaultImage={defaultImage}
        priority={priority}
        sizes="(min-width: 1024px) 66vw, 100vw"
        className="opacity-90 transition group-hover:opacity-100"
      />
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent p-4 pt-16 sm:p-6">
        <span className="rounded bg-brand-600 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
          {article.category}
        </span>
        <h2 className="mt-2 text-xl font-bold leading-tight text-white sm:text-3xl">
          <TitleLink article={article} className="after:absolute after:inset-0" />
        </h2>
        <p className="mt-2 hidden text-sm text-slate-200 sm:line-clamp-2">{article.excerpt}</p>
      </div>
    </article>
  );
}

/** A compact row (popular list, hero side list): small picture and title. */
export function ArticleRow({
  article,
  defaultImage,
  rank,
}: CardProps & {
  rank?: number;
}) {
  return (
    <article className="group relative flex gap-3">
      {rank !== undefined ? (
        <span className="w-6 shrink-0 text-2xl font-bold leading-none text-brand-200" aria-hidden="true">
          {rank}
        </span>
      ) : null}
      <div className="w-28 shrink-0 overflow-hidden rounded-lg">
        <CardImage article={article} defaultImage={defaultImage} sizes="112px" />
      </div>
      <div className="min-w-0">
        <CategoryLabel category={article.category} />
        <h3 className="line-clamp-3 text-sm font-semibold leading-snug text-slate-900">
          <TitleLink article={article} className="after:absolute after:inset-0 group-hover:text-brand-700" />
        </h3>
        <p className="mt-1 text-xs text-slate-500">
          <PublishedOn date={article.publishedDate} />
        </p>
      </div>
    </article>
  );
}
