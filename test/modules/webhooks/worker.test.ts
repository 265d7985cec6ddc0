/** End to end: events written by the management API, delivered by the worker to real loopback receivers. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';
import {
  configureWebhook,
  createBot,
  deliveryLog,
  expectAttemptsReceived,
  expectDocumentedBodies,
  expectStripeAccepts,
  FAST_ENV,
  Receivers,
  settled,
  vote,
  waitFor,
} from './harness.js';
import type { LoopbackReceiver } from './loopback-receiver.js';

describe.each(backends())('webhook delivery (%s)', (backend) => {
  let t: TestApp;
  const receivers = new Receivers();
  const secrets = new Map<LoopbackReceiver, string>();

  beforeAll(async () => {
    t = await testApp(backend, { workers: true, env: FAST_ENV });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const [receiver, secret] of secrets) {
      expectStripeAccepts(receiver.received, secret);
      expectDocumentedBodies(receiver.received);
    }
    secrets.clear();
    await receivers.closeAll();
  });

  /** A bot whose webhook points at a new receiver answering with `respond`. */
  async function botWithReceiver(respond?: Parameters<Receivers['start']>[0]) {
    const receiver = await receivers.start(respond);
    const botId = await createBot(t);
    const secret = await configureWebhook(t, botId, `${receiver.url}/hook`);
    secrets.set(receiver, secret);
    return { receiver, botId, secret };
  }

  it('delivers a vote once, signed, with the documented body and headers', async () => {
    const { receiver, botId, secret } = await botWithReceiver((res) => res.writeHead(204).end());
    const user = await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/hook' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^BotDirectory-Webhooks\/\d/);
    expect(verifyWebhook(request.rawBody, request.headers, secret)).toMatchObject({ ok: true });
    const body = JSON.parse(request.rawBody);
    expect(Object.keys(body).slice(0, 4)).toEqual(['event', 'id', 'createdAt', 'botId']);
    expect(body).toEqual({
      event: 'vote',
      id: delivery!.event.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      botId,
      user,
      username: `user ${user}`,
      flagged: false,
      votedAt: expect.any(String),
      votesTotal: 1,
      votesMonth: 1,
      expiresAt: expect.any(String),
    });
    expect(delivery).toMatchObject({ event: { type: 'vote' }, status: 'succeeded', attemptCount: 1, nextAttemptAt: null });
    expect(delivery!.attempts).toEqual([
      { attempt: 1, attemptedAt: expect.any(String), statusCode: 204, error: null, latencyMs: expect.any(Number), response: null },
    ]);
  });

  it('repeats after a 500 and succeeds on the second attempt, same event id', async () => {
    let calls = 0;
    const { receiver, botId } = await botWithReceiver((res) => res.writeHead(++calls === 1 ? 500 : 200).end('x'));
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 2 });
    expect(delivery!.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    const ids = receiver.received.map((r) => JSON.parse(r.rawBody).id);
    expect(ids).toEqual([delivery!.event.id, delivery!.event.id]);
  });

  it('makes exactly 7 attempts against a receiver that always answers 500, then fails finally', async () => {
    const { receiver, botId } = await botWithReceiver((res) => res.writeHead(500).end('down'));
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 7, nextAttemptAt: null, completedAt: expect.any(String) });
    expect(delivery!.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expectAttemptsReceived(receiver.received, delivery!.attempts);
    const webhook = (await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).json().data;
    expect(webhook).toMatchObject({ enabled: true, consecutiveFailures: 1 });
  });

  it('gives up at once on a 400: one attempt', async () => {
    const { receiver, botId } = await botWithReceiver((res) => res.writeHead(400).end('bad'));
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1 });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 400, response: 'bad' });
    expect(receiver.received).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After asks when that is longer than the schedule', async () => {
    const seen: number[] = [];
    const { botId } = await botWithReceiver((res) => {
      seen.push(Date.now());
      if (seen.length === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.writeHead(200).end();
    });
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 2 });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 429 });
    // The schedule alone would repeat after 0.05 s.
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(950);
  });

  it('times out on a receiver that never answers and tries again', async () => {
    let calls = 0;
    const { botId } = await botWithReceiver((res) => {
      if (++calls > 1) res.writeHead(200).end();
    });
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 2 });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: null, error: { code: 'timeout' } });
    expect(delivery!.attempts[0].latencyMs).toBeGreaterThanOrEqual(400);
  });

  it('delivers premium, donation and test events with their documented fields', async () => {
    const { receiver, botId } = await botWithReceiver();
    const tierId = '3f1c7a52-3d2c-4a57-9a38-0f0e7e1b6d11';
    const expiresAt = '2030-01-01T00:00:00.000Z';
    const subscription = {
      userId: '300000000000000001',
      guildId: '400000000000000001',
      tierId,
      tierName: 'Gold',
      interval: 'month',
      expiresAt,
      active: true,
    };
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, subscription)).statusCode).toBe(201);
    const donation = { user: '300000000000000002', username: 'Ada', amount: 4.5, currency: 'EUR' };
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/donations`, donation)).statusCode).toBe(201);
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/webhook/test`)).statusCode).toBe(202);
    await waitFor(() => receiver.received.length === 3, 'three calls');
    const bodies = Object.fromEntries(receiver.received.map((r) => JSON.parse(r.rawBody)).map((b) => [b.event, b]));
    expect(bodies.premium).toEqual({
      event: 'premium',
      id: expect.any(String),
      createdAt: expect.any(String),
      botId,
      user: '300000000000000001',
      guildId: '400000000000000001',
      tierId,
      tierName: 'Gold',
      interval: 'month',
      active: true,
      expiresAt,
      cancelAtPeriodEnd: false,
    });
    expect(bodies.donation).toEqual({
      event: 'donation',
      id: expect.any(String),
      createdAt: expect.any(String),
      botId,
      user: '300000000000000002',
      username: 'Ada',
      amount: 4.5,
      currency: 'EUR',
    });
    expect(bodies.test).toEqual({
      event: 'test',
      id: expect.any(String),
      createdAt: expect.any(String),
      botId,
      message: expect.any(String),
    });
  });

  it('does not deliver events from before the webhook was configured', async () => {
    const receiver = await receivers.start();
    const botId = await createBot(t);
    await vote(t, botId);
    // Without an endpoint, the early vote writes no event: nobody could ever receive it.
    expect((await t.db.query(`SELECT 1 FROM events WHERE bot_id = $1`, [botId])).rows).toEqual([]);
    secrets.set(receiver, await configureWebhook(t, botId, receiver.url));
    await vote(t, botId);
    await settled(t, botId);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryLog(t, botId)).data).toHaveLength(1);
  });

  it('redelivers a finished delivery as a new one with the same event id', async () => {
    const { receiver, botId } = await botWithReceiver();
    await vote(t, botId);
    const [first] = await settled(t, botId);
    const again = await t.admin('POST', `/admin/v1/webhook/deliveries/${first!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data).toMatchObject({ event: first!.event, status: 'pending', attemptCount: 0 });
    const log = await settled(t, botId, 2);
    expect(log.map((d) => d.id)).toEqual([again.json().data.id, first!.id]);
    expect(receiver.received.map((r) => JSON.parse(r.rawBody).id)).toEqual([first!.event.id, first!.event.id]);
  });

  it('pages the delivery log, newest first', async () => {
    const { botId } = await botWithReceiver();
    for (let i = 0; i < 3; i++) await vote(t, botId);
    await settled(t, botId, 3);
    const page1 = await deliveryLog(t, botId, '?limit=2');
    const page2 = await deliveryLog(t, botId, '?limit=2&page=2');
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(page2.data).toHaveLength(1);
    const times = [...page1.data, ...page2.data].map((d) => d.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
