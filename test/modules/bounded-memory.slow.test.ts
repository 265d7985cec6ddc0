/**
 * Memory stays bounded whatever the URLs (issue 27): a flood of distinct URLs of one kind, in three
 * rounds of 30,000 requests, each round new URLs. What the process keeps of them (answers, their
 * keys and indexes, the search engine's word caches, ...) is bounded, so once the first rounds have
 * filled what may fill, the third adds less than 2 MB to the live heap (measured after full
 * collections). A few minutes: `npm run test:slow` (CI runs it).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.js';
import { putBot } from '../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../helpers.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const ROUNDS = 3;
const PER_ROUND = 30_000;
const THIRD_ROUND_MAX_BYTES = 2 * 1024 * 1024;

function liveHeap(): number {
  for (let i = 0; i < 3; i++) collect();
  return process.memoryUsage().heapUsed;
}

describe('memory under a flood of distinct URLs', () => {
  // The app alone, without the test harness's checks of every answer (they keep what they saw).
  let db: Database;
  let app: FastifyInstance;
  let reviewed = '';
  const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    const { buildApp } = await import('../../src/app.js');
    app = await buildApp({ config: testConfig({ LIST_MAX_STALE_MS: '2000' }), db, logger: false });
    for (let i = 0; i < 30; i++) await putBot({ admin }, { name: `Flood Bot ${i}` });
    reviewed = (await putBot({ admin }, { name: 'Flood Reviewed' })).id;
    for (let i = 0; i < 12; i++) {
      const review = {
        user: `${500000000000000000n + BigInt(i)}`,
        username: `u${i}`,
        rating: 1 + (i % 5),
        body: `A review of some length ${i}`,
      };
      expect((await admin('POST', `/admin/v1/bots/${reviewed}/reviews`, review)).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function flood(url: (n: number) => string): Promise<number[]> {
    const heaps = [liveHeap()];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) {
        const response = await app.inject({ method: 'GET', url: url(round * PER_ROUND + i) });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
        // Requests over sockets give the event loop a turn between them; injected ones would
        // otherwise pile up what it runs then (timers, immediates) and hold every request's objects.
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      heaps.push(liveHeap());
    }
    return heaps;
  }

  const kinds: [string, (n: number) => string][] = [
    ['GET /api/v1/bots?search=x{n}', (n) => `/api/v1/bots?search=x${n}`],
    ['GET /api/v1/bots?limit={1..100}&page={n}', (n) => `/api/v1/bots?limit=${1 + (n % 100)}&page=${1 + n}`],
    ['GET /api/v1/search?q=zz{n}', (n) => `/api/v1/search?q=zz${n}`],
    ['GET /api/v1/bots/{id}/reviews?page={n}', (n) => `/api/v1/bots/${reviewed}/reviews?page=${1 + n}`],
  ];

  it.each(kinds)('%s: the third round adds less than 2 MB', async (_name, url) => {
    const heaps = await flood(url);
    const growth = heaps.map((heap, i) => (i === 0 ? 0 : heap - heaps[i - 1]!));
    expect(growth[ROUNDS], `live heap after each round: ${heaps.map((h) => (h / 2 ** 20).toFixed(1)).join(' → ')} MB`).toBeLessThan(
      THIRD_ROUND_MAX_BYTES,
    );
  });
});
