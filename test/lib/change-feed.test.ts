import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/index.js';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { ChangeFeed } from '../../src/lib/change-feed.js';
import { changeCodec, type Change } from '../../src/modules/changes/change.js';
import { putBot } from '../fixtures.js';
import { backends, freshDatabase, freshPostgresUrl, testApp } from '../helpers.js';

const BOT = '123456789012345678';

/** A database that commits at once and records every statement, with where it ran. */
function recordingDatabase(): Database & { statements: { sql: string; params: readonly unknown[]; inTransaction: boolean }[] } {
  const statements: { sql: string; params: readonly unknown[]; inTransaction: boolean }[] = [];
  const queryable = (inTransaction: boolean) => ({
    async query(sql: string, params: readonly unknown[] = []) {
      statements.push({ sql, params, inTransaction });
      return { rows: [], rowCount: 0 };
    },
  });
  return {
    kind: 'postgres',
    statements,
    ...queryable(false),
    reads: queryable(false),
    transaction: (fn) => fn(queryable(true) as never),
    listen: async () => async () => undefined,
    close: async () => undefined,
    health: { available: () => true, subscribe: () => () => {}, pools: () => [] },
  } as Database & { statements: { sql: string; params: readonly unknown[]; inTransaction: boolean }[] };
}

describe('ChangeFeed batching', () => {
  it('announces votes and stats reports after their commits, many to a NOTIFY; other changes inside their transaction', async () => {
    const db = recordingDatabase();
    const feed = new ChangeFeed<Change>(changeCodec);
    await feed.start(db);
    const writes = Array.from({ length: 40 }, (_, i) =>
      feed.commit(
        db,
        {
          kind: 'bot',
          botId: `1000000000000000${String(i).padStart(2, '0')}`,
          aspect: i % 2 ? 'stats' : 'votes',
          userId: i % 2 ? undefined : BOT,
        },
        async () => i,
      ),
    );
    await Promise.all(writes);
    await feed.commit(db, { kind: 'bot', botId: BOT, aspect: 'profile' }, async () => undefined);
    await feed.stop();
    const notifies = db.statements.filter((s) => s.sql.includes('pg_notify'));
    expect(notifies.map((s) => s.inTransaction)).toEqual([true, false]);
    const lines = String(notifies[1]!.params[1]).split('\n');
    expect(lines).toHaveLength(41); // the sender's origin, then one line per change
    expect(lines[1]).toBe(`bot:votes:100000000000000000:${BOT}:`);
    expect(lines[2]).toBe('bot:stats:100000000000000001::');
  });

  it('sends nothing for a change whose transaction failed', async () => {
    const db = recordingDatabase();
    const feed = new ChangeFeed<Change>(changeCodec);
    await feed.start(db);
    const heard: Change[] = [];
    feed.subscribe((c) => heard.push(c));
    await expect(
      feed.commit(db, { kind: 'bot', botId: BOT, aspect: 'votes', userId: BOT }, async () => Promise.reject(new Error('conflict'))),
    ).rejects.toThrow();
    await feed.stop();
    expect(heard).toEqual([]);
    expect(db.statements.filter((s) => s.sql.includes('pg_notify'))).toEqual([]);
  });
});

describe.each(backends())('ChangeFeed on %s', (backend) => {
  let db: Database;
  let sender: ChangeFeed<Change>;
  let receiver: ChangeFeed<Change>;
  const local: Change[] = [];
  const received: Change[] = [];

  beforeAll(async () => {
    db = await freshDatabase(backend);
    sender = new ChangeFeed<Change>(changeCodec);
    receiver = new ChangeFeed<Change>(changeCodec);
    sender.subscribe((change) => local.push(change));
    receiver.subscribe((change) => received.push(change));
    await sender.start(db);
    await receiver.start(db);
  });
  afterAll(async () => {
    await sender.stop();
    await receiver.stop();
    await db.close();
  });

  it('announces a committed change here at once and to other feeds by NOTIFY, and nothing on rollback', async () => {
    local.length = 0;
    received.length = 0;
    await expect(
      sender.commit(db, { kind: 'bot', botId: '999999999999999999', aspect: 'profile' }, async () => {
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await sender.commit(db, { kind: 'bot', botId: BOT, aspect: 'profile' }, async () => undefined);
    // The writer's own listeners heard it before commit() returned.
    expect(local).toEqual([{ kind: 'bot', botId: BOT, aspect: 'profile' }]);
    await sender.commit(db, { kind: 'history' }, async () => undefined);
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect(received).toEqual([{ kind: 'bot', botId: BOT, aspect: 'profile' }, { kind: 'history' }]);
  });

  it('delivers every vote and stats report of a burst to the other feeds', async () => {
    received.length = 0;
    {
      const writes = Array.from({ length: 40 }, (_, i) =>
        sender.commit(
          db,
          i % 2 === 0
            ? { kind: 'bot', botId: `1000000000000000${String(i).padStart(2, '0')}`, aspect: 'votes', userId: `20000000000000000${i % 10}` }
            : { kind: 'bot', botId: `1000000000000000${String(i).padStart(2, '0')}`, aspect: 'stats' },
          async () => i,
        ),
      );
      expect(await Promise.all(writes)).toHaveLength(40);
      await vi.waitFor(() => expect(received).toHaveLength(40), { timeout: 10_000, interval: 20 });
      // Concurrent transactions commit (and are announced) in any order.
      const byBot = new Map(received.map((c) => [c.kind === 'bot' ? c.botId : '', c]));
      expect(byBot.size).toBe(40);
      expect(byBot.get('100000000000000000')).toEqual({
        kind: 'bot',
        botId: '100000000000000000',
        aspect: 'votes',
        userId: '200000000000000000',
      });
      expect(byBot.get('100000000000000001')).toEqual({ kind: 'bot', botId: '100000000000000001', aspect: 'stats' });
    }
  });

  it('splits a burst too large for one notification over several', async () => {
    received.length = 0;
    const ids = Array.from({ length: 1200 }, (_, i) => `3${String(i).padStart(17, '0')}`);
    await Promise.all(ids.map((botId) => sender.commit(db, { kind: 'bot', botId, aspect: 'votes', userId: BOT }, async () => 0)));
    await vi.waitFor(() => expect(received).toHaveLength(ids.length), { timeout: 10_000, interval: 20 });
    expect(received.map((c) => (c.kind === 'bot' ? c.botId : '')).sort()).toEqual(ids);
  });

  it("carries a write's counters to the other feeds", async () => {
    received.length = 0;
    const vote = {
      kind: 'bot',
      botId: BOT,
      aspect: 'votes',
      userId: BOT,
      counters: { votesTotal: 830_000, votesMonth: 71_234, month: '2026-11-01', changedUs: 1_795_392_225_763_123 },
    } as const;
    const stats = {
      kind: 'bot',
      botId: BOT,
      aspect: 'stats',
      counters: { serverCount: 2_147_483_647, shardCount: 3_000, changedUs: 1_795_392_225_763_124 },
    } as const;
    // A vote whose event awaits routing says so: the other processes' delivery workers wake for it.
    const routed = { ...vote, counters: { ...vote.counters, votesTotal: 830_001 }, routing: true } as const;
    await sender.commit(db, vote, async () => undefined);
    sender.announce(stats);
    sender.announce(routed);
    // Only this bot's changes: a straggler of an earlier burst (other bots) may still arrive on a loaded machine.
    const mine = () => received.filter((c) => c.kind === 'bot' && c.botId === BOT);
    await vi.waitFor(() => expect(mine()).toHaveLength(3), { timeout: 10_000, interval: 20 });
    expect(mine()).toEqual([vote, stats, routed]);
  });

  it('ignores notifications it cannot read', async () => {
    received.length = 0;
    await db.query(
      `SELECT pg_notify('bot_changes', 'someone-else\nbot:nonsense:1:\ngarbage\n\nbot:stats:${BOT}::s,1,x,3\nbot:votes:${BOT}::v,1,2,2026-1-01,5\nbot:stats:${BOT}:')`,
    );
    const mine = () => received.filter((c) => c.kind === 'bot' && c.botId === BOT);
    await vi.waitFor(() => expect(mine()).toHaveLength(3), { timeout: 10_000, interval: 20 });
    // Unreadable counters are dropped, not the change: the bot is read back instead.
    expect(mine()).toEqual([
      { kind: 'bot', botId: BOT, aspect: 'stats' },
      { kind: 'bot', botId: BOT, aspect: 'votes' },
      { kind: 'bot', botId: BOT, aspect: 'stats' },
    ]);
  });
});

// Two processes exist only with a PostgreSQL server; PGlite lives inside one process.
if (backends().includes('postgres'))
  describe('two processes on one PostgreSQL database', () => {
    it("a change made by one process shows in the other's reads", async () => {
      const { url, drop } = await freshPostgresUrl();
      const dbA = await openPostgres(url, 3, undefined, 2);
      await migrate(dbA);
      const dbB = await openPostgres(url, 3, undefined, 2);
      const a = await testApp('postgres', { db: dbA });
      const b = await testApp('postgres', { db: dbB });
      try {
        const { id } = await putBot(b, { name: 'Before' });
        await vi.waitFor(async () => expect((await a.get(`/api/v1/bots/${id}`)).statusCode).toBe(200), { timeout: 10_000, interval: 50 });
        expect((await a.get(`/api/v1/bots/${id}`)).json().data.name).toBe('Before');
        expect((await a.get('/api/v1/bots?search=before')).json().data).toHaveLength(1);
        // Process B changes it; A hears of it through NOTIFY.
        await b.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'After' });
        await vi.waitFor(
          async () => {
            expect((await a.get(`/api/v1/bots/${id}`)).json().data.name).toBe('After');
            expect((await a.get('/api/v1/bots?search=before')).json().data).toHaveLength(0);
          },
          { timeout: 10_000, interval: 50 },
        );
        await b.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
        await vi.waitFor(
          async () => {
            expect((await a.get(`/api/v1/bots/${id}`)).statusCode).toBe(404);
          },
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await a.close();
        await b.close();
        await dbA.close();
        await dbB.close();
        await drop();
      }
    });
  });
