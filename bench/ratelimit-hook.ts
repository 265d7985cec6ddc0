/**
 * The rate-limit hook alone, without HTTP: nanoseconds per request for the anonymous path and
 * the API-key path (sync and async resolver), memory store. The hook is taken from the plugin by
 * registering it on a stub that only records `addHook`.
 *
 *   npx tsx bench/ratelimit-hook.ts
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { MemoryStore, apiKeyCaller, rateLimitPlugin, type RateLimitPluginOptions } from '../src/modules/ratelimit/index.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

const BIG = 1_000_000_000;
const caller = apiKeyCaller('bench', 1, { 1: BIG, 2: BIG, 3: BIG });

async function hookOf(options: Omit<RateLimitPluginOptions, 'store' | 'anonymousLimit' | 'embedsLimit' | 'pagesLimit'>): Promise<Hook> {
  let hook: Hook | undefined;
  const stub = {
    addHook: (name: string, fn: Hook) => {
      if (name === 'onRequest') hook = fn;
    },
  } as unknown as FastifyInstance;
  const register = rateLimitPlugin as unknown as (app: FastifyInstance, options: RateLimitPluginOptions) => Promise<void>;
  await register(stub, { store: new MemoryStore(), anonymousLimit: BIG, embedsLimit: BIG, pagesLimit: BIG, ...options });
  return hook!;
}

const headers: Record<string, unknown> = {};
const reply = {
  header(name: string, value: unknown) {
    headers[name.toLowerCase()] = value;
    return reply;
  },
} as unknown as FastifyReply;
const request = (authorization?: string) =>
  ({ url: '/api/v1/bots/123456789012345678', ip: '203.0.113.9', headers: authorization ? { authorization } : {} }) as FastifyRequest;

/** Runs the hook n times back to back, continuing from its callback when it goes async. */
function run(hook: Hook, req: FastifyRequest, n: number): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    let i = 0;
    const next = (): void => {
      while (i < n) {
        i += 1;
        let sync = true;
        let called = false;
        hook(req, reply, (error) => {
          if (error) throw error;
          called = true;
          if (!sync) next();
        });
        sync = false;
        if (!called) return;
      }
      resolve(Number(process.hrtime.bigint() - start) / n);
    };
    next();
  });
}

const cases: Array<[string, Hook, FastifyRequest]> = [
  ['anonymous, per IP', await hookOf({}), request()],
  ['API key, sync resolver', await hookOf({ resolveClient: () => caller }), request('Bearer k')],
  ['API key, async resolver', await hookOf({ resolveClient: async () => caller }), request('Bearer k')],
];
console.log('Rate-limit onRequest hook alone (memory store), ns per request, best of 5 runs of 500 000:');
for (const [name, hook, req] of cases) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) best = Math.min(best, await run(hook, req, 500_000));
  console.log(`  ${name.padEnd(28)} ${best.toFixed(0).padStart(6)}`);
}
console.log('Reproduce: npx tsx bench/ratelimit-hook.ts');
