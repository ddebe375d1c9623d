import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table. Public pages and the admin back office live in their own folders; every admin
 * route below /admin has an entry in the permission matrix test
 * (app/routes/admin/permissions.int.test.ts).
 */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("vesti", "routes/public/category.tsx", { id: "public-vesti" }),
    route("oglasi", "routes/public/category.tsx", { id: "public-oglasi" }),
    route("article/:param", "routes/public/article.tsx"),
    route("pregled/:id/:expires/:signature", "routes/public/article-preview.tsx"),
    route("kompanije", "routes/public/companies.tsx"),
    route("kompanije/nova", "routes/public/company-request.tsx"),
    route("kompanije/:id", "routes/public/company.tsx"),
    route("poslovi", "routes/public/listings.tsx", { id: "public-jobs" }),
    route("poslovi/novi", "routes/public/listing-new.tsx", { id: "public-job-new" }),
    route("poslovi/obavestenje", "routes/public/alert-new.tsx", { id: "public-job-alert" }),
    route("poslovi/:param", "routes/public/listing.tsx", { id: "public-job" }),
    route("kupoprodaja", "routes/public/listings.tsx", { id: "public-sales" }),
    route("kupoprodaja/novi", "routes/public/listing-new.tsx", { id: "public-sale-new" }),
    route("kupoprodaja/obavestenje", "routes/public/alert-new.tsx", { id: "public-sale-alert" }),
    route("kupoprodaja/:param", "routes/public/listing.tsx", { id: "public-sale" }),
    // A poster's own listing, through the private link they got by e-mail (docs/decisions/300).
    route("moj-oglas/novi-link", "routes/public/listing-new-link.tsx"),
    route("moj-oglas/obrisan", "routes/public/deleted.tsx", { id: "public-listing-deleted" }),
    route("moj-oglas/:id/:token", "routes/public/listing-manage.tsx"),
    route("moj-oglas/:id/:token/izmena", "routes/public/listing-manage-edit.tsx"),
    // Alerts for new listings (docs/decisions/302).
    route("obavestenja/odjava", "routes/public/alert-unsubscribe.tsx"),
    route("obavestenja/obrisano", "routes/public/deleted.tsx", { id: "public-alert-deleted" }),
    route("obavestenja/:id/:token", "routes/public/alert.tsx"),
    route("istaknite-oglas", "routes/public/promotion.tsx"),
    route("istaknite-oglas/potvrda", "routes/public/promotion-confirmation.tsx"),
    route("istaknite-oglas/otkazano", "routes/public/promotion-cancelled.tsx"),
    route("forum", "routes/public/forum.tsx"),
    route("forum/nova", "routes/public/forum-new.tsx"),
    route("forum/:id", "routes/public/forum-topic.tsx"),
    route("newsletter", "routes/public/newsletter.tsx"),
    route("newsletter/odjava", "routes/public/newsletter-unsubscribe.tsx"),
    route("pretraga", "routes/public/search.tsx"),
    route("tag/:slug", "routes/public/tag.tsx"),
    route("bez-mreze", "routes/public/offline.tsx"),
    // Any other address: a 404 inside the site's layout, with its header and footer.
    route("*", "routes/public/not-found.tsx"),
  ]),

  route("b/:bannerId", "routes/public/banner-click.ts"),
  route("api/views", "routes/public/view-beacon.ts"),
  route("api/newsletter", "routes/public/newsletter-api.ts"),
  route("webhooks/stripe", "routes/public/stripe-webhook.ts"),
  route("rss.xml", "routes/public/rss.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("sitemap/:file", "routes/public/sitemap-file.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("opensearch.xml", "routes/public/opensearch.ts"),
  route("manifest.webmanifest", "routes/public/web-app-manifest.ts"),
  route("bez-mreze.json", "routes/public/offline-latest.ts"),
  route("izvestaj/:periodId/:signature", "routes/public/campaign-report.tsx"),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/link", "routes/admin/login-link.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/api/media", "routes/admin/api/media.ts"),
  route("admin/api/article-work", "routes/admin/api/article-work.ts"),
  route("admin/newsletter/export.csv", "routes/admin/newsletter-export.ts"),
  route("admin/audit/export.csv", "routes/admin/audit-export.ts"),
  route("admin/newsletter/articles", "routes/admin/newsletter-articles.ts"),
  route("admin/newsletter/recipients", "routes/admin/newsletter-recipients.ts"),
  route("admin/api/promotion-products", "routes/admin/api/promotion-products.ts"),
  route("admin/api/latin-words", "routes/admin/api/latin-words.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    ...prefix("articles", [
      index("routes/admin/articles.tsx"),
      route("new", "routes/admin/article-form.tsx", { id: "admin-article-new" }),
      route("edit/:id", "routes/admin/article-form.tsx", { id: "admin-article-edit" }),
      route(":id", "routes/admin/article.tsx"),
    ]),
    ...prefix("headings", [
      index("routes/admin/headings.tsx"),
      route(":id", "routes/admin/heading-preview.ts"),
    ]),
    ...prefix("users", [index("routes/admin/users.tsx")]),
    ...prefix("companies", [
      index("routes/admin/companies.tsx"),
      route("new", "routes/admin/company-form.tsx", { id: "admin-company-new" }),
      route("edit/:id", "routes/admin/company-form.tsx", { id: "admin-company-edit" }),
    ]),
    route("company-submissions", "routes/admin/company-submissions.tsx"),
    ...prefix("listings", [
      index("routes/admin/listings.tsx"),
      route("edit/:id", "routes/admin/listing-edit.tsx"),
    ]),
    route("forum", "routes/admin/forum-layout.tsx", [
      index("routes/admin/forum.tsx"),
      route("topics", "routes/admin/forum-topics.tsx"),
      route("comments", "routes/admin/forum-comments.tsx"),
    ]),
    ...prefix("banners", [
      index("routes/admin/banners.tsx"),
      route("new", "routes/admin/banner-form.tsx", { id: "admin-banner-new" }),
      route("edit/:id", "routes/admin/banner-form.tsx", { id: "admin-banner-edit" }),
    ]),
    ...prefix("analytics", [
      index("routes/admin/analytics.tsx"),
      route(":periodId", "routes/admin/analytics-campaign.tsx"),
    ]),
    ...prefix("newsletter", [
      index("routes/admin/newsletter.tsx"),
      route("outbox", "routes/admin/newsletter-outbox.tsx"),
      route("alerts", "routes/admin/newsletter-alerts.tsx"),
    ]),
    route("stripe-orders", "routes/admin/stripe-orders.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("popup", "routes/admin/popup.tsx"),
    route("cache", "routes/admin/cache.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
