/** The webhook management API: configuration, secrets, validation, SSRF refusals, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import type { LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { createBot, deliveryLog, settled, vote } from './harness.js';
import { startReceiver, type LoopbackReceiver } from './loopback-receiver.js';

/** Names the tests resolve; the delivery-time case flips its answer after configuration. */
const dns = new Map<string, string>([
  ['loopback.example.test', '127.0.0.1'],
  ['public.example.test', '93.184.216.34'],
]);
const lookup: LookupFn = async (hostname) => {
  const address = dns.get(hostname);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

describe.each(backends())('webhook management API (%s)', (backend) => {
  let t: TestApp;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    // No WEBHOOK_ALLOW_PRIVATE: the address policy is on. Every host is resolved by the stub above.
    t = await testApp(backend, { workers: true, lookup, env: { WEBHOOK_TIMEOUT_MS: '1000' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const put = (botId: string, body: unknown) => t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, body);
  const url = 'https://public.example.test/hooks';

  it('creates a webhook with a generated secret shown once, stored encrypted', async () => {
    const botId = await createBot(t);
    const created = await put(botId, { url });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toEqual({
      url,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{44}$/),
      enabled: true,
      disabledAt: null,
      consecutiveFailures: 0,
    });

    const shown = await t.admin('GET', `/admin/v1/bots/${botId}/webhook`);
    expect(shown.json()).toEqual({ data: { url, enabled: true, disabledAt: null, consecutiveFailures: 0 } });

    const { rows } = await t.db.query<{ secret_box: string }>('SELECT secret_box FROM webhooks WHERE bot_id = $1', [botId]);
    expect(rows[0]!.secret_box).toMatch(/^v1\./);
    expect(rows[0]!.secret_box).not.toContain(data.secret.slice(6));
  });

  it('keeps the secret on a later PUT without one, and takes a given one', async () => {
    const botId = await createBot(t);
    await put(botId, { url });
    const kept = await put(botId, { url: `${url}/v2` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ url: `${url}/v2`, secret: null });
    const given = `whsec_${'a'.repeat(40)}`;
    expect((await put(botId, { url, secret: given })).json().data.secret).toBe(given);
  });

  it('records who switched it off, and resets the failure count when enabled again', async () => {
    const botId = await createBot(t);
    await put(botId, { url });
    const off = (await put(botId, { url, enabled: false })).json().data;
    expect(off).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    await t.db.query('UPDATE webhooks SET consecutive_failures = 20 WHERE bot_id = $1', [botId]);
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/webhook/test`)).statusCode).toBe(409);
    const on = (await put(botId, { url, enabled: true })).json().data;
    expect(on).toMatchObject({ enabled: true, disabledAt: null, consecutiveFailures: 0 });
  });

  it('removes a webhook; a missing one is a 404 in the envelope', async () => {
    const botId = await createBot(t);
    await put(botId, { url });
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhook`)).statusCode).toBe(204);
    for (const [method, path] of [
      ['GET', `/admin/v1/bots/${botId}/webhook`],
      ['DELETE', `/admin/v1/bots/${botId}/webhook`],
      ['POST', `/admin/v1/bots/${botId}/webhook/test`],
      ['GET', `/admin/v1/bots/${botId}/webhook/deliveries`],
      ['POST', '/admin/v1/webhook/deliveries/8d0f4c1e-5b7a-4d0e-9a43-2f6b1c9e7a10/redeliver'],
    ] as const) {
      const response = await t.admin(method, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await put('999999999999999999', { url })).statusCode).toBe(404);
  });

  it.each([
    [{}, 'url'],
    [{ url, extra: 1 }, 'extra'],
    [{ url, secret: 'short' }, 'secret'],
    [{ url, enabled: 'yes' }, 'enabled'],
    [{ url: 'ftp://public.example.test/' }, 'url'],
    [{ url: 'https://user:pw@public.example.test/' }, 'url'],
    [{ url: 'https://unknown.example.test/' }, 'url'],
  ])('refuses %j with 422 naming %s', async (body, field) => {
    const botId = await createBot(t);
    const response = await put(botId, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ field })] });
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://loopback.example.test/',
  ])('refuses to configure %s (SSRF)', async (target) => {
    const botId = await createBot(t);
    const response = await put(botId, { url: target });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([
      { field: 'url', message: expect.stringMatching(/^forbidden_address: .*(loopback|private|metadata)/) },
    ]);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).statusCode).toBe(404);
  });

  it('refuses at connect time when the name resolves to loopback by then (DNS rebinding)', async () => {
    dns.set('rebind.example.test', '93.184.216.34');
    const botId = await createBot(t);
    expect((await put(botId, { url: `http://rebind.example.test:${receiver.port}/hook` })).statusCode).toBe(201);
    // Flipped before any event exists, so no call can ever go to the public address.
    dns.set('rebind.example.test', '127.0.0.1');
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1 });
    expect(delivery!.attempts[0]).toMatchObject({
      statusCode: null,
      error: { code: 'forbidden_address', message: expect.stringContaining('loopback') },
    });
    expect(receiver.received).toHaveLength(0);
  });

  it('fails a delivery whose secret cannot be decrypted without calling, and refuses to redeliver it while switched off', async () => {
    dns.set('off.example.test', '127.0.0.1');
    const botId = await createBot(t);
    await t.db.query(
      `INSERT INTO webhooks (id, bot_id, is_default, url, secret_box, enabled, active_since, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, true, $2, 'v1.x.y', true, now() - interval '1 hour', now(), now())`,
      [botId, `http://off.example.test:${receiver.port}/`],
    );
    await vote(t, botId);
    const [delivery] = await settled(t, botId);
    expect(delivery!.attempts[0]).toMatchObject({ error: { code: 'secret_unreadable' } });
    expect(receiver.received).toHaveLength(0);
    expect((await put(botId, { url, enabled: false })).statusCode).toBe(200);
    const response = await t.admin('POST', `/admin/v1/webhook/deliveries/${delivery!.id}/redeliver`);
    expect(response.statusCode).toBe(409);
    expect((await deliveryLog(t, botId)).data).toHaveLength(1);
  });

  it('requires the operator token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/v1/notifications' });
    expect(response.statusCode).toBe(401);
  });
});
