import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeaders, signPayload } from '../../../src/modules/webhooks/delivery/signature.js';
import { generateWebhookSecret } from '../../../src/modules/webhooks/endpoints/secret.js';

describe('signPayload', () => {
  it('is the lowercase hex HMAC-SHA-256 of "timestamp.body" keyed with the secret string', () => {
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"event":"vote"}').digest('hex');
    expect(signPayload('whsec_test', 1_700_000_000, '{"event":"vote"}')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same result for a string and its UTF-8 bytes', () => {
    const body = '{"username":"Zoë 🎉"}';
    expect(signPayload('s', 1, body)).toBe(signPayload('s', 1, Buffer.from(body, 'utf8')));
  });

  it('changes with the body, the timestamp and the secret', () => {
    const base = signPayload('s', 1, 'a');
    expect(signPayload('s', 1, 'b')).not.toBe(base);
    expect(signPayload('s', 2, 'a')).not.toBe(base);
    expect(signPayload('t', 1, 'a')).not.toBe(base);
  });

  it.each([1.5, -1, Number.NaN])('refuses the timestamp %s', (timestamp) => {
    expect(() => signPayload('s', timestamp, 'a')).toThrow(RangeError);
  });

  it('signatureHeaders names the two spec headers', () => {
    expect(signatureHeaders('s', 7, 'a')).toEqual({ 'x-service-timestamp': '7', 'x-service-signature': signPayload('s', 7, 'a') });
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ followed by 264 random bits in standard base64 (what Standard Webhooks libraries decode)', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{44}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(33);
  });

  it('never repeats', () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateWebhookSecret));
    expect(secrets.size).toBe(1000);
  });
});
