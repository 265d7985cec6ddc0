/** The nightly clean-up: old events and their delivery log go, anything pending or recent stays. */
import { describe, expect, it } from 'vitest';
import { backends, ManualClock, testApp } from '../../helpers.js';
import { configureWebhook, createBot, deliveryLog, FAST_ENV, Receivers, settled, vote, waitFor } from './harness.js';

const T0 = new Date('2026-01-10T12:00:00.000Z');
const DAY = 86_400_000;

describe.each(backends())('event and delivery log retention (%s)', (backend) => {
  it('removes what ended before WEBHOOK_LOG_RETENTION_DAYS, keeps the pending and the recent', async () => {
    const clock = new ManualClock(T0);
    const t = await testApp(backend, { clock, workers: true, env: { ...FAST_ENV, WEBHOOK_LOG_RETENTION_DAYS: '90' } });
    const receivers = new Receivers();
    try {
      const ok = await receivers.start((res) => res.writeHead(204).end());
      const failing = await receivers.start((res) => res.writeHead(500).end());
      const delivered = await createBot(t);
      await configureWebhook(t, delivered, `${ok.url}/hook`);
      const pending = await createBot(t);
      await configureWebhook(t, pending, `${failing.url}/hook`);
      const noWebhook = await createBot(t);

      await vote(t, delivered);
      await vote(t, noWebhook);
      await settled(t, delivered);
      await vote(t, pending);
      // The first attempt failed; the next waits for a clock that does not move by itself.
      await waitFor(async () => (await deliveryLog(t, pending)).data[0]?.attemptCount === 1, 'first failed attempt');

      clock.set(new Date(T0.getTime() + 50 * DAY));
      await vote(t, delivered);
      await settled(t, delivered, 2);

      clock.set(new Date(T0.getTime() + 91 * DAY));
      const events = async (botId: string) => (await t.db.query('SELECT id FROM events WHERE bot_id = $1', [botId])).rows.length;
      const pendingBefore = (await deliveryLog(t, pending)).data[0];
      expect(pendingBefore?.status).toBe('pending');

      // The delivered bot's first event; the bot without a webhook wrote none (migration 016).
      expect(await t.app.services.webhookDeliveries.pruneLog()).toBe(1);
      expect(await t.app.services.webhookDeliveries.pruneLog()).toBe(0);
      const log = await deliveryLog(t, delivered);
      expect(log.data.map((d) => d.createdAt)).toEqual([new Date(T0.getTime() + 50 * DAY).toISOString()]);
      expect(await events(delivered)).toBe(1);
      expect(await events(noWebhook)).toBe(0);
      expect(await events(pending)).toBe(1);
      expect((await deliveryLog(t, pending)).data.map((d) => d.id)).toEqual([pendingBefore!.id]);
      const { rows } = await t.db.query(
        'SELECT 1 FROM delivery_attempts a LEFT JOIN deliveries d ON d.id = a.delivery_id WHERE d.id IS NULL',
      );
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
      await receivers.closeAll();
    }
  });
});
