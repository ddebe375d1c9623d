import { escapeXml } from "~/domain/articles/feeds";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { FEED_CACHE } from "~/lib/http-cache";
import { publicOrigin } from "~/lib/public-origin.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/opensearch";

/**
 * `/opensearch.xml`: the OpenSearch description every public page links to from its head, so a
 * browser offers the site's search (`/pretraga?q=…`) from its address bar (docs/decisions/200).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { siteName } = await getCachedSettings(getDb());
  const origin = publicOrigin(request);
  // The spec of the format: ShortName at most 16 characters, Description at most 1024.
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${escapeXml(Array.from(siteName).slice(0, 16).join("").trim())}</ShortName>
  <Description>${escapeXml(`${siteName}: pretraga vesti, kompanija, poslova, kupoprodaje i foruma`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Language>sr</Language>
  <Image width="32" height="32" type="image/svg+xml">${escapeXml(`${origin}/favicon.svg`)}</Image>
  <Url type="text/html" method="get" template="${escapeXml(`${origin}/pretraga?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(`${origin}/opensearch.xml`)}"/>
  <moz:SearchForm>${escapeXml(`${origin}/pretraga`)}</moz:SearchForm>
</OpenSearchDescription>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/opensearchdescription+xml; charset=utf-8",
      "Cache-Control": FEED_CACHE,
    },
  });
}
