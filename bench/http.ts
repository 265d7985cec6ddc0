/**
 * HTTP read benchmark: our public reads beside a bare Fastify server answering the same bytes,
 * in the same run, on PGlite and (when reachable) PostgreSQL.
 *
 *   npm run bench
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=100 npm run bench
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server
 * and a database to connect to; the bench creates a fresh database there and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { sampleDataFile } from '../scripts/sample-data.js';
import { seed } from '../scripts/seed.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = 1;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEMO_FILE = sampleDataFile('bots.sample.json');
const ADMIN_TOKEN = `bench-${randomBytes(12).toString('hex')}`;

/** Reference figures: our req/s as a share of the bare server's (overhead: at most this share lost). */
const TARGETS = { single: 0.7, list: 0.5, check: 0.6, badge: 0.7, keyOverhead: 0.2 } as const;

/**
 * Environment of the app under test. Rate limiting (added later, with its own env knobs) must not
 * throttle the bench: set its knobs here, e.g. a limit far above what autocannon sends, or off.
 */
const HUGE = String(1_000_000); // the most config allows: more than these runs send in a minute
const BENCH_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  ADMIN_TOKEN,
  LOG_LEVEL: 'warn',
  SECRET_KEY: randomBytes(32).toString('hex'),
  // Rate limiting stays on (every request counted, headers set); the limits are out of reach.
  RATE_LIMIT_ANONYMOUS: HUGE,
  RATE_LIMIT_EMBEDS: HUGE,
  RATE_LIMIT_TIER1: HUGE,
  RATE_LIMIT_TIER2: HUGE,
  RATE_LIMIT_TIER3: HUGE,
};

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  reference?: number;
}

interface Row {
  backend: string;
  target: string;
  reqPerSec: number;
  p99: number;
  ratio: number | undefined;
  reference: number | undefined;
  errors: number;
}

/** The load runs in a worker thread, so it does not share the servers' event loop. */
interface Measured {
  reqPerSec: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, workers: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, workers: 1, headers });
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function mean(a: Measured, b: Measured): Measured {
  return { reqPerSec: (a.reqPerSec + b.reqPerSec) / 2, p99: Math.max(a.p99, b.p99), errors: a.errors + b.errors };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A bare Fastify server answering each path with exactly the bytes and headers ours gave. */
async function bareServer(answers: Map<string, { body: Buffer; type: string; cacheControl: string | null }>) {
  const bare = Fastify({ logger: false });
  for (const [path, answer] of answers) {
    bare.get(path.split('?')[0] as string, async (_request, reply) => {
      if (answer.cacheControl) reply.header('cache-control', answer.cacheControl);
      return reply.type(answer.type).send(answer.body);
    });
  }
  return bare;
}

async function benchBackend(backend: string, env: Record<string, string>): Promise<Row[]> {
  const config = readConfig({ ...BENCH_ENV, ...env });
  const app = await buildApp({ config, logger: { level: 'warn' } });
  try {
    process.stdout.write(`[${backend}] seeding demo data ...\n`);
    const seeded = await seed(app, DEMO_FILE);
    process.stdout.write(`[${backend}] ${seeded.bots} bots, ${seeded.reviews} reviews, ${seeded.historyDays} history days\n`);
    const { rows } = await app.db.query<{ id: string }>(
      'SELECT id FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT 1',
    );
    const botId = rows[0]?.id;
    if (!botId) throw new Error('no published bot after seeding');
    const { key } = await app.services.keys.create(botId, { scopes: ['votes:read'], tier: 3 });
    const withKey = { authorization: `Bearer ${key}` };
    const ours = await listen(app);
    const targets: Target[] = [
      { name: 'GET /api/v1/bots/{id}', path: `/api/v1/bots/${botId}`, reference: TARGETS.single },
      { name: 'GET /api/v1/bots?limit=50', path: '/api/v1/bots?limit=50', reference: TARGETS.list },
      { name: 'GET /api/v1/bots/{id} with a key', path: `/api/v1/bots/${botId}`, headers: withKey },
      {
        name: 'GET /api/v1/bots/{id}/check/{userId} with a key',
        path: `/api/v1/bots/${botId}/check/400000000000000001`,
        headers: withKey,
        reference: TARGETS.check,
      },
      { name: 'GET /api/badge/{id}', path: `/api/badge/${botId}`, reference: TARGETS.badge },
    ];
    const answers = new Map<string, { body: Buffer; type: string; cacheControl: string | null }>();
    for (const target of targets) {
      const response = await fetch(`${ours}${target.path}`, { headers: target.headers });
      if (response.status !== 200) throw new Error(`${target.path}: ${response.status}`);
      answers.set(target.path, {
        body: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get('content-type') ?? 'application/json',
        cacheControl: response.headers.get('cache-control'),
      });
    }
    const bare = await bareServer(answers);
    const bareUrl = await listen(bare);
    try {
      const result: Row[] = [];
      const anonymous = new Map<string, number>();
      for (const target of targets) {
        const body = answers.get(target.path)?.body;
        const check = Buffer.from(await (await fetch(`${bareUrl}${target.path}`)).arrayBuffer());
        if (!body || !check.equals(body)) throw new Error(`bare server does not answer the same bytes for ${target.path}`);
        // ours, bare, bare, ours: a drift in the machine's load during the run hits both alike.
        process.stdout.write(`[${backend}] ${target.name}: ours, bare, bare, ours ...\n`);
        const mine1 = await measure(`${ours}${target.path}`, target.headers);
        const base1 = await measure(`${bareUrl}${target.path}`, target.headers);
        const base2 = await measure(`${bareUrl}${target.path}`, target.headers);
        const mine2 = await measure(`${ours}${target.path}`, target.headers);
        const mine = mean(mine1, mine2);
        const base = mean(base1, base2);
        result.push(
          { backend, target: `${target.name} (bare Fastify, ${body.length} B)`, ...base, ratio: undefined, reference: undefined },
          { backend, target: target.name, ...mine, ratio: mine.reqPerSec / base.reqPerSec, reference: target.reference },
        );
        if (!target.headers) anonymous.set(target.path, mine.reqPerSec);
        const anonymousRate = anonymous.get(target.path);
        if (target.headers && anonymousRate) {
          result.push({
            backend,
            target: `  auth + key rate limit cost over the anonymous read`,
            reqPerSec: mine.reqPerSec,
            p99: mine.p99,
            errors: 0,
            ratio: 1 - mine.reqPerSec / anonymousRate,
            reference: -TARGETS.keyOverhead,
          });
        }
      }
      return result;
    } finally {
      await bare.close();
    }
  } finally {
    await app.close();
  }
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    process.stdout.write(`PostgreSQL not reachable at ${POSTGRES_URL} (${(error as Error).message}): skipped\n`);
    return undefined;
  }
  const name = `bd_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A positive reference is a floor for the ratio; a negative one a ceiling for a cost share. */
function reference(row: Row): string {
  if (row.reference === undefined || row.ratio === undefined) return '';
  if (row.reference < 0) return `<= ${-row.reference} ${row.ratio <= -row.reference ? 'met' : 'MISSED'}`;
  return `>= ${row.reference} ${row.ratio >= row.reference ? 'met' : 'MISSED'}`;
}

function table(rows: Row[]): string {
  const header = ['backend', 'target', 'req/s', 'p99 ms', 'ratio to bare', 'reference', 'errors'];
  const lines = rows.map((row) => [
    row.backend,
    row.target,
    row.reqPerSec.toFixed(0),
    row.p99.toFixed(1),
    row.ratio === undefined ? '' : row.ratio.toFixed(2),
    reference(row),
    String(row.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

const rows: Row[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'bd-bench-'));
try {
  rows.push(...(await benchBackend('PGlite', { DATA_DIR: dataDir })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const postgres = await postgresDatabase();
if (postgres) {
  try {
    rows.push(...(await benchBackend('PostgreSQL', { DATABASE_URL: postgres.url })));
  } finally {
    await postgres.drop();
  }
}

process.stdout.write(`
Bot Directory HTTP bench: autocannon (own thread), ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up, loopback
Each figure: mean req/s of two runs (order ours, bare, bare, ours), worst p99 of the two
Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}
Reference: our req/s as a share of a bare Fastify server answering the same bytes, same run:
  single bot >= ${TARGETS.single}, list of 50 >= ${TARGETS.list}, vote check with a key >= ${TARGETS.check}, badge >= ${TARGETS.badge}
  auth + rate limit with a key cost at most ${TARGETS.keyOverhead * 100}% of the anonymous read (same endpoint)
Rate limiting on (limits set out of reach), every request counted and given x-ratelimit-* headers
Reproduce: npm run bench   (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_DATABASE_URL to change)

${table(rows)}
`);
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
