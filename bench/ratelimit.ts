/**
 * What rate limiting costs per request: a bare Fastify route beside the same route behind our
 * plugin (anonymous per-IP bucket, an API-key bucket via a resolver, Redis), and behind
 * @fastify/rate-limit for reference when it is installed (`npm i --no-save @fastify/rate-limit`).
 *
 *   npx tsx bench/ratelimit.ts            # memory stores
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/ratelimit.ts   # + Redis variants
 *
 * The server runs in a child process so autocannon does not share its CPU.
 */
import { spawn } from 'node:child_process';
import type { FastifyPluginAsync } from 'fastify';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { MemoryStore, RedisStore, apiKeyCaller, rateLimitPlugin } from '../src/modules/ratelimit/index.js';

const BIG = 1_000_000_000;
const TIERS = { 1: BIG, 2: BIG, 3: BIG } as const;
const silent = { warn: () => {}, info: () => {} };

type Variant = { name: string; setup: (app: FastifyInstance) => Promise<void>; headers?: Record<string, string> };

const variants: Variant[] = [
  { name: 'bare (no rate limit)', setup: async () => {} },
  {
    name: 'ours, memory, anonymous',
    setup: async (app) => {
      await app.register(rateLimitPlugin, { store: new MemoryStore(), anonymousLimit: BIG, embedsLimit: BIG, pagesLimit: BIG });
    },
  },
  {
    name: 'ours, memory, API key',
    headers: { authorization: 'Bearer tier1-bench' },
    setup: async (app) => {
      const caller = apiKeyCaller('bench', 1, TIERS);
      await app.register(rateLimitPlugin, {
        store: new MemoryStore(),
        anonymousLimit: BIG,
        embedsLimit: BIG,
        pagesLimit: BIG,
        // A key module answers from its cache: a resolved promise, as an async lookup would.
        resolveClient: async () => caller,
      });
    },
  },
  {
    name: '@fastify/rate-limit, memory, per IP',
    setup: async (app) => {
      const plugin = await optionalImport('@fastify/rate-limit');
      await app.register(plugin, { max: BIG, timeWindow: 60_000 });
    },
  },
];

if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  variants.push(
    {
      name: 'ours, Redis, anonymous',
      setup: async (app) => {
        const store = new RedisStore({ url, keyPrefix: `bench:${process.pid}:`, log: silent });
        await store.ready(2000);
        await app.register(rateLimitPlugin, { store, anonymousLimit: BIG, embedsLimit: BIG, pagesLimit: BIG });
      },
    },
    {
      name: '@fastify/rate-limit, Redis, per IP',
      setup: async (app) => {
        const plugin = await optionalImport('@fastify/rate-limit');
        const { Redis } = await import('ioredis');
        await app.register(plugin, { max: BIG, timeWindow: 60_000, redis: new Redis(url), nameSpace: `bench:${process.pid}:frl:` });
      },
    },
  );
}

/** The reference plugin, or a quiet exit of the server process when it is not installed. */
async function optionalImport(name: string): Promise<FastifyPluginAsync<Record<string, unknown>>> {
  try {
    return ((await import(name)) as { default: FastifyPluginAsync<Record<string, unknown>> }).default;
  } catch {
    process.exit(3);
  }
}

async function serve(index: number): Promise<void> {
  const variant = variants[index]!;
  const app = Fastify({ logger: false });
  await variant.setup(app);
  const body = JSON.stringify({ data: { id: '123456789012345678', name: 'A bot', serverCount: 1234 } });
  app.get('/api/v1/bots/:id', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  // CPU time is the robust figure on a busy machine: the parent asks for it around the run.
  let mark = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'mark') mark = process.cpuUsage();
    else if (message === 'report') {
      const used = process.cpuUsage(mark);
      process.send?.({ cpuMicros: used.user + used.system });
    }
  });
  process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
}

interface Sample {
  rps: number;
  /** Server CPU time per request, microseconds. */
  cpu: number;
}

async function measure(index: number, seconds: number): Promise<Sample | undefined> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', String(index)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number | undefined>((resolve) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => resolve(undefined));
  });
  if (!port) return undefined;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/api/v1/bots/123456789012345678`,
      connections: 50,
      duration,
      headers: variants[index]!.headers,
    });
  await run(1); // warm-up
  child.send('mark');
  const result = await run(seconds);
  const cpuMicros = await new Promise<number>((resolve) => {
    child.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    child.send('report');
  });
  child.kill();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${variants[index]!.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpu: cpuMicros / result.requests.total };
}

if (process.argv[2] === 'serve') {
  await serve(Number(process.argv[3]));
} else {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  console.log(`GET /api/v1/bots/:id, 50 connections, ${rounds} interleaved rounds of ${seconds} s per variant, medians:`);
  console.log(`  ${'variant'.padEnd(40)} ${'server CPU µs/request'.padStart(22)} ${'requests/s'.padStart(12)}`);
  const samples: Sample[][] = variants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < variants.length; i++) {
      const sample = await measure(i, seconds);
      if (sample !== undefined) samples[i]!.push(sample);
    }
  }
  const bare = median(samples[0]!.map((s) => s.cpu));
  for (let i = 0; i < variants.length; i++) {
    const name = variants[i]!.name.padEnd(40);
    if (samples[i]!.length === 0) {
      console.log(`  ${name} skipped (not installed)`);
      continue;
    }
    const cpu = median(samples[i]!.map((s) => s.cpu));
    const rps = median(samples[i]!.map((s) => s.rps));
    const change = ((cpu - bare) / bare) * 100;
    const extra = i === 0 ? '' : ` (${change >= 0 ? '+' : ''}${change.toFixed(0)} %)`;
    console.log(`  ${name} ${`${cpu.toFixed(1)}${extra}`.padStart(22)} ${rps.toFixed(0).padStart(12)}`);
  }
  console.log('Reproduce: npx tsx bench/ratelimit.ts  (REDIS_URL=… adds Redis; npm i --no-save @fastify/rate-limit adds the reference)');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
