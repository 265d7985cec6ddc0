/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET never reach a log line, also when a Stripe call fails and the error is logged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, backends, freshDatabase, testConfig } from '../../helpers.js';
import { startFakeStripe, WEBHOOK_SECRET, type FakeStripe } from '../../support/fake-stripe.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

describe.each(backends())('Stripe secrets in logs (%s)', (backend) => {
  it('are not written at any level', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const db = await freshDatabase(backend);
    const { buildApp } = await import('../../../src/app.js');
    const app = await buildApp({
      config: testConfig({ ...fake.env, LOG_LEVEL: 'debug' }),
      db,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await app.ready();
      const { id: botId, body } = botBody();
      const put = await app.inject({
        method: 'PUT',
        url: `/admin/v1/bots/${botId}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: body,
      });
      expect(put.statusCode).toBe(201);
      const link = await app.services.paymentAccounts.onboardingUrl(
        botId,
        dashboardUser('123456789012345678'),
        'https://x/r',
        'https://x/f',
      );
      const account = link.split('/').pop()!;
      const post = (event: Record<string, unknown>) => {
        const { payload, signature } = fake.sign(event);
        return app.inject({
          method: 'POST',
          url: '/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
      };
      // An object Stripe does not have: acknowledged, no retry.
      const missing = await post({
        id: 'evt_log_0',
        object: 'event',
        type: 'customer.subscription.updated',
        account,
        data: { object: { id: 'sub_missing' } },
      });
      expect(missing.statusCode).toBe(200);
      // A fetch Stripe refuses: the handler fails (500, logged with the error), Stripe would retry.
      fake.fail = { status: 400, times: 1 };
      const refused = await post({ id: 'evt_log_1', object: 'event', type: 'charge.refunded', account, data: { object: { id: 'ch_x' } } });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toMatchObject({ error: { code: 'internal_error' } });
      // Stripe not answering: 503 with Retry-After.
      // Every attempt of the library (it retries twice) fails.
      fake.fail = { status: 503, times: 3 };
      const unanswered = await post({
        id: 'evt_log_2',
        object: 'event',
        type: 'charge.refunded',
        account,
        data: { object: { id: 'ch_x' } },
      });
      expect(unanswered.statusCode).toBe(503);
      const failing = await app.services.paymentCheckout.portalUrl('1', 'not-a-uuid', 'https://x').catch((error: unknown) => error);
      expect(failing).toMatchObject({ code: 'not_found' });
      const forged = await app.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: '{}',
      });
      expect(forged.statusCode).toBe(400);
    } finally {
      await app.close();
      await db.close();
    }
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(all).not.toContain('sk_test_fake');
    expect(all).not.toContain(WEBHOOK_SECRET);
  });
});
