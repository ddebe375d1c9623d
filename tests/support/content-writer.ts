/**
 * Another app process, for server/content-sync.int.test.ts: opens the PostgreSQL database in
 * argv[2] as a server does (its content sync: NOTIFY out, LISTEN in), publishes an article titled
 * argv[3] and renames the site to argv[4] as the admin screens do (the write, then the content
 * signal), and exits once the database has taken both.
 *   node --import tsx tests/support/content-writer.ts <url> <title> <site name>
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { articles, siteSettings } from "../../app/db/schema";
import { contentChanged } from "../../app/lib/content-change.server";
import { startContentSync } from "../../server/content-sync";

const [url, title, siteName] = process.argv.slice(2);
const handle = await openDatabase({ driver: "postgres", url });
const stop = await startContentSync(handle, { pageCache: null });
await handle.db
  .insert(articles)
  .values({ title, category: "Vesti", status: "publish", publishedDate: new Date() });
contentChanged("articles");
await handle.db.update(siteSettings).set({ siteName }).where(eq(siteSettings.id, 1));
contentChanged("settings");
// The notifications go out on the pool; closing it waits for them.
await stop();
await handle.close();
