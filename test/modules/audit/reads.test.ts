/**
 * Reading the log: newest first, a page at a time by keyset (every entry once, ties at one instant
 * kept apart by their order), each filter and each combination of them, each one index range in
 * its order; and what the management API refuses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryResult } from '../../../src/db/index.js';
import { dashboardUser, OPERATOR_TOKEN, type Actor, type AuditAction } from '../../../src/modules/audit/entry.js';
import { auditRepository, type AuditFilter } from '../../../src/modules/audit/repository.js';
import type { AuditLogEntry } from '../../../src/modules/audit/schemas.js';
import { appPerFile, backends } from '../../helpers.js';

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const MINUTE = 60_000;
const BOTS = ['120000000000000001', '120000000000000002', '120000000000000003'];
const ACTORS: Actor[] = [
  dashboardUser('190000000000000001'),
  dashboardUser('190000000000000002'),
  { kind: 'key', id: 'bdk_aBc123', via: 'api' },
];
const ACTIONS: AuditAction[] = ['key.create', 'webhook.update', 'listing.edit', 'ban.create'];
const COUNT = 240;

interface Written {
  at: number;
  botId: string;
  actorId: string | null;
  action: AuditAction;
  /** Its place in the order of writing (the ids are the database's). */
  n: number;
}

/** Explains each statement (same SQL, same parameters) with the plans that need a sort or a table scan priced out, then runs it. */
class Explaining implements Queryable {
  plans: string[] = [];
  constructor(private readonly inner: Queryable) {}
  async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const plan = await this.inner.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    this.plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return this.inner.query<T>(sql, params);
  }
}

describe.each(backends())('reading the audit log (%s)', (backend) => {
  const t = appPerFile(backend);
  const written: Written[] = [];

  beforeAll(async () => {
    for (let n = 0; n < COUNT; n++) {
      // Every fifth entry shares its instant with the one before it: the order of writing decides.
      const at = T0 + (n - Math.floor(n / 5)) * MINUTE;
      const entry = {
        at,
        botId: BOTS[n % 3]!,
        actorId: ACTORS[Math.floor(n / 3) % 3]!.id,
        action: ACTIONS[Math.floor(n / 2) % 4]!,
        n,
      };
      const actor = ACTORS[Math.floor(n / 3) % 3]!;
      await auditRepository.record(t.db, { actor, action: entry.action, botId: entry.botId, target: `t${n}`, diff: null }, new Date(at));
      written.push(entry);
    }
    // A user's ban: about no bot.
    await auditRepository.record(
      t.db,
      { actor: OPERATOR_TOKEN, action: 'ban.create', botId: null, target: '190000000000000009' },
      new Date(T0),
    );
    await t.db.query('ANALYZE audit_log');
  });

  /** Every entry the filter lets through, newest first (the order of writing breaks ties). */
  function expected(filter: { botId?: string; actorId?: string; action?: string; from?: number; to?: number }): string[] {
    return written
      .filter(
        (entry) =>
          (filter.botId === undefined || entry.botId === filter.botId) &&
          (filter.actorId === undefined || entry.actorId === filter.actorId) &&
          (filter.action === undefined || entry.action === filter.action) &&
          (filter.from === undefined || entry.at >= filter.from) &&
          (filter.to === undefined || entry.at < filter.to),
      )
      .sort((a, b) => b.at - a.at || b.n - a.n)
      .map((entry) => `t${entry.n}`);
  }

  /** The targets of every entry of a list, page after page of `limit`. */
  async function walk(path: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const response = await t.admin('GET', `${path}${separator}limit=${limit}${after ? `&after=${after}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ data: AuditLogEntry[]; next: string | null }>();
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...page.data.map((entry) => entry.target!));
      after = page.next;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (after !== null);
    return seen;
  }

  it('pages through the whole log newest first, every entry once, ties at one instant in the order of writing', async () => {
    const all = await walk('/admin/v1/audit', 7);
    expect(all.filter((target) => target.startsWith('t'))).toEqual(expected({}));
    expect(all).toHaveLength(COUNT + 1);
    const first = (await t.admin('GET', '/admin/v1/audit?limit=1')).json();
    expect(first.data[0]).toMatchObject({
      target: `t${COUNT - 1}`,
      actor: { kind: ACTORS[Math.floor((COUNT - 1) / 3) % 3]!.kind },
      at: new Date(written[COUNT - 1]!.at).toISOString(),
    });
  });

  it('narrows the whole log by bot, actor, action and time, in every combination', async () => {
    const from = T0 + 40 * MINUTE;
    const to = T0 + 150 * MINUTE;
    for (const botId of [undefined, BOTS[1]]) {
      for (const actorId of [undefined, ACTORS[2]!.id!]) {
        for (const action of [undefined, 'webhook.update']) {
          for (const range of [{}, { from }, { to }, { from, to }] as { from?: number; to?: number }[]) {
            const query = new URLSearchParams();
            if (botId) query.set('botId', botId);
            if (actorId) query.set('actorId', actorId);
            if (action) query.set('action', action);
            if (range.from !== undefined) query.set('from', new Date(range.from).toISOString());
            if (range.to !== undefined) query.set('to', new Date(range.to).toISOString());
            const shown = (await walk(`/admin/v1/audit?${query.toString()}`, 8)).filter((target) => target.startsWith('t'));
            expect(shown, query.toString()).toEqual(expected({ botId, actorId, action, ...range }));
          }
        }
      }
    }
  });

  it("a bot's log, by actor and action; a bot that never was has an empty one", async () => {
    expect(await walk(`/admin/v1/bots/${BOTS[0]}/audit`, 9)).toEqual(expected({ botId: BOTS[0] }));
    expect(await walk(`/admin/v1/bots/${BOTS[2]}/audit?actorId=${ACTORS[0]!.id}&action=listing.edit`, 2)).toEqual(
      expected({ botId: BOTS[2], actorId: ACTORS[0]!.id!, action: 'listing.edit' }),
    );
    expect((await t.admin('GET', '/admin/v1/bots/129999999999999999/audit')).json()).toEqual({ data: [], next: null });
  });

  it('reads each combination of filters as one range of the index made for it, in its order (no sort)', async () => {
    const cases: [AuditFilter, string][] = [
      [{}, 'audit_log_time'],
      [{ botId: BOTS[0] }, 'audit_log_bot_time'],
      [{ actorId: ACTORS[0]!.id! }, 'audit_log_actor_time'],
      [{ action: 'key.create' }, 'audit_log_action_time'],
      [{ botId: BOTS[0], action: 'key.create' }, 'audit_log_bot_action_time'],
      [{ botId: BOTS[0], actorId: ACTORS[0]!.id! }, 'audit_log_bot_actor_time'],
      [{ actorId: ACTORS[0]!.id!, action: 'key.create' }, 'audit_log_actor_action_time'],
      [{ botId: BOTS[0], actorId: ACTORS[0]!.id!, action: 'key.create' }, 'audit_log_bot_actor_action_time'],
    ];
    const after = { at: new Date(T0 + 100 * MINUTE), id: '150' };
    const range = { from: new Date(T0 + 10 * MINUTE), to: new Date(T0 + 200 * MINUTE) };
    const rollback = new Error('rollback');
    await t.db
      .transaction(async (tx) => {
        // Many bots, actors and actions, as a directory has them (the entries above are three of each):
        // a filter then keeps a small part of the log, as it does at scale. Rolled back after.
        await tx.query(
          `INSERT INTO audit_log (at, bot_id, actor_kind, actor_id, via, action, target)
           SELECT $1::timestamptz + g * interval '1 second', (130000000000000000 + g % 500)::text, 'user',
                  (190000000000100000 + g % 400)::text, 'dashboard', (ARRAY['listing.create', 'listing.edit', 'key.create', 'key.revoke',
                  'webhook.create', 'webhook.update', 'webhook.delete', 'report.resolve', 'ban.create', 'ban.lift'])[1 + g % 10], 'noise'
             FROM generate_series(1, 6000) g`,
          [new Date(T0)],
        );
        await tx.query('ANALYZE audit_log');
        // A table scan or a sort priced out: what is left must be an index's own order.
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_bitmapscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        for (const [filter, index] of cases) {
          for (const [more, position] of [
            [{}, undefined],
            [range, after],
          ] as const) {
            const explaining = new Explaining(tx);
            await auditRepository.page(explaining, { ...filter, ...more }, position, 26);
            const plan = explaining.plans[0]!;
            expect(plan, JSON.stringify(filter)).toMatch(new RegExp(`Index Scan using ${index} on audit_log`));
            expect(plan, JSON.stringify(filter)).not.toMatch(/Sort|Seq Scan|Bitmap|Filter/);
          }
        }
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  });

  it('refuses what is no position, no time range, no action or no bot (422)', async () => {
    for (const query of ['after=bm90LWEtcG9zaXRpb24', 'after=!!', 'action=key.delete', 'botId=abc', 'from=yesterday', 'limit=101']) {
      const response = await t.admin('GET', `/admin/v1/audit?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const backwards = await t.admin('GET', '/admin/v1/audit?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.details).toEqual([{ field: 'to', message: 'must be after from' }]);
    expect((await t.get('/admin/v1/audit')).statusCode).toBe(401);
    expect((await t.get(`/admin/v1/bots/${BOTS[0]}/audit`)).statusCode).toBe(401);
  });
});
