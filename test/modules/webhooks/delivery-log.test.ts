/**
 * The delivery log's filters and keyset paging (issue 31): GET /admin/v1/bots/{id}/webhook/deliveries
 * and the service method the dashboard calls. A request without the new parameters is answered as
 * before; each filtered page is read as one index range in the log's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryResult } from '../../../src/db/index.js';
import { deliveryRepository } from '../../../src/modules/webhooks/delivery/repository.js';
import type { DeliveryFilter } from '../../../src/modules/webhooks/delivery/schemas.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { newestFirst } from '../../support/newest-first.js';
import { configureWebhook, createBot } from './harness.js';

interface Made {
  id: string;
  endpointId: string;
  status: 'pending' | 'succeeded' | 'failed';
  event: string;
  createdAt: Date;
}

const EVENTS = ['vote', 'test', 'premium', 'vote.reminder'] as const;
const STATUSES = ['succeeded', 'failed', 'succeeded', 'pending', 'succeeded'] as const;
const START = Date.parse('2026-03-01T12:00:00.000Z');

/** Writes `count` deliveries of `botId` as the worker records them, newest last, with an attempt each but the pending ones. */
async function makeDeliveries(db: Queryable, botId: string, endpoints: string[], count: number): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < count; i++) {
    // Two deliveries share each instant: the id breaks the tie.
    const createdAt = new Date(START + Math.floor(i / 2) * 1000);
    const status = STATUSES[i % STATUSES.length]!;
    const event = EVENTS[i % EVENTS.length]!;
    const endpointId = endpoints[i % endpoints.length]!;
    const { rows } = await db.query<{ id: string }>(
      `WITH e AS (
         INSERT INTO events (id, bot_id, type, payload, created_at, due_at, routed_at)
         VALUES (gen_random_uuid(), $1, $2, '{}', $3, $3, $3) RETURNING id)
       INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, attempts, next_attempt_at, created_at, completed_at)
       SELECT gen_random_uuid(), e.id, $1, $4, $5, CASE WHEN $5 = 'pending' THEN 0 ELSE 1 END,
              CASE WHEN $5 = 'pending' THEN $3::timestamptz END, $3, CASE WHEN $5 = 'pending' THEN NULL ELSE $3::timestamptz END
       FROM e RETURNING id`,
      [botId, event, createdAt, endpointId, status],
    );
    const id = rows[0]!.id;
    if (status !== 'pending') {
      await db.query(
        `INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, error_code, error_message, latency_ms, response_snippet)
         VALUES ($1, 1, $2, $3, $4, $5, 12, $6)`,
        [
          id,
          createdAt,
          status === 'succeeded' ? 200 : null,
          status === 'failed' ? 'timeout' : null,
          status === 'failed' ? 'No answer' : null,
          status === 'succeeded' ? 'ok' : null,
        ],
      );
    }
    made.push({ id, endpointId, status, event, createdAt });
  }
  return made;
}

describe.each(backends())('delivery log: filters and keyset paging (%s)', (backend) => {
  let t: TestApp;
  let bot: string;
  let other: string;
  let endpoints: string[];
  let otherEndpoint: string;
  let made: Made[];

  beforeAll(async () => {
    t = await testApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    bot = await createBot(t);
    other = await createBot(t);
    await configureWebhook(t, bot, 'http://127.0.0.1:9/default');
    await configureWebhook(t, other, 'http://127.0.0.1:9/other');
    const second = await t.admin('POST', `/admin/v1/bots/${bot}/webhooks`, { url: 'http://127.0.0.1:9/second' });
    endpoints = (await t.admin('GET', `/admin/v1/bots/${bot}/webhooks`)).json().data.map((e: { id: string }) => e.id);
    expect(endpoints).toContain(second.json().data.id);
    otherEndpoint = (await t.admin('GET', `/admin/v1/bots/${other}/webhooks`)).json().data[0].id;
    made = await makeDeliveries(t.db, bot, endpoints, 41);
    await makeDeliveries(t.db, other, [otherEndpoint], 5);
  });
  afterAll(() => t.close());

  const log = (query: string) => t.admin('GET', `/admin/v1/bots/${bot}/webhook/deliveries${query}`);

  /** Every page of the keyset walk with `query`, `limit` at a time: the ids in order, and how many pages it took. */
  async function walk(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let after = '';
    for (let pages = 1; ; pages++) {
      const response = await log(`?limit=${limit}&after=${encodeURIComponent(after)}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { id: string }[]; next: string | null }>();
      expect(Object.keys(body).sort()).toEqual(['data', 'next']);
      expect(body.data.length).toBeLessThanOrEqual(limit);
      ids.push(...body.data.map((delivery) => delivery.id));
      if (body.next === null) return { ids, pages };
      after = body.next;
    }
  }

  it('answers a request without the new parameters as before: `page`, `limit`, `{data, pagination}`', async () => {
    const response = await log('?page=2&limit=10');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
    expect(body.pagination).toEqual({ page: 2, limit: 10, total: 41, pages: 5 });
    expect(body.data.map((d: { id: string }) => d.id)).toEqual(newestFirst(made).slice(10, 20));
    const first = body.data[0];
    expect(Object.keys(first).sort()).toEqual(
      ['attemptCount', 'attempts', 'completedAt', 'createdAt', 'endpointId', 'event', 'id', 'nextAttemptAt', 'status'].sort(),
    );
  });

  it('filters by endpoint, state and event type, alone and together, paged by `page` with the filtered count', async () => {
    const cases: [string, (d: Made) => boolean][] = [
      [`&endpointId=${endpoints[1]}`, (d) => d.endpointId === endpoints[1]],
      ['&status=failed', (d) => d.status === 'failed'],
      ['&status=pending', (d) => d.status === 'pending'],
      ['&event=vote.reminder', (d) => d.event === 'vote.reminder'],
      [
        `&endpointId=${endpoints[0]}&status=succeeded&event=vote`,
        (d) => d.endpointId === endpoints[0] && d.status === 'succeeded' && d.event === 'vote',
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = newestFirst(made.filter(keep));
      expect(expected.length, query).toBeGreaterThan(0);
      const body = (await log(`?limit=100${query}`)).json();
      expect(
        body.data.map((d: { id: string }) => d.id),
        query,
      ).toEqual(expected);
      expect(body.pagination.total, query).toBe(expected.length);
      for (const delivery of body.data) {
        if (query.includes('status=failed')) expect(delivery.attempts[0].error.code).toBe('timeout');
        if (query.includes('status=pending')) expect(delivery.attempts).toEqual([]);
      }
    }
  });

  it('pages by keyset from `after=` to the end: every delivery once, in order, ties in one instant kept apart', async () => {
    const all = await walk('', 4);
    expect(all.ids).toEqual(newestFirst(made));
    expect(all.pages).toBe(11);
    const failed = await walk('&status=failed', 3);
    expect(failed.ids).toEqual(newestFirst(made.filter((d) => d.status === 'failed')));
    const byEndpoint = await walk(`&endpointId=${endpoints[0]}&event=vote`, 2);
    expect(byEndpoint.ids).toEqual(newestFirst(made.filter((d) => d.endpointId === endpoints[0] && d.event === 'vote')));
    // A filter nothing matches: one empty page.
    expect((await log(`?after=&endpointId=${endpoints[1]}&status=pending&event=premium`)).json()).toMatchObject({ next: null });
  });

  it("answers 404 for another bot's endpoint or none, 422 for an unknown filter value or position, and `page` with `after`", async () => {
    expect((await log(`?endpointId=${otherEndpoint}`)).statusCode).toBe(404);
    expect((await log('?endpointId=00000000-0000-4000-8000-000000000000&after=')).statusCode).toBe(404);
    const none = await createBot(t);
    expect((await t.admin('GET', `/admin/v1/bots/${none}/webhook/deliveries?after=`)).statusCode).toBe(404);
    for (const query of [
      '?status=delivered',
      '?event=everything',
      '?endpointId=urn:uuid:00000000-0000-4000-8000-000000000000',
      '?after=not-a-position',
      `?after=${'x'.repeat(101)}`,
      '?after=&page=2',
    ]) {
      const response = await log(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.code, query).toBe('validation_failed');
    }
    expect((await log('?after=&page=2')).json().error.details).toEqual([
      { field: 'page', message: 'is not used with after (pass one of them)' },
    ]);
    // Another bot's deliveries never show.
    const ids = new Set(made.map((d) => d.id));
    expect((await walk('', 100)).ids.every((id) => ids.has(id))).toBe(true);
  });

  it('reads each filtered page as one index range in the log order: no sort, no other scan of deliveries', async () => {
    // Enough rows that the planner prefers the indexes to a scan of the whole table, as it does at
    // scale (LOG_EXPLAIN_ROWS=100000 checks the same at docs/performance.md's size): half of them
    // the bot's, a tenth of those to its second endpoint, 4 % failed.
    await t.db.query(
      `WITH e AS (
         INSERT INTO events (id, bot_id, type, payload, created_at, due_at, routed_at)
         SELECT gen_random_uuid(), CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, (ARRAY['vote','test','premium'])[n % 3 + 1], '{}',
                $3::timestamptz - n * interval '1 second', $3, $3
         FROM generate_series(1, $6::int) n RETURNING id, bot_id, created_at)
       INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, attempts, created_at, completed_at)
       SELECT gen_random_uuid(), e.id, e.bot_id,
              CASE WHEN e.bot_id <> $1 THEN $5::uuid WHEN e.n % 20 = 0 THEN $7::uuid ELSE $4::uuid END,
              CASE WHEN e.n % 100 IN (2, 52) THEN 'failed' ELSE 'succeeded' END, 1, e.created_at, e.created_at
       FROM (SELECT *, extract(epoch FROM $3::timestamptz - created_at)::int AS n FROM e) e`,
      [bot, other, new Date(START - 86_400_000), endpoints[0], otherEndpoint, Number(process.env.LOG_EXPLAIN_ROWS ?? 20_000), endpoints[1]],
    );
    await t.db.query('ANALYZE deliveries');
    await t.db.query('ANALYZE events');
    const after = { at: new Date(START), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    const cases: [DeliveryFilter, string][] = [
      [{}, 'deliveries_bot_time'],
      [{ endpointId: endpoints[1] }, 'deliveries_endpoint_time'],
      [{ status: 'failed' }, 'deliveries_bot_status_time'],
      [{ event: 'premium' }, 'deliveries_bot_time'],
    ];
    for (const [filter, index] of cases) {
      for (const position of [undefined, after]) {
        const plan = await planOf(t.db, (db) => deliveryRepository.page(db, bot, filter, position, 26));
        const scans = nodes(plan).filter((node) => node['Relation Name'] === 'deliveries');
        expect(
          scans.map((node) => [node['Node Type'], node['Index Name']]),
          JSON.stringify(filter),
        ).toEqual([['Index Scan', index]]);
        expect(
          nodes(plan).some((node) => String(node['Node Type']).includes('Sort')),
          JSON.stringify(filter),
        ).toBe(false);
      }
    }
  });
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of the first statement `run` sends (the log's page; the attempts' query follows it). */
async function planOf(db: Queryable, run: (db: Queryable) => Promise<unknown>): Promise<PlanNode> {
  let first: { sql: string; params?: readonly unknown[] } | undefined;
  const recording: Queryable = {
    query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      first ??= { sql, params };
      return db.query<T>(sql, params);
    },
  };
  await run(recording);
  if (!first) throw new Error('no statement');
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${first.sql}`, first.params);
  const json = rows[0]!['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}
