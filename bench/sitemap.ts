/**
 * Sitemap benchmark: the whole sitemap (the index, then every file it lists) read over loopback
 * HTTP at 100,000 published bots, and the process's memory while it streams. Target (issue 29):
 * the whole set in ≤ 2 s with flat memory. The reference figure is the size of what was sent:
 * memory that grew by as much would mean the files were built whole.
 *
 *   npm run bench:sitemap
 *   BENCH_BOTS=20000 npm run bench:sitemap
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sitemap   (a database it may fill: bots are added)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { openDatabase } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';

const BOTS = Number(process.env.BENCH_BOTS ?? 100_000);
const TARGET_MS = 2_000;
const port = 20000 + Math.floor(Math.random() * 20000);
const origin = `http://127.0.0.1:${port}`;
const config = readConfig({
  NODE_ENV: 'development',
  ADMIN_TOKEN: `bench-${randomBytes(12).toString('hex')}`,
  LOG_LEVEL: 'warn',
  BASE_URL: origin,
  SECRET_KEY: randomBytes(32).toString('hex'),
  RATE_LIMIT_PAGES: '1000000',
  // The memory run collects garbage between chunks, which would read as an overloaded server.
  MAX_EVENT_LOOP_DELAY_MS: '0',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
// PGlite in memory unless a PostgreSQL server is named: a run leaves nothing behind.
const db = config.databaseUrl ? await openDatabase(config) : await openEmbedded(undefined);
await migrate(db);

console.log(`adding ${BOTS} published bots…`);
// Ids past any the other benches use; one statement per 10,000 bots.
const FIRST_ID = 700000000000000000n;
for (let from = 0; from < BOTS; from += 10_000) {
  await db.query(
    `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url, invite_url,
       support_server_url, website_url, categories, tags, owners, is_verified, published, published_at, created_at, updated_at)
     SELECT ($1::bigint + i)::text, 'Sitemap Bot ' || i, 'sitemap bot ' || i, 'sitemap bot ' || i,
            jsonb_build_object('de', 'sitemap-bot-' || i || '-de', 'en', 'sitemap-bot-' || i),
            '{"de": "Ein Bot.", "en": "A bot."}', '!', 'free', 'https://cdn.example.org/i.png', 'https://example.org',
            'https://example.org', 'https://example.org', '{utility}', '{bench}', '{399999999999999999}', false, true,
            timestamptz '2025-01-01' + i * interval '1 minute', now(), now()
       FROM generate_series($2::int, $3::int) AS i
     ON CONFLICT (id) DO NOTHING`,
    [String(FIRST_ID), from, Math.min(from + 10_000, BOTS) - 1],
  );
}
const app = await buildApp({ config, db });
await app.listen({ port, host: '127.0.0.1' });
console.log(`catalog: ${app.services.catalog.size} published bots`);

/** Reads a URL to its end and answers its size; `each` is called for every chunk received. */
async function read(url: string, each: () => void): Promise<number> {
  const response = await request(url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += (chunk as Buffer).length;
    each();
  }
  return bytes;
}

/** Reads the index and every file it lists; answers the time taken, the files and the bytes. */
async function readAll(each: () => void): Promise<{ ms: number; files: number; bytes: number }> {
  const started = performance.now();
  const answer = await request(`${origin}/sitemap.xml`);
  if (answer.statusCode !== 200) throw new Error(`/sitemap.xml: ${answer.statusCode}`);
  const index = await answer.body.text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  let bytes = index.length;
  for (const file of files) bytes += await read(file, each);
  return { ms: performance.now() - started, files: files.length, bytes };
}

/** What the process holds after a full collection: garbage not yet collected would hide what is kept. */
function retained(): number {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const gc =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    throw new Error('run with node --expose-gc (npm run bench:sitemap does)');
  });
const MB = 1024 * 1024;
const nothing = () => undefined;
await readAll(nothing); // warm-up
const runs: Awaited<ReturnType<typeof readAll>>[] = [];
for (let i = 0; i < 5; i++) runs.push(await readAll(nothing));
for (const [i, r] of runs.entries())
  console.log(`run ${i + 1}: ${r.ms.toFixed(0)} ms for ${r.files} files, ${(r.bytes / MB).toFixed(1)} MB sent`);

// Memory, in a run of its own (the collections take time): what is held every 10 chunks received, against what it held before.
const before = retained();
let peak = before;
let chunks = 0;
const sent = await readAll(() => {
  if (++chunks % 10 === 0) peak = Math.max(peak, retained());
});
const grew = peak - before;

const times = runs.map((r) => r.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const urls = 2 * app.services.catalog.size + 4;
console.log(
  `\nsitemap at ${app.services.catalog.size} bots (${urls} URLs): median ${median.toFixed(0)} ms of ${times.length} runs ` +
    `(${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)}; target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}); ` +
    `held at most ${(grew / MB).toFixed(1)} MB more while streaming ${(sent.bytes / MB).toFixed(1)} MB ` +
    '(reference: the bytes sent, what building the files whole would hold)',
);
console.log('reproduce: npm run bench:sitemap   (BENCH_BOTS, BENCH_DATABASE_URL)');
await app.close();
await db.close();
