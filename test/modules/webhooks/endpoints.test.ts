/** Several endpoints per bot, event filters, Standard Webhooks headers and secret rotation (issue 15). */
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';
import {
  configureWebhook,
  createBot,
  expectDocumentedBodies,
  expectStripeAccepts,
  FAST_ENV,
  nextUser,
  Receivers,
  vote,
  waitFor,
} from './harness.js';
import type { LoopbackReceiver, ReceivedRequest } from './loopback-receiver.js';

const stripe = new Stripe('sk_test_not_used');

/** The Standard Webhooks library, used exactly as its README says, accepts the call. */
function standardAccepts(request: ReceivedRequest, secret: string): unknown {
  return new StandardWebhook(secret).verify(request.rawBody, request.headers as Record<string, string>);
}

describe.each(backends())('webhook endpoints (%s)', (backend) => {
  let t: TestApp;
  const receivers = new Receivers();

  beforeAll(async () => {
    t = await testApp(backend, { workers: true, env: FAST_ENV });
  });
  afterAll(() => t.close());
  afterEach(() => receivers.closeAll());

  async function addEndpoint(botId: string, body: Record<string, unknown>) {
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; secret: string } & Record<string, unknown>;
  }

  const bodiesOf = (receiver: LoopbackReceiver) => receiver.received.map((r) => JSON.parse(r.rawBody) as Record<string, unknown>);

  it('lists the default webhook and added endpoints; creates, reads, changes and deletes them', async () => {
    const botId = await createBot(t);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json()).toEqual({ data: [] });
    await configureWebhook(t, botId, 'http://127.0.0.1:9/default');
    const added = await addEndpoint(botId, { url: 'http://127.0.0.1:9/second', events: ['vote.reminder', 'review'] });
    expect(added).toEqual({
      id: expect.any(String),
      isDefault: false,
      url: 'http://127.0.0.1:9/second',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{44}$/),
      enabled: true,
      disabledAt: null,
      consecutiveFailures: 0,
      events: ['vote.reminder', 'review'],
      format: 'json',
      language: 'en',
      previousSecretExpiresAt: null,
    });
    const list = (await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json().data as Array<Record<string, unknown>>;
    expect(list.map((e) => [e.isDefault, e.url, e.events])).toEqual([
      [true, 'http://127.0.0.1:9/default', ['vote', 'premium', 'donation', 'test']],
      [false, 'http://127.0.0.1:9/second', ['vote.reminder', 'review']],
    ]);
    expect(list[1]).not.toHaveProperty('secret');

    const patched = await t.admin('PATCH', `/admin/v1/bots/${botId}/webhooks/${added.id}`, { enabled: false, language: 'de' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      enabled: false,
      disabledAt: expect.any(String),
      language: 'de',
      events: ['vote.reminder', 'review'],
    });
    // The spec-era routes still manage the default endpoint only.
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).json().data).toEqual({
      url: 'http://127.0.0.1:9/default',
      enabled: true,
      disabledAt: null,
      consecutiveFailures: 0,
    });
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${added.id}`)).statusCode).toBe(204);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhooks/${added.id}`)).statusCode).toBe(404);
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${added.id}`)).statusCode).toBe(404);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json().data).toHaveLength(1);
  });

  it('rejects bad endpoints with 422/404/409 and never answers for another bot', async () => {
    const botId = await createBot(t);
    const other = await createBot(t);
    const bad = [
      { url: 'ftp://x.example/' },
      { url: 'http://127.0.0.1:9/', events: [] },
      { url: 'http://127.0.0.1:9/', events: ['vote', 'vote'] },
      { url: 'http://127.0.0.1:9/', events: ['votes'] },
      { url: 'http://127.0.0.1:9/', format: 'slack' },
      { url: 'http://127.0.0.1:9/', language: 'fr' },
      { url: 'http://127.0.0.1:9/', secret: 'short' },
      { url: 'http://127.0.0.1:9/', extra: true },
    ];
    for (const body of bad) {
      const response = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await t.admin('POST', '/admin/v1/bots/99999999999999999/webhooks', { url: 'http://127.0.0.1:9/' })).statusCode).toBe(404);
    const mine = await addEndpoint(botId, { url: 'http://127.0.0.1:9/' });
    expect((await t.admin('GET', `/admin/v1/bots/${other}/webhooks/${mine.id}`)).statusCode).toBe(404);
    expect((await t.admin('PATCH', `/admin/v1/bots/${other}/webhooks/${mine.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}/webhooks/${mine.id}`, {})).statusCode).toBe(422);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhooks/not-a-uuid`)).statusCode).toBe(422);
    for (let i = 1; i < 10; i++) await addEndpoint(botId, { url: `http://127.0.0.1:9/${i}` });
    const eleventh = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: 'http://127.0.0.1:9/11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.code).toBe('conflict');
  });

  it('delivers each event to every enabled endpoint subscribed to it, signed for Standard Webhooks, Stripe and the spec', async () => {
    const botId = await createBot(t);
    const [all, votesOnly, donationsOnly, off] = await Promise.all([1, 2, 3, 4].map(() => receivers.start()));
    const defaultSecret = await configureWebhook(t, botId, `${all!.url}/default`);
    const votes = await addEndpoint(botId, { url: `${votesOnly!.url}/v`, events: ['vote'] });
    await addEndpoint(botId, { url: `${donationsOnly!.url}/d`, events: ['donation'] });
    await addEndpoint(botId, { url: `${off!.url}/off`, enabled: false });
    const user = await vote(t, botId);
    await waitFor(() => all!.received.length === 1 && votesOnly!.received.length === 1, 'the vote at both subscribed endpoints');
    for (const [receiver, secret] of [
      [all!, defaultSecret],
      [votesOnly!, votes.secret],
    ] as const) {
      const request = receiver.received[0]!;
      const body = JSON.parse(request.rawBody);
      expect(body).toMatchObject({ event: 'vote', botId, user, votesTotal: 1, votesMonth: 1, flagged: false });
      expect(Date.parse(body.expiresAt) - Date.parse(body.votedAt)).toBe(12 * 3_600_000);
      expect(request.headers['webhook-id']).toBe(body.id);
      expect(request.headers['webhook-timestamp']).toBe(request.headers['x-service-timestamp']);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(request.headers).not.toHaveProperty('x-service-signature-previous');
      expect(standardAccepts(request, secret)).toEqual(body);
      expect(() => standardAccepts(request, defaultSecret === secret ? votes.secret : defaultSecret)).toThrow();
      expect(verifyWebhook(request.rawBody, request.headers, secret)).toMatchObject({ ok: true });
      expectStripeAccepts([request], secret);
    }
    const [first, second] = [bodiesOf(all!)[0]!, bodiesOf(votesOnly!)[0]!];
    expect(second.id).toBe(first.id);
    // A second vote moves the totals in the payload.
    await vote(t, botId);
    await waitFor(() => all!.received.length === 2, 'the second vote');
    expect(bodiesOf(all!)[1]).toMatchObject({ votesTotal: 2, votesMonth: 2 });
    expect(donationsOnly!.received).toHaveLength(0);
    expect(off!.received).toHaveLength(0);
    expectDocumentedBodies([...all!.received, ...votesOnly!.received]);
  });

  it('a vote writes its event only while an enabled endpoint takes votes (and its reminder only for one that takes those)', async () => {
    const botId = await createBot(t);
    const receiver = await receivers.start();
    await addEndpoint(botId, { url: `${receiver.url}/d`, events: ['donation'] });
    const off = await addEndpoint(botId, { url: `${receiver.url}/off`, events: ['vote'], enabled: false });
    const events = async () =>
      (await t.db.query<{ type: string }>('SELECT type FROM events WHERE bot_id = $1 ORDER BY type', [botId])).rows.map((r) => r.type);
    await vote(t, botId);
    expect(await events()).toEqual([]);
    // Enabled, the endpoint gets the next vote: written, routed by a worker, delivered.
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}/webhooks/${off.id}`, { enabled: true })).statusCode).toBe(200);
    await vote(t, botId);
    await waitFor(() => receiver.received.length === 1, 'the second vote at the enabled endpoint');
    expect(bodiesOf(receiver)[0]).toMatchObject({ event: 'vote', votesTotal: 2, votesMonth: 2 });
    expect(await events()).toEqual(['vote']);
    await addEndpoint(botId, { url: `${receiver.url}/r`, events: ['vote.reminder'] });
    await vote(t, botId);
    expect(await events()).toEqual(['vote', 'vote', 'vote.reminder']);
  });

  it('a test call to one endpoint goes to that endpoint only, whatever its filter', async () => {
    const botId = await createBot(t);
    const [a, b] = await Promise.all([receivers.start(), receivers.start()]);
    await configureWebhook(t, botId, a.url);
    const endpoint = await addEndpoint(botId, { url: b.url, events: ['review'] });
    const sent = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    await waitFor(() => b.received.length === 1, 'the test call');
    expect(bodiesOf(b)[0]).toMatchObject({ event: 'test', id: sent.json().data.id });
    expect(a.received).toHaveLength(0);
  });

  it('rotation: both secrets sign during the overlap (Standard Webhooks multi-signature, previous header), until it is ended early', async () => {
    const botId = await createBot(t);
    const receiver = await receivers.start();
    const oldSecret = await configureWebhook(t, botId, receiver.url);
    const [endpoint] = (await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json().data as Array<{ id: string }>;
    const rotated = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks/${endpoint!.id}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, previousSecretExpiresAt } = rotated.json().data;
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhooks/${endpoint!.id}`)).json().data.previousSecretExpiresAt).toBe(
      previousSecretExpiresAt,
    );

    await vote(t, botId);
    await waitFor(() => receiver.received.length === 1, 'a call during the overlap');
    const during = receiver.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [newSecret, oldSecret]) expect(standardAccepts(during, secret)).toEqual(JSON.parse(during.rawBody));
    expect(verifyWebhook(during.rawBody, during.headers, newSecret)).toMatchObject({ ok: true });
    const previousHeader = `t=${String(during.headers['x-service-timestamp'])},v1=${String(during.headers['x-service-signature-previous'])}`;
    expect(stripe.webhooks.constructEvent(during.rawBody, previousHeader, oldSecret)).toEqual(JSON.parse(during.rawBody));
    expectStripeAccepts([during], newSecret);

    const ended = await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${endpoint!.id}/previous-secret`);
    expect(ended.statusCode).toBe(204);
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${endpoint!.id}/previous-secret`)).statusCode).toBe(409);
    await vote(t, botId);
    await waitFor(() => receiver.received.length === 2, 'a call after the overlap');
    const after = receiver.received[1]!;
    expect(after.headers).not.toHaveProperty('x-service-signature-previous');
    expect(standardAccepts(after, newSecret)).toEqual(JSON.parse(after.rawBody));
    expect(() => standardAccepts(after, oldSecret)).toThrow();
  });

  it('rotation without overlap, and with a secret of its own; bad rotations are 422', async () => {
    const botId = await createBot(t);
    const endpoint = await addEndpoint(botId, { url: 'http://127.0.0.1:9/' });
    const url = `/admin/v1/bots/${botId}/webhooks/${endpoint.id}/rotate-secret`;
    const given = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const response = await t.admin('POST', url, { secret: given, overlapSeconds: 0 });
    expect(response.json()).toEqual({ data: { secret: given, previousSecretExpiresAt: null } });
    for (const body of [{ overlapSeconds: -1 }, { overlapSeconds: 8 * 86_400 }, { overlapSeconds: 1.5 }, { secret: 'nope' }]) {
      expect((await t.admin('POST', url, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('switches off only the endpoint that failed 20 deliveries in a row', async () => {
    const botId = await createBot(t);
    const [good, bad] = await Promise.all([receivers.start(), receivers.start((res) => res.writeHead(410).end())]);
    await configureWebhook(t, botId, good.url);
    const failing = await addEndpoint(botId, { url: bad.url });
    await t.db.query('UPDATE webhooks SET consecutive_failures = 19 WHERE id = $1', [failing.id]);
    await vote(t, botId, nextUser());
    const state = await waitFor(async () => {
      const data = (await t.admin('GET', `/admin/v1/bots/${botId}/webhooks/${failing.id}`)).json().data;
      return data.enabled === false ? data : undefined;
    }, 'the switch-off');
    expect(state).toMatchObject({ consecutiveFailures: 20, disabledAt: expect.any(String) });
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).json().data).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    const notices = (await t.admin('GET', '/admin/v1/notifications')).json().data as Array<{
      botId: string;
      details: Record<string, unknown>;
    }>;
    expect(notices.find((n) => n.botId === botId)?.details).toMatchObject({ endpointId: failing.id });
  });
});
