/** The package entry exports the receiver-side check documented in docs/webhooks-receiver.md. */
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { verifyWebhook } from '../src/index.js';

it('exports verifyWebhook', () => {
  const secret = 'whsec_test';
  const body = '{"event":"test"}';
  const timestamp = '1800000000';
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const headers = { 'x-service-timestamp': timestamp, 'x-service-signature': signature };
  expect(verifyWebhook(body, headers, secret, { now: 1_800_000_000_000 })).toEqual({ ok: true, timestamp: 1_800_000_000 });
  expect(verifyWebhook(body, headers, secret, { now: 1_800_000_301_000 })).toMatchObject({ ok: false, status: 400 });
  expect(verifyWebhook(`${body} `, headers, secret, { now: 1_800_000_000_000 })).toMatchObject({ ok: false, status: 401 });
});
