/**
 * Pages benchmark: time to first byte of the public bot page (anonymous and signed in) and of the
 * owner dashboard, at 1,000 published bots, and each page's weight (HTML + stylesheet + script).
 * Targets (issue 14): TTFB p99 ≤ 30 ms, weight ≤ 100 KB. In-process app on PGlite, one client
 * asking one page at a time (TTFB = time to the status line and headers, over loopback HTTP).
 *
 *   npm run bench:pages
 *   BENCH_REQUESTS=2000 npm run bench:pages
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { startDemoProvider } from '../scripts/demo-provider.js';

const BOTS = Number(process.env.BENCH_BOTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const WARMUP = 100;
const TARGET_P99_MS = 30;
const TARGET_KB = 100;
const ADMIN_TOKEN = `bench-${randomBytes(12).toString('hex')}`;
const OWNER = { id: '210000000000000001', name: 'Bench Owner', label: 'owner' };
const VOTER = { id: '210000000000000002', name: 'Bench Voter', label: 'voter' };

const provider = await startDemoProvider({ personas: [OWNER, VOTER] });
const db = await openEmbedded(undefined);
await migrate(db);
const port = 20000 + Math.floor(Math.random() * 20000);
const origin = `http://127.0.0.1:${port}`;
const config = readConfig({
  NODE_ENV: 'development',
  ADMIN_TOKEN,
  LOG_LEVEL: 'warn',
  BASE_URL: origin,
  SECRET_KEY: randomBytes(32).toString('hex'),
  RATE_LIMIT_ANONYMOUS: '1000000',
  RATE_LIMIT_EMBEDS: '1000000',
  ...provider.env,
});
const app = await buildApp({ config, db });
await app.listen({ port, host: '127.0.0.1' });

console.log(`loading ${BOTS} bots…`);
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
let ownedId = '';
for (let i = 0; i < BOTS; i++) {
  const id = String(300000000000000000n + BigInt(i));
  const owners = i % 100 === 0 ? [OWNER.id] : ['399999999999999999'];
  if (owners[0] === OWNER.id) ownedId = id;
  const response = await app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${id}`,
    headers: admin,
    payload: {
      name: `Bench Bot ${i}`,
      slugs: { de: `bench-bot-${i}-de`, en: `bench-bot-${i}` },
      shortDescription: { de: 'Ein Bot für die Messung.', en: 'A bot for the measurement.' },
      prefix: '!',
      pricing: 'free',
      iconUrl: 'https://cdn.example.org/icon.png',
      bannerUrl: null,
      inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
      supportServerUrl: 'https://discord.gg/example',
      websiteUrl: 'https://example.org',
      categories: ['utility', 'music'],
      tags: ['bench', 'radio'],
      owners,
      isVerified: i % 3 === 0,
      published: true,
      platformServerCount: 1000 + i,
      platformShardCount: 1,
    },
  });
  if (response.statusCode !== 201) throw new Error(`PUT bot: ${response.statusCode} ${response.body}`);
}
const voteTarget = '300000000000000500';
for (let i = 0; i < 5; i++) {
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

/** Signs in through the local provider over HTTP; answers the session cookie. */
async function signIn(personaId: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (set: string | string[] | undefined) => {
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ''] = line.split(';');
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
}
const ownerCookie = await signIn(OWNER.id);
const voterCookie = await signIn(VOTER.id);

async function measure(name: string, path: string, cookie?: string): Promise<void> {
  const headers = cookie ? { cookie } : {};
  const times: number[] = [];
  let html = '';
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const response = await request(`${origin}${path}`, { headers });
    const ttfb = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
    html = await response.body.text();
    if (i >= WARMUP) times.push(ttfb);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  let bytes = Buffer.byteLength(html);
  for (const asset of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) {
    const response = await request(`${origin}${asset[1]!.replaceAll('&amp;', '&')}`);
    bytes += (await response.body.arrayBuffer()).byteLength;
  }
  const kb = bytes / 1024;
  const ok = at(0.99) <= TARGET_P99_MS && kb <= TARGET_KB;
  console.log(
    `${name.padEnd(28)} p50 ${at(0.5).toFixed(2).padStart(6)} ms  p99 ${at(0.99).toFixed(2).padStart(6)} ms (target ≤ ${TARGET_P99_MS})  ` +
      `weight ${kb.toFixed(1).padStart(5)} KB (target ≤ ${TARGET_KB}; HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB + css + js)  ${ok ? 'ok' : 'MISSED'}`,
  );
}

console.log(`\n${BOTS} published bots, ${REQUESTS} sequential requests per page after ${WARMUP} warm-up; TTFB over loopback HTTP`);
await measure('bot page, anonymous', `/en/bots/bench-bot-500`);
await measure('bot page, signed-in voter', `/de/bots/bench-bot-500-de`, voterCookie);
await measure('dashboard (bot list)', `/dashboard`, ownerCookie);
await measure('dashboard (one bot)', `/dashboard/bots/${ownedId}`, ownerCookie);
console.log('\nReproduce: npm run bench:pages (BENCH_BOTS, BENCH_REQUESTS to change the run)');
await app.close();
await db.close();
await provider.stop();
