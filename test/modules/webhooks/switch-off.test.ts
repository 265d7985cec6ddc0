/** 20 finally failed deliveries in a row switch a webhook off and tell the owner (record, log, e-mail). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { DISABLE_AFTER_FAILURES } from '../../../src/modules/webhooks/endpoints/endpoint-state.js';
import { configureWebhook, createBot, deliveryLog, expectStripeAccepts, FAST_ENV, settled, vote, waitFor } from './harness.js';
import { startReceiver, type LoopbackReceiver } from './loopback-receiver.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

describe.each(backends())('webhook switch-off (%s)', (backend) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let receiver: LoopbackReceiver;
  let status = 400;
  /** Each bot's secret, to check every call the shared receiver got. */
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await startReceiver((res) => res.writeHead(status).end());
    t = await testApp(backend, {
      workers: true,
      env: { ...FAST_ENV, SMTP_URL: smtp.url, OPERATOR_EMAIL: 'ops@example.org', SMTP_FROM: 'hooks@example.org' },
    });
  });
  afterAll(async () => {
    await t.close();
    for (const [botId, secret] of secrets) {
      expectStripeAccepts(
        receiver.received.filter((r) => JSON.parse(r.rawBody).botId === botId),
        secret,
      );
    }
    await receiver.close();
    await smtp.close();
  });

  const webhook = async (botId: string) => (await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).json().data;

  /** Votes one at a time, each delivery finished before the next, so the count is deterministic. */
  async function failedDeliveries(botId: string, n: number, already = 0): Promise<void> {
    for (let i = 1; i <= n; i++) {
      await vote(t, botId);
      await settled(t, botId, already + i);
    }
  }

  it('a success resets the run of failures', async () => {
    status = 400;
    const botId = await createBot(t);
    secrets.set(botId, await configureWebhook(t, botId, receiver.url));
    await failedDeliveries(botId, 3);
    expect(await webhook(botId)).toMatchObject({ consecutiveFailures: 3 });
    status = 200;
    await failedDeliveries(botId, 1, 3);
    // The success's record comes first; the reset of the run follows in a statement of its own.
    await waitFor(async () => (await webhook(botId)).consecutiveFailures === 0, 'the run of failures to end');
    expect(await webhook(botId)).toMatchObject({ enabled: true, consecutiveFailures: 0 });
  });

  it('switches off after 20, stops attempting, notifies, and re-enabling resets the count', async () => {
    status = 400;
    const botId = await createBot(t);
    secrets.set(botId, await configureWebhook(t, botId, receiver.url));
    await failedDeliveries(botId, DISABLE_AFTER_FAILURES);

    const off = await webhook(botId);
    expect(off).toMatchObject({ enabled: false, disabledAt: expect.any(String), consecutiveFailures: 20 });

    const notices = (await t.admin('GET', '/admin/v1/notifications')).json();
    const notice = notices.data.find((n: { botId: string }) => n.botId === botId);
    expect(notice).toMatchObject({
      kind: 'webhook_disabled',
      message: expect.stringContaining('switched off'),
      details: { url: receiver.url, consecutiveFailures: 20 },
    });

    const mail = await waitFor(() => smtp.messages.find((m) => m.data.includes(botId)), 'the switch-off e-mail');
    expect(mail).toMatchObject({ from: 'hooks@example.org', to: ['ops@example.org'] });

    // No more attempts: a new event is not delivered while switched off.
    const calls = receiver.received.length;
    await vote(t, botId);
    await waitFor(
      async () => (await t.db.query('SELECT 1 FROM events WHERE bot_id = $1 AND routed_at IS NULL', [botId])).rows.length === 0,
      'routing',
    );
    expect((await deliveryLog(t, botId)).pagination.total).toBe(20);
    expect(receiver.received.length).toBe(calls);

    status = 200;
    const on = await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: receiver.url, enabled: true });
    expect(on.json().data).toMatchObject({ enabled: true, disabledAt: null, consecutiveFailures: 0 });
    await vote(t, botId);
    const log = await settled(t, botId, 21);
    expect(log[0]).toMatchObject({ status: 'succeeded' });
  });
});
