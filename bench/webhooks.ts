/**
 * Webhook delivery benchmark: 10,000 vote events, each written in its own transaction through the
 * owner service (as the management API does), delivered by the worker to a loopback receiver.
 * Measures deliveries per second (from a backlog, and live) and the latency from the vote's commit
 * to the receiver, on the
 * embedded PGlite and on a fresh database of a local PostgreSQL server (dropped afterwards).
 *
 *   npm run bench:webhooks                       # both backends
 *   BENCH_EVENTS=2000 BENCH_BACKENDS=postgres npm run bench:webhooks
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench:webhooks
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import type { Database } from '../src/db/index.js';
import { OPERATOR_TOKEN } from '../src/modules/audit/entry.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const BOTS = Number(process.env.BENCH_BOTS ?? 10);
/** Votes being written at once. */
const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const TARGET = { perSecond: 500, p50Ms: 100 };

interface Result {
  backend: string;
  /** Votes written while the worker delivers them: commit → receiver latency. */
  live: { perSecond: number; writesPerSecond: number; p50: number; p99: number; max: number };
  /** The same number of events already committed when the worker starts: its own pace. */
  drainPerSecond: number;
}

const SECRET_KEY = randomBytes(32).toString('hex');

/** PGlite: an open database handed to the app. PostgreSQL: a URL, which the app opens as in production. */
type Target = { db: Database } | { databaseUrl: string };

function open(target: Target, workers: boolean): Promise<FastifyInstance> {
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
    SECRET_KEY,
    WEBHOOK_ALLOW_PRIVATE: '1',
    ...('databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  return buildApp({ config, workers, ...('db' in target ? { db: target.db } : {}) });
}

/** A loopback receiver noting when each vote (by its unique user) arrived. */
async function startReceiver() {
  const arrived = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrived.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).user, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    arrived,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes EVENTS votes with WRITERS concurrent writers; returns each user's commit time. */
async function writeVotes(app: FastifyInstance, bots: string[], firstUser: bigint): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < EVENTS) {
        const n = next++;
        const user = `${firstUser + BigInt(n)}`;
        await app.services.votes.add(bots[n % BOTS] as string, { user, username: `user ${n}` });
        committed.set(user, performance.now());
      }
    }),
  );
  return committed;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function run(backend: string, target: Target): Promise<Result> {
  const receiver = await startReceiver();
  const setup = await open(target, false);
  const bots: string[] = [];
  for (let i = 0; i < BOTS; i++) {
    const id = `${700000000000000000n + BigInt(i)}`;
    await setup.services.bots.put(id, benchBot(i));
    await setup.services.webhookEndpoints.configure(id, { url: receiver.url }, OPERATOR_TOKEN);
    bots.push(id);
  }

  // Drain: a backlog written with no worker running, then one worker started.
  const backlog = await writeVotes(setup, bots, 900000000000000000n);
  await setup.close();
  const drainStart = performance.now();
  const drainer = await open(target, true);
  await until(() => receiver.arrived.size >= backlog.size);
  const drainPerSecond = EVENTS / ((Math.max(...receiver.arrived.values()) - drainStart) / 1000);
  receiver.arrived.clear();

  // Live: votes written while the same worker delivers them.
  const started = performance.now();
  const committed = await writeVotes(drainer, bots, 800000000000000000n);
  const written = performance.now();
  await until(() => receiver.arrived.size >= EVENTS);
  const finished = Math.max(...receiver.arrived.values());
  await drainer.close();
  await receiver.close();

  const latencies = [...committed].map(([user, at]) => (receiver.arrived.get(user) as number) - at).sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number;
  return {
    backend,
    live: {
      perSecond: EVENTS / ((finished - started) / 1000),
      writesPerSecond: EVENTS / ((written - started) / 1000),
      p50: pick(0.5),
      p99: pick(0.99),
      max: latencies[latencies.length - 1] as number,
    },
    drainPerSecond,
  };
}

function benchBot(i: number) {
  return {
    name: `Bench Bot ${i}`,
    slugs: { de: `bench-${i}`, en: `bench-${i}` },
    shortDescription: { de: 'Benchmark', en: 'Benchmark' },
    prefix: '!',
    pricing: 'free',
    iconUrl: 'https://cdn.example.org/icon.png',
    inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
    supportServerUrl: 'https://discord.gg/example',
    websiteUrl: 'https://example.org',
    categories: ['utility'],
    tags: ['bench'],
    owners: ['123456789012345678'],
    published: true,
  };
}

/** A fresh database on the local server for `fn`, dropped afterwards. */
async function withPostgres<T>(fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `bd_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const load = loadavg();
  const results: Result[] = [];
  for (const backend of BACKENDS) {
    if (backend === 'pglite') {
      const db = await openEmbedded(undefined);
      await migrate(db);
      results.push(await run('pglite (in memory)', { db }).finally(() => db.close()));
    } else {
      results.push(await withPostgres((databaseUrl) => run('postgres', { databaseUrl })));
    }
  }
  const f = (n: number | string) => (typeof n === 'number' ? n.toFixed(0) : n).padStart(11);
  console.log(`\nWebhook delivery: ${EVENTS} vote events per phase, ${BOTS} bots, ${WRITERS} concurrent writers, loopback receiver`);
  console.log(`load average before the run: ${load.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  console.log(`${'backend'.padEnd(20)}${f('drain del/s')}${f('live del/s')}${f('p50 ms')}${f('p99 ms')}${f('max ms')}${f('writes/s')}`);
  console.log(`${'target (postgres)'.padEnd(20)}${f(`≥ ${TARGET.perSecond}`)}${f('')}${f(`≤ ${TARGET.p50Ms}`)}`);
  for (const { backend, drainPerSecond, live } of results) {
    console.log(
      `${backend.padEnd(20)}${f(drainPerSecond)}${f(live.perSecond)}${f(live.p50)}${f(live.p99)}${f(live.max)}${f(live.writesPerSecond)}`,
    );
  }
  console.log(`
drain: ${EVENTS} events committed before the worker starts; deliveries per second until the last one arrived.
live: ${EVENTS} votes written (each its own transaction) while the worker runs; latency from the vote's
commit to the receiver reading the body; live del/s cannot exceed writes/s.
reproduce: npm run bench:webhooks`);
}

await main();
