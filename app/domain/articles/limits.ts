/** The article form's limits (its words are in app/messages/articles.ts). */

export const ARTICLE_LIMITS = {
  title: 300,
  excerpt: 1000,
  content: 200_000,
  author: 120,
  metaTitle: 300,
  metaDescription: 500,
  slug: 100,
  tag: 50,
  tags: 30,
  image: 2000,
} as const;
