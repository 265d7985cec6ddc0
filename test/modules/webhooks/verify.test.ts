import { describe, expect, it } from 'vitest';
import { signPayload } from '../../../src/modules/webhooks/delivery/signature.js';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';

const secret = 'whsec_receiver_test';
const body = '{"event":"vote","user":"42","flagged":false}';
const nowMs = 1_800_000_000_000;
const ts = 1_800_000_000;

function signed(timestamp = ts, rawBody = body, key = secret) {
  return { 'x-service-timestamp': String(timestamp), 'x-service-signature': signPayload(key, timestamp, rawBody) };
}

describe('verifyWebhook', () => {
  it('accepts a fresh, correctly signed delivery', () => {
    expect(verifyWebhook(body, signed(), secret, { now: nowMs })).toEqual({ ok: true, timestamp: ts });
  });

  it('accepts the body as bytes and a Date as the clock', () => {
    expect(verifyWebhook(Buffer.from(body), signed(), secret, { now: new Date(nowMs) }).ok).toBe(true);
  });

  it('uses the real clock by default', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, signed(now), secret).ok).toBe(true);
  });

  it.each([
    ['300 s old', ts - 300, true],
    ['300 s ahead', ts + 300, true],
    ['301 s old', ts - 301, false],
    ['301 s ahead', ts + 301, false],
  ])('a timestamp %s → %s', (_label, timestamp, ok) => {
    const result = verifyWebhook(body, signed(timestamp), secret, { now: nowMs });
    expect(result).toEqual(ok ? { ok: true, timestamp } : { ok: false, status: 400, reason: 'timestamp_out_of_tolerance' });
  });

  it('honours a custom tolerance', () => {
    expect(verifyWebhook(body, signed(ts - 20), secret, { now: nowMs, toleranceSeconds: 10 })).toMatchObject({ status: 400 });
  });

  it('a tampered body → 401', () => {
    expect(verifyWebhook(body.replace('false', 'true'), signed(), secret, { now: nowMs })).toEqual({
      ok: false,
      status: 401,
      reason: 'signature_mismatch',
    });
  });

  it('a wrong secret → 401', () => {
    expect(verifyWebhook(body, signed(ts, body, 'whsec_other'), secret, { now: nowMs })).toMatchObject({
      status: 401,
      reason: 'signature_mismatch',
    });
  });

  it('a timestamp changed after signing → 401', () => {
    const headers = { ...signed(), 'x-service-timestamp': String(ts + 1) };
    expect(verifyWebhook(body, headers, secret, { now: nowMs })).toMatchObject({ status: 401 });
  });

  it.each([
    ['lower case', (h: Record<string, string>) => h],
    [
      'Title-Case',
      (h: Record<string, string>) => ({ 'X-Service-Timestamp': h['x-service-timestamp'], 'X-Service-Signature': h['x-service-signature'] }),
    ],
    [
      'UPPER CASE',
      (h: Record<string, string>) => ({ 'X-SERVICE-TIMESTAMP': h['x-service-timestamp'], 'X-SERVICE-SIGNATURE': h['x-service-signature'] }),
    ],
    [
      'array values',
      (h: Record<string, string>) => ({
        'x-service-timestamp': [h['x-service-timestamp']],
        'x-service-signature': [h['x-service-signature']],
      }),
    ],
    ['a fetch Headers object', (h: Record<string, string>) => new Headers(h)],
  ])('reads headers in %s', (_label, shape) => {
    expect(verifyWebhook(body, shape(signed()) as never, secret, { now: nowMs }).ok).toBe(true);
  });

  it('accepts an upper-case hex signature and one matching value among several', () => {
    const h = signed();
    expect(verifyWebhook(body, { ...h, 'x-service-signature': h['x-service-signature'].toUpperCase() }, secret, { now: nowMs }).ok).toBe(
      true,
    );
    expect(
      verifyWebhook(body, { ...h, 'x-service-signature': ['0'.repeat(64), h['x-service-signature']] }, secret, { now: nowMs }).ok,
    ).toBe(true);
  });

  it.each([
    ['no timestamp', { 'x-service-signature': 'a'.repeat(64) }, 400, 'missing_timestamp'],
    ['an empty timestamp', { 'x-service-timestamp': ' ', 'x-service-signature': 'a'.repeat(64) }, 400, 'missing_timestamp'],
    ['a non-numeric timestamp', { 'x-service-timestamp': 'soon', 'x-service-signature': 'a'.repeat(64) }, 400, 'invalid_timestamp'],
    ['a timestamp in exponent form', { 'x-service-timestamp': '1.8e9', 'x-service-signature': 'a'.repeat(64) }, 400, 'invalid_timestamp'],
    ['a negative timestamp', { 'x-service-timestamp': '-1', 'x-service-signature': 'a'.repeat(64) }, 400, 'invalid_timestamp'],
    [
      'two timestamps',
      { 'x-service-timestamp': [String(ts), String(ts)], 'x-service-signature': 'a'.repeat(64) },
      400,
      'invalid_timestamp',
    ],
    ['no signature', { 'x-service-timestamp': String(ts) }, 401, 'missing_signature'],
    ['a short signature', { 'x-service-timestamp': String(ts), 'x-service-signature': 'abc' }, 401, 'signature_mismatch'],
    ['a non-hex signature', { 'x-service-timestamp': String(ts), 'x-service-signature': 'z'.repeat(64) }, 401, 'signature_mismatch'],
    ['no headers at all', {}, 400, 'missing_timestamp'],
  ] as const)('%s → %i %s', (_label, headers, status, reason) => {
    expect(verifyWebhook(body, headers as never, secret, { now: nowMs })).toEqual({ ok: false, status, reason });
  });
});
