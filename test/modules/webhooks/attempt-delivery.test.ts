import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { attemptDelivery, RESPONSE_SNIPPET_BYTES, type AttemptInput } from '../../../src/modules/webhooks/delivery/attempt-delivery.js';
import { createSafeDispatcher } from '../../../src/modules/webhooks/delivery/safe-dispatcher.js';
import { generateWebhookSecret } from '../../../src/modules/webhooks/endpoints/secret.js';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';
import { startReceiver, type LoopbackReceiver, type ReceivedRequest } from './loopback-receiver.js';

const secret = generateWebhookSecret();
const body = JSON.stringify({
  event: 'vote',
  id: 'evt_1',
  createdAt: '2026-01-01T00:00:00.000Z',
  botId: '123',
  user: '42',
  username: 'Zoë',
  flagged: false,
});
const dispatcher = createSafeDispatcher({ allowPrivate: true, timeoutMs: 2000 });
const receivers: LoopbackReceiver[] = [];
const stripe = new Stripe('sk_test_not_used');

function stripeHeader(request: ReceivedRequest): string {
  return `t=${String(request.headers['x-service-timestamp'])},v1=${String(request.headers['x-service-signature'])}`;
}

async function receiver(respond?: Parameters<typeof startReceiver>[0]): Promise<LoopbackReceiver> {
  const started = await startReceiver(respond);
  receivers.push(started);
  return started;
}

function attempt(url: string, overrides: Partial<AttemptInput> = {}) {
  return attemptDelivery({ url, secret, body, dispatcher, timeoutMs: 2000, userAgent: 'BotDirectory-Webhooks/0.1', ...overrides });
}

// Whatever a test checks, Stripe's verifier must accept every delivery the
// receivers got. Some tests sign a fixed time, hence the unbounded tolerance
// here; the real-clock check with Stripe's default tolerance is below.
afterEach(async () => {
  for (const r of receivers.splice(0)) {
    for (const request of r.received) {
      expect(stripe.webhooks.constructEvent(request.rawBody, stripeHeader(request), secret, Number.MAX_SAFE_INTEGER)).toEqual(
        JSON.parse(body),
      );
    }
    await r.close();
  }
});
afterAll(() => dispatcher.close());

describe('attemptDelivery', () => {
  it('POSTs the signed body to a real loopback receiver', async () => {
    const r = await receiver((res) => res.writeHead(204).end());
    const result = await attempt(`${r.url}/hooks/bot?token=abc`, { now: () => 1_800_000_000_123 });

    expect(result).toMatchObject({ outcome: 'success', statusCode: 204, timestamp: 1_800_000_000 });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = r.received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/bot?token=abc', rawBody: body });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'BotDirectory-Webhooks/0.1',
      'x-service-timestamp': '1800000000',
    });
    expect(request!.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhook(request!.rawBody, request!.headers, secret, { now: 1_800_000_010_000 })).toEqual({
      ok: true,
      timestamp: 1_800_000_000,
    });
  });

  it('signs every attempt afresh with its own timestamp', async () => {
    const r = await receiver();
    await attempt(r.url, { now: () => 1_800_000_000_000 });
    await attempt(r.url, { now: () => 1_800_000_060_000 });
    const [first, second] = r.received;
    expect(first!.headers['x-service-timestamp']).toBe('1800000000');
    expect(second!.headers['x-service-timestamp']).toBe('1800000060');
    expect(first!.headers['x-service-signature']).not.toBe(second!.headers['x-service-signature']);
  });

  it.each([
    [500, 'retry'],
    [503, 'retry'],
    [429, 'retry'],
    [400, 'final'],
    [404, 'final'],
    [410, 'final'],
    [200, 'success'],
  ] as const)('status %i → %s, with the start of the body kept', async (status, outcome) => {
    const r = await receiver((res) => res.writeHead(status).end(`answer ${status}`));
    expect(await attempt(r.url)).toMatchObject({ outcome, statusCode: status, responseSnippet: `answer ${status}` });
  });

  it('returns the Retry-After of a 429 for the scheduler', async () => {
    const r = await receiver((res) => res.writeHead(429, { 'retry-after': '120' }).end());
    expect(await attempt(r.url)).toMatchObject({ outcome: 'retry', statusCode: 429, retryAfter: '120' });
  });

  it('never follows a redirect: a 302 is final and its target receives nothing', async () => {
    const target = await receiver();
    const r = await receiver((res) => res.writeHead(302, { location: `${target.url}/elsewhere` }).end());
    const result = await attempt(r.url);
    expect(result).toMatchObject({ outcome: 'final', statusCode: 302 });
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
  });

  it('gives up on a receiver that never answers: retry with a timeout error', async () => {
    const r = await receiver(() => {
      /* never answers */
    });
    const started = Date.now();
    const result = await attempt(r.url, { timeoutMs: 200 });
    expect(result).toMatchObject({ outcome: 'retry', error: { code: 'timeout' } });
    expect(result.statusCode).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reads only a capped amount of a 10 MB answer and returns promptly', async () => {
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 'x');
    const r = await receiver((res) => res.writeHead(200, { 'content-length': tenMegabytes.length }).end(tenMegabytes));
    const started = Date.now();
    const result = await attempt(r.url);
    expect(result.outcome).toBe('success');
    expect(result.responseSnippet).toHaveLength(RESPONSE_SNIPPET_BYTES);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a closed port as a retryable refused connection', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    receivers.splice(receivers.indexOf(r), 1);
    expect(await attempt(url)).toMatchObject({ outcome: 'retry', error: { code: 'connection_refused' } });
  });

  it('is refused, finally, by the address policy when private addresses are not allowed', async () => {
    const r = await receiver();
    const strict = createSafeDispatcher({ timeoutMs: 2000 });
    try {
      const result = await attempt(r.url, { dispatcher: strict });
      expect(result).toMatchObject({ outcome: 'final', error: { code: 'forbidden_address' } });
      expect(r.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

describe("Stripe's verifier, written by nobody here", () => {
  it('accepts a delivery at its default 300 s tolerance and rejects a tampered body', async () => {
    const r = await receiver();
    await attempt(r.url);
    const [request] = r.received;
    expect(stripe.webhooks.constructEvent(request!.rawBody, stripeHeader(request!), secret)).toEqual(JSON.parse(body));
    const tampered = request!.rawBody.replace('"flagged":false', '"flagged":true');
    expect(tampered).not.toBe(request!.rawBody);
    expect(() => stripe.webhooks.constructEvent(tampered, stripeHeader(request!), secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(request!.rawBody, stripeHeader(request!), generateWebhookSecret())).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
