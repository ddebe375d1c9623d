/**
 * The admin article list at scale: count + page, filters and the diacritic-insensitive search
 * (title, the content's plain text, author) over N generated articles, on the embedded database
 * (PGlite) and on PostgreSQL.
 *
 *   npx tsx bench/article-search.ts                              # PGlite, 100,000 articles
 *   npx tsx bench/article-search.ts --driver postgres            # a throwaway PostgreSQL cluster
 *   npx tsx bench/article-search.ts --rows 5000 --runs 50        # the demo's scale
 *   DATABASE_URL=postgres://… npx tsx bench/article-search.ts --driver postgres   # an existing, EMPTY database
 *   npx tsx bench/article-search.ts --explain                    # also EXPLAIN ANALYZE each query
 *
 * Each scenario calls the real `listAdminArticles` (the function behind /admin/articles) `runs`
 * times after one warm-up call and prints the median and p95 in milliseconds, and the plan of the
 * search shows which indexes answer it. Results: bench/README.md.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../app/db/client.server";
import {
  articleCountQuery,
  articlePageQuery,
  articleSearchCondition,
  listAdminArticles,
  parseArticleListQuery,
} from "../app/domain/articles/admin.server";
import { openBenchDatabase } from "./support/database";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    rows: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    explain: { type: "boolean", default: false },
  },
});
const ROWS = Number(opts.rows);
const RUNS = Number(opts.runs);

/** Article text like the demo's: Serbian with diacritics, paragraphs, headings, an image. */
async function generate(handle: DatabaseHandle, rows: number) {
  const words = [
    "vozač",
    "kamion",
    "šofer",
    "gorivo",
    "dizel",
    "kontrola",
    "vaga",
    "autoput",
    "prikolica",
    "teret",
    "dispečer",
    "odmor",
    "smena",
    "inspekcija",
    "kazna",
    "država",
    "grad",
    "zima",
    "sneg",
    "prevoj",
    "plata",
    "posao",
    "kompanija",
    "Čikago",
    "Teksas",
    "Ohajo",
    "Đorđe",
    "Žarko",
    "Ćirić",
    "Šabac",
  ];
  const list = `array[${words.map((w) => `'${w}'`).join(",")}]`;
  const sentence = (seed: string) =>
    `(select string_agg((${list})[1 + ((${seed} * 7 + k * 13) % ${words.length})], ' ') from generate_series(1, 12) k)`;
  await handle.db.execute(
    sql.raw(`
    insert into articles (title, excerpt, content, author, category, status, popular, featured, featured_image, published_date)
    select
      initcap(${sentence("g")}) || ' ' || g,
      ${sentence("g + 1")},
      '<p>' || ${sentence("g + 2")} || '. ' || ${sentence("g + 3")} || '.</p><h2>' || ${sentence("g + 4")} ||
        '</h2><p>' || ${sentence("g + 5")} || ' ' || md5(g::text) || '.</p><figure><img src="/demo/truck-' || (1 + g % 8) ||
        '.svg" alt=""></figure><ul><li>' || ${sentence("g + 6")} || '</li></ul><p>' || repeat(${sentence("g + 7")} || '. ', 6) || '</p>',
      (array['Marko Petrović','Jelena Jović','Nikola Ilić','Milan Đorđević','Ana Šarić','Stevan Čolić'])[1 + g % 6],
      case when g % 3 = 0 then 'Oglasi' else 'Vesti' end,
      case when g % 5 = 0 then 'draft' else 'publish' end,
      g % 17 = 0,
      g % 29 = 0,
      '/demo/truck-' || (1 + g % 8) || '.svg',
      timestamptz '2015-01-01' + g * interval '47 minutes'
    from generate_series(1, ${rows}) g`),
  );
  // A few needles for the rare-word search.
  await handle.db.execute(
    sql`update articles set title = title || ' Vašington Šprem' where id in (select id from articles order by id limit 3)`,
  );
  await handle.db.execute(sql.raw("vacuum analyze articles"));
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

async function main() {
  const { handle, close } = await openBenchDatabase(opts.driver as string);
  try {
    const started = performance.now();
    await generate(handle, ROWS);
    const [{ n, mb }] = (
      (await handle.db.execute(
        sql`select count(*)::int as n, round(pg_total_relation_size('articles') / 1048576.0)::int as mb from articles`,
      )) as unknown as { rows: { n: number; mb: number }[] }
    ).rows;
    console.log(
      `${opts.driver}: ${n.toLocaleString("en")} articles (${mb} MB with indexes) generated in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} runs per scenario\n`,
    );

    const scenarios: [string, string][] = [
      ["list, page 1 (no filter)", ""],
      [
        `list, page ${Math.max(1, Math.floor(ROWS / 40))} (deep offset)`,
        `page=${Math.max(1, Math.floor(ROWS / 40))}`,
      ],
      ["status=published & category=Oglasi", "status=published&category=Oglasi"],
      ["popular=yes", "popular=yes"],
      ["search 'vozac' (common word, no diacritics)", "q=vozac"],
      ["search 'vozac' + status=draft + Oglasi", "q=vozac&status=draft&category=Oglasi"],
      ["search 'sprem' (3 rows)", "q=sprem"],
      ["search 'vasington sprem' (phrase, 3 rows)", "q=vasington+sprem"],
      ["search 'djordjevic' (no match)", "q=djordjevic"],
      ["search 'dordevic' (author)", "q=dordevic"],
      ["search md5 fragment (content only)", "q=c4ca4238a0"],
    ];
    console.log("| scenario | total | median ms | p95 ms |");
    console.log("|---|---:|---:|---:|");
    for (const [name, search] of scenarios) {
      const query = parseArticleListQuery(new URLSearchParams(search));
      const first = await listAdminArticles(handle.db, query);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await listAdminArticles(handle.db, query);
        samples.push(performance.now() - t0);
      }
      const { median, p95 } = stats(samples);
      console.log(
        `| ${name} | ${first.total.toLocaleString("en")} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`,
      );
      if (opts.explain) {
        for (const [part, builder] of [
          ["count", articleCountQuery(handle.db, query)],
          ["page", articlePageQuery(handle.db, query, first.page)],
        ] as const) {
          const plan = (
            (await handle.db.execute(sql`explain (analyze, buffers) ${builder}`)) as unknown as {
              rows: Record<string, string>[];
            }
          ).rows;
          console.log(`\n${part}:\n${plan.map((row) => `    ${Object.values(row).join(" ")}`).join("\n")}\n`);
        }
      }
    }

    const plan = (
      (await handle.db.execute(
        sql`explain select count(*) from articles where ${articleSearchCondition("vasington sprem")}`,
      )) as unknown as { rows: Record<string, string>[] }
    ).rows
      .map((row) => Object.values(row).join(" "))
      .join("\n");
    console.log(`\nPlan of the count for 'vasington sprem':\n${plan}`);
  } finally {
    await close();
  }
}

await main();
