/** `vote.reminder`: once per vote when its 12-hour window ends, durable, exactly once across processes. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/index.js';
import { ADMIN_TOKEN, backends, freshDatabase, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { botBody } from '../../fixtures.js';
import { createBot, expectDocumentedBodies, FAST_ENV, nextUser, Receivers, settled, waitFor } from './harness.js';
import type { LoopbackReceiver } from './loopback-receiver.js';
import { twoProcesses } from './two-process-harness.js';

const HOUR = 3_600_000;
const reminders = (receiver: LoopbackReceiver) =>
  receiver.received.map((r) => JSON.parse(r.rawBody) as Record<string, unknown>).filter((b) => b.event === 'vote.reminder');

describe.each(backends())('vote reminders (%s)', (backend) => {
  const receivers = new Receivers();
  afterEach(() => receivers.closeAll());

  describe('on one process with a hand-moved clock', () => {
    const clock = new ManualClock(new Date('2026-03-10T08:00:00.000Z'));
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(backend, { clock, workers: true, env: FAST_ENV });
    });
    afterAll(() => t.close());

    it('is sent once when the window ends, only to endpoints subscribed to it, with the vote it reminds of', async () => {
      const botId = await createBot(t);
      const [subscribed, votesOnly] = await Promise.all([receivers.start(), receivers.start()]);
      const hook = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: subscribed.url, events: ['vote', 'vote.reminder'] });
      expect(hook.statusCode).toBe(201);
      await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: votesOnly.url, events: ['vote'] });
      const user = nextUser();
      const votedAt = clock.now();
      expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'Ann' })).statusCode).toBe(201);
      // Recorded before the clock jumps: a lease would otherwise expire in the jump (a repeat, not a reminder).
      await settled(t, botId, 2);

      // A millisecond before the window ends: another vote is routed and delivered, the reminder is not.
      clock.set(new Date(votedAt.getTime() + 12 * HOUR - 1));
      expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: nextUser(), username: 'Bo' })).statusCode).toBe(201);
      await settled(t, botId, 4);
      expect(subscribed.received.map((r) => JSON.parse(r.rawBody).event)).toEqual(['vote', 'vote']);

      clock.set(new Date(votedAt.getTime() + 12 * HOUR));
      const [reminder] = await waitFor(() => (reminders(subscribed).length === 1 ? reminders(subscribed) : undefined), 'the reminder');
      expect(reminder).toEqual({
        event: 'vote.reminder',
        id: expect.any(String),
        createdAt: votedAt.toISOString(),
        botId,
        user,
        username: 'Ann',
        flagged: false,
        votedAt: votedAt.toISOString(),
      });
      // The sentinel's own reminder comes when its window ends; nothing comes twice, nothing to the other endpoint.
      clock.set(new Date(votedAt.getTime() + 24 * HOUR));
      await waitFor(() => reminders(subscribed).length === 2, "the sentinel's reminder");
      expect(new Set(reminders(subscribed).map((r) => r.id)).size).toBe(2);
      expect(votesOnly.received.map((r) => JSON.parse(r.rawBody).event)).toEqual(['vote', 'vote']);
      expectDocumentedBodies(subscribed.received);
    });

    it('is not stored for a bot without a subscribed endpoint', async () => {
      const botId = await createBot(t);
      await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: 'http://127.0.0.1:9/' });
      expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: nextUser(), username: 'x' })).statusCode).toBe(201);
      const { rows } = await t.db.query<{ type: string }>('SELECT type FROM events WHERE bot_id = $1 ORDER BY type', [botId]);
      expect(rows.map((r) => r.type)).toEqual(['vote']);
    });
  });

  it('survives a restart: a reminder due while no process ran is sent by the next one', async () => {
    const db: Database = await freshDatabase(backend);
    const receiver = await receivers.start();
    const first = await testApp(backend, { db, env: FAST_ENV });
    const botId = await createBot(first);
    await first.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: receiver.url, events: ['vote.reminder'] });
    const votedAt = new Date(Date.now() - 12 * HOUR - 5000).toISOString();
    expect((await first.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: nextUser(), username: 'x', votedAt })).statusCode).toBe(201);
    await first.app.close();
    const second = await testApp(backend, { db, workers: true, env: FAST_ENV });
    try {
      await waitFor(() => reminders(receiver).length === 1, 'the reminder after the restart');
      expect(reminders(receiver)[0]).toMatchObject({ botId, votedAt });
    } finally {
      await second.app.close();
      await db.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('vote reminders on two processes sharing one PostgreSQL', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('sends each reminder exactly once', async () => {
    const VOTES = 60;
    const { apps, receiver, admin } = await twoProcesses(cleanup);
    const { id: botId, body } = botBody();
    expect((await admin(apps[0], 'PUT', `/admin/v1/bots/${botId}`, body)).statusCode).toBe(201);
    expect(
      (await admin(apps[1], 'POST', `/admin/v1/bots/${botId}/webhooks`, { url: receiver.url, events: ['vote.reminder'] })).statusCode,
    ).toBe(201);
    // Votes cast through both processes whose windows have ended: every reminder is due at once,
    // and both workers race for them.
    const past = Date.now() - 12 * HOUR - 1000;
    await Promise.all(
      Array.from({ length: VOTES }, (_, i) =>
        admin(apps[i % 2]!, 'POST', `/admin/v1/bots/${botId}/votes`, {
          user: nextUser(),
          username: 'u',
          votedAt: new Date(past - i).toISOString(),
        }).then((r) => expect(r.statusCode, r.body).toBe(201)),
      ),
    );
    await waitFor(() => receiver.received.length >= VOTES, `${VOTES} reminders`, 30_000);
    // A sentinel (test call) routed after them: any duplicate would have been sent by then.
    const [endpoint] = (
      await apps[0].inject({ method: 'GET', url: `/admin/v1/bots/${botId}/webhooks`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json().data;
    await admin(apps[0], 'POST', `/admin/v1/bots/${botId}/webhooks/${endpoint.id}/test`, {});
    await waitFor(() => receiver.received.some((r) => JSON.parse(r.rawBody).event === 'test'), 'the sentinel');
    const ids = reminders(receiver).map((r) => r.id);
    expect(ids).toHaveLength(VOTES);
    expect(new Set(ids).size).toBe(VOTES);
  }, 60_000);
});
