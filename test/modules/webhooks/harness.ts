/** Shared steps of the webhook delivery tests: bots, webhooks, events, receivers, waiting. */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { botBody } from '../../fixtures.js';
import type { TestApp } from '../../helpers.js';

/** What the steps below need of an app: the management and public calls. */
export type Client = Pick<TestApp, 'admin' | 'get'>;
import { listingWebhook } from '../../../src/modules/listings/event.js';
import { openapiWebhooks } from '../../../src/modules/webhooks/delivery/event-schemas.js';
import { startReceiver, type LoopbackReceiver, type ReceivedRequest } from './loopback-receiver.js';

/** Loopback receivers are allowed, and a whole retry schedule takes a fraction of a second. */
export const FAST_ENV = {
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_RETRY_SCHEDULE: '0.05,0.05,0.05,0.05,0.05,0.05',
  WEBHOOK_TIMEOUT_MS: '2000',
};

const stripe = new Stripe('sk_test_not_used');
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
const bodySchemas = new Map(
  Object.entries(openapiWebhooks([], { listing: listingWebhook })).map(([event, item]) => [
    event,
    ajv.compile(item.post.requestBody.content['application/json'].schema),
  ]),
);

export async function createBot(t: Client): Promise<string> {
  const { id, body } = botBody();
  const response = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return id;
}

/** Configures the webhook and returns its secret. */
export async function configureWebhook(t: Client, botId: string, url: string): Promise<string> {
  const response = await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.secret as string;
}

let users = 0;
/** A distinct 18-digit user id per call, so no vote hits another's 12-hour window. */
export function nextUser(): string {
  users += 1;
  return `${200000000000000000n + BigInt(process.pid) * 100000n + BigInt(users)}`;
}

export async function vote(t: Client, botId: string, user = nextUser()): Promise<string> {
  const response = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: `user ${user}` });
  expect(response.statusCode, response.body).toBe(201);
  return user;
}

export async function deliveryLog(t: Client, botId: string, query = '') {
  const response = await t.admin('GET', `/admin/v1/bots/${botId}/webhook/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Array<Record<string, any>>; pagination: Record<string, number> }>();
}

/** Polls until `check` returns a value other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the bot's newest delivery is finished and returns it. */
export async function settled(t: Client, botId: string, count = 1) {
  return waitFor(async () => {
    const log = await deliveryLog(t, botId);
    return log.data.length >= count && log.data.every((d) => d.status !== 'pending') ? log.data : undefined;
  }, `${count} finished deliveries of bot ${botId}`);
}

/** Stripe's verifier (written by nobody here) must accept every call a receiver got. */
export function expectStripeAccepts(requests: ReceivedRequest[], secret: string): void {
  for (const request of requests) {
    const header = `t=${String(request.headers['x-service-timestamp'])},v1=${String(request.headers['x-service-signature'])}`;
    expect(stripe.webhooks.constructEvent(request.rawBody, header, secret)).toEqual(JSON.parse(request.rawBody));
  }
}

/** Every body a receiver got matches the schema the OpenAPI document publishes for its event. */
export function expectDocumentedBodies(requests: ReceivedRequest[]): void {
  for (const request of requests) {
    const body = JSON.parse(request.rawBody);
    const validate = bodySchemas.get(body.event);
    expect(validate, `schema for ${body.event}`).toBeDefined();
    expect(validate!(body), JSON.stringify(validate!.errors)).toBe(true);
  }
}

/** Receivers started by a test file, closed by `closeReceivers`. */
export class Receivers {
  private readonly started: LoopbackReceiver[] = [];

  async start(respond?: Parameters<typeof startReceiver>[0]): Promise<LoopbackReceiver> {
    const receiver = await startReceiver(respond);
    this.started.push(receiver);
    return receiver;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.started.splice(0).map((r) => r.close()));
  }
}

/**
 * Every attempt that got an answer reached the receiver, and no more requests came than attempts
 * were made. An attempt the loaded suite timed out may never have arrived, so it is not counted.
 */
export function expectAttemptsReceived(received: ReceivedRequest[], attempts: Array<{ statusCode: number | null }>): void {
  expect(received.length).toBeGreaterThanOrEqual(attempts.filter((a) => a.statusCode !== null).length);
  expect(received.length).toBeLessThanOrEqual(attempts.length);
}
