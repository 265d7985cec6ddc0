import { afterAll, describe, expect, it, vi } from 'vitest';
import { ChangeFeed, type Change } from '../../src/lib/change-feed.js';
import { openPostgres } from '../../src/db/postgres.js';
import { migrate } from '../../src/db/migrate.js';
import { putBot } from '../fixtures.js';
import { backends, freshDatabase, freshPostgresUrl, testApp } from '../helpers.js';

describe.each(backends())('ChangeFeed on %s', async (backend) => {
  const db = await freshDatabase(backend);
  afterAll(() => db.close());

  it('delivers a committed change to other feeds, not to the feed that sent it, and nothing on rollback', async () => {
    const sender = new ChangeFeed();
    const receiver = new ChangeFeed();
    const sent: Change[] = [];
    const received: Change[] = [];
    sender.subscribe((change) => sent.push(change));
    receiver.subscribe((change) => received.push(change));
    await sender.start(db);
    await receiver.start(db);
    try {
      await expect(
        db.transaction(async (tx) => {
          await sender.notify(tx, { kind: 'bot', botId: 'rolled-back' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await db.transaction((tx) => sender.notify(tx, { kind: 'bot', botId: '123456789012345678' }));
      await db.transaction((tx) => sender.notify(tx, { kind: 'history' }));
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 10_000, interval: 20 });
      // Both feeds share one listening connection: the sender saw the same notifications and skipped them.
      expect(received).toEqual([{ kind: 'bot', botId: '123456789012345678' }, { kind: 'history' }]);
      expect(sent).toEqual([]);
    } finally {
      await sender.stop();
      await receiver.stop();
    }
  });
});

// Two processes exist only with a PostgreSQL server; PGlite lives inside one process.
if (backends().includes('postgres')) {
  describe('read cache across two processes on one PostgreSQL database', async () => {
    const { url, drop } = await freshPostgresUrl();
    const dbA = await openPostgres(url, 3);
    await migrate(dbA);
    const dbB = await openPostgres(url, 3);
    const a = await testApp('postgres', { db: dbA });
    const b = await testApp('postgres', { db: dbB });

    it("a change made by one process shows in the other's cached reads", async () => {
      try {
        const { id } = await putBot(b, { name: 'Before' });
        // Process A caches the bot and a list.
        expect((await a.get(`/api/v1/bots/${id}`)).json().data.name).toBe('Before');
        expect((await a.get('/api/v1/bots?search=before')).json().data).toHaveLength(1);
        // Process B changes it; A hears of it through NOTIFY.
        await b.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'After' });
        await vi.waitFor(async () => {
          expect((await a.get(`/api/v1/bots/${id}`)).json().data.name).toBe('After');
        }, { timeout: 10_000, interval: 50 });
        expect((await a.get('/api/v1/bots?search=before')).json().data).toHaveLength(0);
        await b.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
        await vi.waitFor(async () => {
          expect((await a.get(`/api/v1/bots/${id}`)).statusCode).toBe(404);
        }, { timeout: 10_000, interval: 50 });
      } finally {
        await a.close();
        await b.close();
        await dbA.close();
        await dbB.close();
        await drop();
      }
    });
  });
}
