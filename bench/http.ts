/**
 * `npm run bench`: the cost of our cached reads beside a bare Fastify serving the same bytes.
 * Our server runs as `npm start` runs it (its own process, production settings, rate limits on
 * but out of reach), the bare reference as another process, and autocannon drives both from this
 * one. The verdict is the servers' own CPU time per request (utime + stime from /proc over the
 * measured run), which does not depend on how fast the load generator is; req/s and latency are
 * printed beside it. Then the cost of counting (issue 33): the same server with analytics on and
 * off, asked as a person's browser asks (bench/http/counting.ts).
 *
 *   npm run bench
 *   BENCH_ROUNDS=5 BENCH_DURATION=5 BENCH_CONNECTIONS=32 npm run bench
 *   BENCH_ONLY=pglite npm run bench          (or postgres)
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench
 *   BENCH_JSON=out.json npm run bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { OPERATOR_TOKEN } from '../src/modules/audit/entry.js';
import { sampleDataFile } from '../scripts/sample-data.js';
import { seed } from '../scripts/seed.js';
import { benchCounting, countCallNs, countingTable, type CountingRow } from './http/counting.js';
import { postgresDatabase } from './http/database.js';
import { median, run, spread, type Run } from './http/measure.js';
import { startBare, type Answer } from './http/bare-process.js';
import type { Row, Target } from './http/rows.js';
import { table } from './http/table.js';
import { loadAverage } from './lib/proc.js';
import { buildServer, startServer, type RunningServer } from './lib/server-process.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
/** Target names separated by `;` (as the table prints them): only those run, e.g. for a profile of one request. */
const TARGET_FILTER = process.env.BENCH_TARGETS?.split(';')
  .map((name) => name.trim())
  .filter(Boolean);

/** Issue 17: bare CPU per request ÷ ours, at least. */
const TARGETS = { single: 0.7, list: 0.6, badge: 0.7, check: 0.6 } as const;

/** The demo data in a fresh database, and a key of the most voted bot. */
async function prepare(env: Record<string, string>): Promise<{ botId: string; slug: string; key: string }> {
  const app = await buildApp({
    config: readConfig({ NODE_ENV: 'production', ADMIN_TOKEN: `bench-${randomBytes(8).toString('hex')}`, LOG_LEVEL: 'warn', ...env }),
  });
  try {
    await seed(app, sampleDataFile('bots.sample.json'));
    const { rows } = await app.db.query<{ id: string; slug: string }>(
      `SELECT id, slugs->>'en' AS slug FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT 1`,
    );
    const botId = rows[0]?.id;
    if (!botId) throw new Error('no published bot after seeding');
    const { key } = await app.services.keys.create(botId, { scopes: ['votes:read'], tier: 3 }, OPERATOR_TOKEN);
    return { botId, slug: rows[0]!.slug, key };
  } finally {
    await app.close();
  }
}

async function answersOf(server: RunningServer, targets: Target[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const t of targets) {
    const response = await fetch(`${server.url}${t.path}`, { headers: t.headers });
    if (response.status !== 200) throw new Error(`${t.path}: ${response.status}`);
    answers.push({
      path: t.path.split('?')[0] as string,
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      type: response.headers.get('content-type') ?? 'application/octet-stream',
      cacheControl: response.headers.get('cache-control'),
      etag: response.headers.get('etag'),
    });
  }
  return answers;
}

/** The requests whose counting issue 33 bounds: a bot page and an embed, as a person's browser asks them. */
const COUNTED = (botId: string, slug: string) =>
  [
    { name: 'GET /en/bots/{slug}, counted', path: `/en/bots/${encodeURIComponent(slug)}` },
    { name: 'GET /api/badge/{id}, counted', path: `/api/badge/${botId}` },
  ].filter((t) => TARGET_FILTER === undefined || TARGET_FILTER.includes(t.name));

async function benchBackend(backend: string, dataEnv: Record<string, string>, counting: CountingRow[]): Promise<Row[]> {
  // One key for the seeding app and the server (production requires it with DATABASE_URL).
  const env = { ...dataEnv, SECRET_KEY: randomBytes(32).toString('hex') };
  say(`[${backend}] seeding the demo data ...`);
  const { botId, slug, key } = await prepare(env);
  const withKey = { authorization: `Bearer ${key}` };
  const targets: Target[] = [
    { name: 'GET /api/v1/bots/{id}', path: `/api/v1/bots/${botId}`, target: TARGETS.single },
    { name: 'GET /api/v1/bots?limit=50', path: '/api/v1/bots?limit=50', target: TARGETS.list },
    { name: 'GET /api/badge/{id}', path: `/api/badge/${botId}`, target: TARGETS.badge },
    {
      name: 'GET /api/v1/bots/{id}/check/{userId}, key',
      path: `/api/v1/bots/${botId}/check/400000000000000001`,
      headers: withKey,
      target: TARGETS.check,
    },
    { name: 'GET /api/v1/bots/{id}, key', path: `/api/v1/bots/${botId}`, headers: withKey },
  ].filter((t) => TARGET_FILTER === undefined || TARGET_FILTER.includes(t.name));
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-log-'));
  const ours = await startServer(env, join(dir, 'server.log'));
  try {
    const answers = await answersOf(ours, targets);
    const bare = await startBare(answers, join(dir, 'answers.json'));
    try {
      const rows: Row[] = [];
      for (const t of targets) {
        const runs: { ours: Run[]; bare: Run[] } = { ours: [], bare: [] };
        for (let round = 0; round < ROUNDS; round++) {
          // Alternate the order, so that a drift in the machine's load hits both alike.
          const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
          for (const which of order) {
            const server = which === 'ours' ? { url: ours.url, pid: ours.pid } : bare;
            runs[which].push(await run(server, t.path, t.headers, { connections: CONNECTIONS, duration: DURATION }));
          }
        }
        const row: Row = {
          backend,
          target: t,
          bytes: Buffer.from(answers[targets.indexOf(t)]?.body ?? '', 'base64').length,
          ours: median(runs.ours),
          bare: median(runs.bare),
          noise: { ours: spread(runs.ours), bare: spread(runs.bare) },
        };
        say(
          `[${backend}] ${t.name}: ours ${row.ours.cpuUsPerRequest.toFixed(0)} µs/req, bare ${row.bare.cpuUsPerRequest.toFixed(0)} µs/req`,
        );
        rows.push(row);
      }
      const counted = COUNTED(botId, slug);
      if (counted.length > 0) {
        say(`[${backend}] counting on and off ...`);
        const off = await startServer({ ...env, ANALYTICS_ENABLED: 'false' }, join(dir, 'server-off.log'));
        try {
          const options = { rounds: ROUNDS, duration: DURATION, connections: CONNECTIONS };
          counting.push(...(await benchCounting(backend, { on: ours, off }, counted, options)));
        } finally {
          await off.stop();
        }
      }
      return rows;
    } finally {
      await bare.stop();
    }
  } finally {
    await ours.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const started = Date.now();
  say('Building the server (npm run build) ...');
  buildServer();
  const rows: Row[] = [];
  const counting: CountingRow[] = [];
  if (ONLY !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bd-bench-'));
    try {
      rows.push(...(await benchBackend('PGlite', { DATA_DIR: dataDir }, counting)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'pglite') {
    const postgres = await postgresDatabase(say);
    if (postgres) {
      try {
        rows.push(...(await benchBackend('PostgreSQL', { DATABASE_URL: postgres.url }, counting)));
      } finally {
        await postgres.drop();
      }
    }
  }
  const call = await countCallNs();
  say(`
Bot Directory HTTP bench (cached reads), ${new Date().toISOString()}
Our server: node dist/src/server.js (as npm start), NODE_ENV=production, rate limits on and out of reach.
Bare: a Fastify process answering the same bytes (content-type, cache-control, etag).
Load: autocannon in a third process, ${CONNECTIONS} connections, ${DURATION} s per run after 1 s warm-up, ${ROUNDS} rounds in
alternating order; each figure is the median of the rounds; noise = (max - min) / median of the CPU per request.
CPU µs/req = the server process's utime + stime over the measured run / the requests answered.
Verdict: bare CPU per request / ours (issue 17 targets). gen % = the load generator's own CPU.
Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}
Load average (1/5/15 min): ${loadBefore} before, ${loadAverage()} after; run time ${((Date.now() - started) / 60_000).toFixed(1)} min
Reproduce: npm run bench (BENCH_ROUNDS, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ONLY, BENCH_DATABASE_URL)

${table(rows)}

${countingTable(counting, call)}
`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  if (rows.some((row) => row.ours.errors > 0 || row.bare.errors > 0)) process.exitCode = 1;
}

await main();
