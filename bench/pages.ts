/**
 * Pages benchmark: time to first byte and weight of the server-rendered pages, beside the API's
 * own answers for the same data.
 *
 * 1. The pages people browse, uncached (every request renders its page), at concurrency 10: the
 *    start page, a random page of the list (any of the five orders, any page), a category page, a
 *    search page with a typed query, a bot page; then GET /api/v1/bots (random order and page) and
 *    GET /api/v1/search (the same queries) as the API answers them (its answer store may keep
 *    them). Weight: the largest HTML seen plus the stylesheet and script (bot icons not counted).
 * 2. With the in-process default only: the bot page (anonymous and signed in) and the owner
 *    dashboard, one request at a time (issue 14's figures).
 *
 * Targets (issue 29): TTFB p99 ≤ 30 ms, weight ≤ 100 KB. TTFB is the time to the status line and
 * headers over loopback HTTP. On a data set the service runs in a process of its own, started as
 * `npm start` starts it; the 1,000 bots on PGlite are loaded into an app in this process.
 *
 *   npm run bench:pages                                   1,000 bots on PGlite, loaded here
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bd_scale_100000_10000000 npm run bench:pages
 *       a generated data set (npx tsx bench/scale/generate.ts) on PostgreSQL, as it is
 *   BENCH_WRITER=300,50 …   with the scale bench's writer sending 300 votes and 50 stats reports a
 *       second meanwhile (PostgreSQL data sets only: it reads the data set's side file)
 *   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=10 BENCH_BOTS=1000
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { SORTS } from '../src/modules/bots/schemas.js';
import { LIST_PAGE_SIZE } from '../src/modules/site/directory-routes.js';
import { startDemoProvider } from '../scripts/demo-provider.js';
import { sampleDataFile } from '../scripts/sample-data.js';
import { cpuMs, loadAverage } from './lib/proc.js';
import { buildServer, startServer } from './lib/server-process.js';
import { dataSet } from './scale/data-set.js';
import { sideFilePath } from './scale/generate.js';
import { Writer } from './scale/writer-control.js';

const DATABASE_URL = process.env.DATABASE_URL;
const BOTS = Number(process.env.BENCH_BOTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const WRITER = process.env.BENCH_WRITER;
const WARMUP = 100;
const TARGET_P99_MS = 30;
const TARGET_KB = 100;
const OUT_DIR = process.env.BENCH_SCALE_DIR ?? 'bench/scale/out';
const OWNER = { id: '210000000000000001', name: 'Bench Owner', label: 'owner' };
const VOTER = { id: '210000000000000002', name: 'Bench Voter', label: 'voter' };
const LANGS = ['en', 'de'] as const;

interface SampleBot {
  name: string;
  shortDescription: { en: string; de: string };
  categories: string[];
  tags: string[];
  isVerified: boolean;
}
const samples = JSON.parse(readFileSync(sampleDataFile('bots.sample.json'), 'utf8')) as SampleBot[];
/** Queries people typed (the search's labelled set), each with its language. */
const QUERIES = (JSON.parse(readFileSync(sampleDataFile('search-queries.public.json'), 'utf8')) as { q: string; lang: 'en' | 'de' }[]).map(
  ({ q, lang }) => ({ q, lang }),
);

const provider = DATABASE_URL ? undefined : await startDemoProvider({ personas: [OWNER, VOTER] });
const db = DATABASE_URL ? undefined : await openEmbedded(undefined);
if (db) await migrate(db);

/**
 * The service under test. On a data set it runs as `npm start` runs it, in a process of its own
 * (its CPU is not this load generator's); the small PGlite directory runs in this process, where
 * the bots are loaded and the owner's pages are signed in to.
 */
interface Target {
  origin: string;
  adminToken: string;
  pid: number;
  stop(): Promise<void>;
}

async function inProcess(embedded: NonNullable<typeof db>): Promise<Target & { app: Awaited<ReturnType<typeof buildApp>> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const origin = `http://127.0.0.1:${port}`;
  const adminToken = `bench-${randomBytes(12).toString('hex')}`;
  const config = readConfig({
    NODE_ENV: 'development',
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: 'warn',
    BASE_URL: origin,
    SECRET_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_ANONYMOUS: '1000000000',
    RATE_LIMIT_EMBEDS: '1000000000',
    RATE_LIMIT_PAGES: '1000000000',
    RATE_LIMIT_TIER1: '1000000000',
    // A slow moment of a busy machine must not turn into 503s that end the run.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(provider?.env ?? {}),
  });
  const app = await buildApp({ config, db: embedded });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin, adminToken, pid: process.pid, stop: () => app.close() };
}

async function ownProcess(url: string): Promise<Target> {
  buildServer();
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({ DATABASE_URL: url, MAX_EVENT_LOOP_DELAY_MS: '0' }, join(OUT_DIR, `pages-server-${Date.now()}.log`));
  console.log(`server: its own process (pid ${server.pid}), started in ${(server.startupMs / 1000).toFixed(1)} s`);
  return { origin: server.url, adminToken: server.adminToken, pid: server.pid, stop: server.stop };
}

const local = db ? await inProcess(db) : undefined;
const target: Target = local ?? (await ownProcess(DATABASE_URL as string));
const { origin } = target;
const admin = { authorization: `Bearer ${target.adminToken}` };

let ownedId = '';
if (local) {
  const { app } = local;
  console.log(`loading ${BOTS} bots…`);
  for (let i = 0; i < BOTS; i++) {
    const id = String(300000000000000000n + BigInt(i));
    const owners = i % 100 === 0 ? [OWNER.id] : ['399999999999999999'];
    if (owners[0] === OWNER.id) ownedId = id;
    // The sample bots' texts, categories and tags, so that searches and categories find what they would.
    const sample = samples[i % samples.length]!;
    const response = await app.inject({
      method: 'PUT',
      url: `/admin/v1/bots/${id}`,
      headers: admin,
      payload: {
        name: `${sample.name} ${i}`,
        slugs: { de: `bench-bot-${i}-de`, en: `bench-bot-${i}` },
        shortDescription: sample.shortDescription,
        prefix: '!',
        pricing: 'free',
        iconUrl: 'https://cdn.example.org/icon.png',
        bannerUrl: i % 2 === 0 ? 'https://cdn.example.org/banner.png' : null,
        inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
        supportServerUrl: 'https://discord.gg/example',
        websiteUrl: 'https://example.org',
        categories: sample.categories,
        tags: sample.tags,
        owners,
        isVerified: sample.isVerified,
        published: true,
        platformServerCount: 1000 + i,
        platformShardCount: 1,
      },
    });
    if (response.statusCode !== 201) throw new Error(`PUT bot: ${response.statusCode} ${response.body}`);
  }
  const voteTarget = '300000000000000500';
  for (let i = 0; i < 25; i++) {
    await app.inject({
      method: 'POST',
      url: `/admin/v1/bots/${voteTarget}/reviews`,
      headers: admin,
      payload: { user: `2200000000000000${10 + i}`, username: `Reviewer ${i}`, rating: 4, body: 'Works well for our server. '.repeat(8) },
    });
  }
  for (let i = 0; i < 3; i++)
    await app.inject({
      method: 'POST',
      url: `/admin/v1/bots/${ownedId}/keys`,
      headers: admin,
      payload: { scopes: ['votes:read'], name: `key ${i}` },
    });
  await app.services.trending.refresh();
}

// What the random requests pick from, asked of the service as any client would: the published
// bots' slugs, the number of list pages, and the categories that have bots with their page counts.
const getJson = async <T>(path: string): Promise<T> => {
  const response = await request(`${origin}${path}`, { headers: admin });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
  return (await response.body.json()) as T;
};
type BotPage = { data: { slugs: { en: string; de: string }; categories: string[] }[]; pagination: { total: number } };
const total = (await getJson<BotPage>('/api/v1/bots?limit=1')).pagination.total;
const listPages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
const slugs: { en: string; de: string }[] = [];
const inCategory = new Map<string, number>();
for (let i = 0; i < 10; i++) {
  const page = await getJson<BotPage>(`/api/v1/bots?sort=name&limit=100&page=${1 + Math.floor(Math.random() * Math.ceil(total / 100))}`);
  for (const bot of page.data) {
    slugs.push(bot.slugs);
    for (const category of bot.categories) inCategory.set(category, (inCategory.get(category) ?? 0) + 1);
  }
}
// A category's page count, as its first page's pagination shows it (the last page's link).
const categories: { id: string; pages: number }[] = [];
for (const id of inCategory.keys()) {
  const response = await request(`${origin}/en/categories/${encodeURIComponent(id)}`);
  const page = await response.body.text();
  const numbers = [...page.matchAll(/[?&]page=(\d+)/g)].map((match) => Number(match[1]));
  if (response.statusCode === 200) categories.push({ id, pages: Math.max(1, ...numbers) });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const pageOf = (pages: number) => 1 + Math.floor(Math.random() * pages);

let writer: Writer | undefined;
if (WRITER && DATABASE_URL) {
  const [votes = 0, stats = 0] = WRITER.split(',').map(Number);
  const name = new URL(DATABASE_URL).pathname.slice(1);
  writer = await Writer.start({ url: origin, adminToken: target.adminToken, sideFile: sideFilePath(dataSet(name, false)), seed: 1 });
  writer.setRate(votes, stats);
  console.log(`writer: ${votes} votes/s, ${stats} stats reports/s`);
}

const assetBytes = await (async () => {
  const home = await (await request(`${origin}/en`)).body.text();
  let bytes = 0;
  // The stylesheets and the script every page loads (not the site's icons, fetched once per site).
  for (const asset of home.matchAll(/<(?:link rel="stylesheet" href|script src)="(\/assets\/[^"]+)"/g)) {
    const response = await request(`${origin}${asset[1]!.replaceAll('&amp;', '&')}`);
    bytes += (await response.body.arrayBuffer()).byteLength;
  }
  return bytes;
})();

interface Figures {
  p50: number;
  p99: number;
  /** The largest body seen, in bytes. */
  largest: number;
  /** The server's CPU time per request, in ms, when it runs in a process of its own. */
  cpu?: number;
}

/** `REQUESTS` requests, `CONCURRENCY` at a time, each to the path `next()` makes; TTFB of each. */
async function measure(next: () => string, headers: Record<string, string> = {}, concurrency = CONCURRENCY): Promise<Figures> {
  const times: number[] = [];
  let largest = 0;
  let issued = 0;
  const ownProcess = target.pid !== process.pid;
  const cpuBefore = ownProcess ? cpuMs(target.pid) : undefined;
  const worker = async () => {
    while (issued < WARMUP + REQUESTS) {
      const n = issued++;
      const path = next();
      const started = performance.now();
      const response = await request(`${origin}${path}`, { headers });
      const ttfb = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
      const body = await response.body.arrayBuffer();
      largest = Math.max(largest, body.byteLength);
      if (n >= WARMUP) times.push(ttfb);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const cpuAfter = ownProcess ? cpuMs(target.pid) : undefined;
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / (WARMUP + REQUESTS) : undefined;
  return { p50: at(0.5), p99: at(0.99), largest, ...(cpu === undefined ? {} : { cpu }) };
}

function line(name: string, figures: Figures, page: boolean): void {
  const kb = (figures.largest + (page ? assetBytes : 0)) / 1024;
  const weight = page
    ? `weight ${kb.toFixed(1).padStart(5)} KB (HTML ≤ ${(figures.largest / 1024).toFixed(1)} KB + css + js; target ≤ ${TARGET_KB})`
    : `body ≤ ${kb.toFixed(1).padStart(5)} KB`;
  const ok = figures.p99 <= TARGET_P99_MS && (!page || kb <= TARGET_KB);
  console.log(
    `${name.padEnd(34)} p50 ${figures.p50.toFixed(2).padStart(6)} ms  p99 ${figures.p99.toFixed(2).padStart(6)} ms  ` +
      `${figures.cpu === undefined ? '' : `server CPU ${figures.cpu.toFixed(2)} ms/req  `}${weight}${page ? `  ${ok ? 'ok' : 'MISSED'}` : ''}`,
  );
}

console.log(
  `\n${total.toLocaleString('en')} published bots (${DATABASE_URL ? 'PostgreSQL data set' : 'PGlite, in this process'}), ` +
    `${REQUESTS} requests per line after ${WARMUP} warm-up, ${CONCURRENCY} at a time; TTFB over loopback HTTP; ` +
    `target p99 ≤ ${TARGET_P99_MS} ms; load average ${loadAverage()}`,
);
console.log('\nPages (each request renders its page)');
line('home', await measure(() => `/${pick(LANGS)}`), true);
line('list, random order and page', await measure(() => `/${pick(LANGS)}/bots?sort=${pick(SORTS)}&page=${pageOf(listPages)}`), true);
line(
  'category, random one and page',
  await measure(() => {
    const category = pick(categories);
    return `/${pick(LANGS)}/categories/${encodeURIComponent(category.id)}?page=${pageOf(category.pages)}`;
  }),
  true,
);
line(
  'search, typed query',
  await measure(() => {
    const { q, lang } = pick(QUERIES);
    return `/${lang}/search?q=${encodeURIComponent(q)}`;
  }),
  true,
);
line(
  'bot page, random bot',
  await measure(() => {
    const lang = pick(LANGS);
    return `/${lang}/bots/${encodeURIComponent(pick(slugs)[lang])}`;
  }),
  true,
);
console.log('\nThe API for the same data (its answer store may keep answers)');
line(
  'GET /api/v1/bots, random order, page',
  await measure(() => `/api/v1/bots?sort=${pick(SORTS)}&page=${pageOf(listPages)}&limit=${LIST_PAGE_SIZE}`),
  false,
);
line(
  'GET /api/v1/search, same queries',
  await measure(() => {
    const { q, lang } = pick(QUERIES);
    return `/api/v1/search?q=${encodeURIComponent(q)}&lang=${lang}`;
  }),
  false,
);

if (provider) {
  /** Signs in through the local provider over HTTP; answers the session cookie. */
  const signIn = async (personaId: string): Promise<string> => {
    const jar = new Map<string, string>();
    const keep = (set: string | string[] | undefined) => {
      for (const entry of Array.isArray(set) ? set : set ? [set] : []) {
        const [pair = ''] = entry.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const start = await request(`${origin}/auth/sign-in`, { headers: { cookie: cookie() } });
    keep(start.headers['set-cookie']);
    await start.body.dump();
    const authorize = new URL(String(start.headers.location));
    authorize.searchParams.set('persona', personaId);
    const chosen = await request(authorize);
    await chosen.body.dump();
    const back = await request(String(chosen.headers.location), { headers: { cookie: cookie() } });
    keep(back.headers['set-cookie']);
    await back.body.dump();
    return [...jar]
      .filter(([k]) => k.endsWith('bd_session'))
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  };
  const ownerCookie = await signIn(OWNER.id);
  const voterCookie = await signIn(VOTER.id);
  console.log('\nOne request at a time (issue 14)');
  line('bot page, anonymous', await measure(() => '/en/bots/bench-bot-500', {}, 1), true);
  line('bot page, signed-in voter', await measure(() => '/de/bots/bench-bot-500-de', { cookie: voterCookie }, 1), true);
  line('dashboard (bot list)', await measure(() => '/dashboard', { cookie: ownerCookie }, 1), true);
  line('dashboard (one bot)', await measure(() => `/dashboard/bots/${ownedId}`, { cookie: ownerCookie }, 1), true);
}

console.log(`\nload average ${loadAverage()}`);
console.log(
  '\nReproduce: npm run bench:pages (BENCH_BOTS, BENCH_REQUESTS, BENCH_CONCURRENCY; DATABASE_URL for a data set, BENCH_WRITER=votes,stats per second)',
);
await writer?.stop();
await target.stop();
await db?.close();
await provider?.stop();
