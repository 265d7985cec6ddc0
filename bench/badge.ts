/**
 * Badge benchmark: `GET /api/badge/{id}` on our app beside a bare Fastify server answering the same
 * bytes with the same headers (content-type, cache-control, etag), in the same run, on PGlite and
 * (when reachable) PostgreSQL. Target: ours >= 0.7 of the bare server's req/s.
 *
 *   npm run bench:badge
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=100 BENCH_ROUNDS=5 npm run bench:badge
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench:badge
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server
 * and a database to connect to; the bench creates a fresh database there and drops it afterwards.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = 1;
/** Pairs of runs (ours and bare, in alternating order); the figures are their medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.7;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEMO_FILE = fileURLToPath(new URL('../scripts/demo-data/bots.sample.json', import.meta.url));
const ADMIN_TOKEN = `bench-${randomBytes(12).toString('hex')}`;
/** The headers the bare server copies from ours. */
const COPIED_HEADERS = ['content-type', 'cache-control', 'etag'] as const;

/**
 * Environment of the app under test. Rate limiting (its own branch) counts embeds per IP, and
 * autocannon is one IP: its knob goes here. Off measures the route itself; to include the
 * limiter's cost instead, raise `RATE_LIMIT_EMBEDS` (per minute) above what the run sends.
 */
const BENCH_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  ADMIN_TOKEN,
  LOG_LEVEL: 'warn',
  SITE_URL: 'https://bots.example.org',
  RATE_LIMIT_ENABLED: '0',
};

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The part of autocannon's JSON result used here. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface Measured {
  reqPerSec: number;
  p99: number;
  /** CPU time of this process (the servers) per request, in µs: barely moved by other load on the machine. */
  cpuPerRequest: number;
  errors: number;
}

interface Row extends Measured {
  backend: string;
  server: string;
  ratio: number | undefined;
  /** Bare CPU per request / ours. */
  cpuRatio: number | undefined;
  /** The req/s ratio of each round, to show the spread. */
  rounds: number[];
}

/** autocannon in its own process: it shares neither the servers' event loop nor their CPU count. */
function autocannon(url: string, duration: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(duration), url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as AutocannonResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function measure(url: string): Promise<Measured> {
  await autocannon(url, WARMUP);
  const cpu = process.cpuUsage();
  const result = await autocannon(url, DURATION);
  const used = process.cpuUsage(cpu);
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: (used.user + used.system) / Math.max(1, result.requests.total),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median req/s and CPU per request, worst p99 and all errors of several runs. */
function summary(runs: Measured[]): Measured {
  return {
    reqPerSec: median(runs.map((run) => run.reqPerSec)),
    p99: Math.max(...runs.map((run) => run.p99)),
    cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

interface Answer {
  body: Buffer;
  headers: Record<(typeof COPIED_HEADERS)[number], string>;
}

async function fetchAnswer(url: string): Promise<Answer> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const headers = Object.fromEntries(COPIED_HEADERS.map((name) => [name, response.headers.get(name) ?? ''])) as Answer['headers'];
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/** A bare Fastify server answering the badge path with exactly the bytes and headers ours gave. */
async function bareServer(path: string, answer: Answer): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get(path, async (_request, reply) => reply.headers(answer.headers).send(answer.body));
  return bare;
}

/** One bot from the demo data, loaded through the management API. */
async function loadBot(app: FastifyInstance): Promise<string> {
  const [first] = JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as ({ id: string } & Record<string, unknown>)[];
  if (!first) throw new Error(`${DEMO_FILE} holds no bot`);
  const { id, ...body } = first;
  const response = await app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${id}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { ...body, published: true },
  });
  if (response.statusCode >= 300) throw new Error(`loading bot ${id}: ${response.statusCode} ${response.body}`);
  return id;
}

async function benchBackend(backend: string, env: Record<string, string>): Promise<Row[]> {
  const app = await buildApp({ config: readConfig({ ...BENCH_ENV, ...env }), logger: { level: 'warn' } });
  try {
    const ours = await listen(app);
    const path = `/api/badge/${await loadBot(app)}`;
    const answer = await fetchAnswer(`${ours}${path}`);
    const bare = await bareServer('/api/badge/:id', answer);
    const bareUrl = await listen(bare);
    try {
      const check = await fetchAnswer(`${bareUrl}${path}`);
      if (!check.body.equals(answer.body) || JSON.stringify(check.headers) !== JSON.stringify(answer.headers)) {
        throw new Error('the bare server does not answer the same bytes and headers');
      }
      // Rounds of ours and bare back to back, the order alternating (ours-bare, bare-ours, ...):
      // a drift in the machine's load hits both alike, and each round gives its own ratio.
      const mine: Measured[] = [];
      const base: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        process.stdout.write(`[${backend}] GET ${path} (${answer.body.length} B), round ${round + 1} of ${ROUNDS} ...\n`);
        if (round % 2 === 0) {
          mine.push(await measure(`${ours}${path}`));
          base.push(await measure(`${bareUrl}${path}`));
        } else {
          base.push(await measure(`${bareUrl}${path}`));
          mine.push(await measure(`${ours}${path}`));
        }
      }
      const rounds = mine.map((run, i) => run.reqPerSec / base[i]!.reqPerSec);
      const cpuRatio = median(mine.map((run, i) => base[i]!.cpuPerRequest / run.cpuPerRequest));
      const bareRow = { ...summary(base), ratio: undefined, cpuRatio: undefined, rounds: [] };
      return [
        { backend, server: `bare Fastify, same ${answer.body.length} bytes and headers`, ...bareRow },
        { backend, server: 'ours: GET /api/badge/{id}', ...summary(mine), ratio: median(rounds), cpuRatio, rounds },
      ];
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

function table(rows: Row[]): string {
  const header = ['backend', 'server', 'req/s', 'p99 ms', 'ratio to bare', 'target', 'ratio per round', 'CPU µs/req', 'CPU ratio', 'errors'];
  const lines = rows.map((row) => [
    row.backend,
    row.server,
    row.reqPerSec.toFixed(0),
    row.p99.toFixed(1),
    row.ratio === undefined ? '' : row.ratio.toFixed(2),
    row.ratio === undefined ? '' : `>= ${TARGET} ${row.ratio >= TARGET ? 'met' : 'MISSED'}`,
    row.rounds.map((ratio) => ratio.toFixed(2)).join(' '),
    row.cpuPerRequest.toFixed(1),
    row.cpuRatio === undefined ? '' : row.cpuRatio.toFixed(2),
    String(row.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

const rows: Row[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'bd-bench-badge-'));
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
Bot Directory badge bench: autocannon (own process), ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up, loopback
${ROUNDS} rounds of one run each of ours and bare (order alternating); req/s and ratio: medians of the rounds; p99: the worst run
Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}
Target: our req/s >= ${TARGET} of a bare Fastify server answering the same bytes and headers, same run
CPU µs/req: this process's CPU time (both servers live here, autocannon does not) per request; CPU ratio =
  bare / ours. Unlike req/s it hardly moves when other work shares the machine.
Reproduce: npm run bench:badge   (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_DATABASE_URL to change)

${table(rows)}
`);
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
