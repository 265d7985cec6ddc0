/**
 * A stand-in for Stripe on this machine, for the demo and the tests: the calls the payments
 * module's gateway makes, answered in Stripe's JSON shapes for the `stripe` library's API version
 * (`Stripe.API_VERSION`), reading the library's form-encoded bodies, `Stripe-Account` choosing the
 * connected account, and Stripe's error envelope (`{ error: { type, message, param, code } }`,
 * 400 / 404; 401 without the key). Never for production.
 *
 * API: `POST/GET /v1/accounts[/:id]`, `GET /v1/account`, `POST /v1/account_links`,
 * `POST/GET /v1/customers[/:id]`, `POST/GET /v1/checkout/sessions[/:id]` (list filters
 * `payment_intent`, `subscription`, `customer`; `/:id/line_items`, `/:id/expire`),
 * `GET /v1/subscriptions` (`status` incl. `all`, `customer`, `limit`, `starting_after`,
 * `ending_before`), `GET/POST/DELETE /v1/subscriptions/:id`, `GET /v1/invoices[/:id]`,
 * `GET /v1/invoice_payments[/:id]` (filters `invoice`, `payment[payment_intent]`),
 * `GET /v1/charges[/:id]`, `GET /v1/payment_intents/:id`, `POST /v1/refunds`, `GET /v1/refunds/:id`,
 * `POST /v1/billing_portal/sessions`, `GET /v1/events[/:id]`; `expand[]` for ids of stored objects.
 *
 * Links between objects, as this API version has them: a subscription's period is on its item
 * (`items.data[0].current_period_start/end`); an invoice names its subscription in
 * `parent.subscription_details.subscription` and the paid period in `lines.data[0].period` (its own
 * `period_start/end` is the period that just ended, as Stripe's are for renewals); a charge has no
 * `invoice` field any more: it names its `payment_intent`, and
 * `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=pi_…` answers the
 * `invoice_payment` whose `invoice` it paid (a donation's payment intent has none; its Checkout
 * Session is found by `GET /v1/checkout/sessions?payment_intent=pi_…`).
 *
 * Pages (plain HTML, forms POST then 303): onboarding `/_standin/onboard/:account` (Complete →
 * charges enabled, `account.updated`; then the link's return_url; a used link leads to its
 * refresh_url), checkout `/_standin/checkout/:session` (Pay → subscription mode: customer,
 * subscription with one item period, a paid invoice with its payment intent and charge; events
 * `customer.subscription.created`, `invoice.paid`, `checkout.session.completed`; payment mode:
 * payment intent and charge, `checkout.session.completed`; then success_url. Cancel → cancel_url),
 * portal `/_standin/portal/:session` (cancel at period end / resume → `customer.subscription.updated`).
 * The pages and the controls answer once their events were delivered, so a test or a browser that
 * follows the redirect finds them handled; API calls that cause events (update or cancel a
 * subscription, refund) answer at once, as Stripe's do: `control.settle()` waits for their events.
 *
 * Controls (JSON) under `/_standin/control/`, also on the returned `control`: `POST advance
 * {subscription, outcome: 'renew'|'fail'}` (the clock jumps to the period end: renew → the next
 * period, `customer.subscription.updated`, `invoice.paid`; fail → the next period unpaid,
 * `invoice.payment_failed`, `customer.subscription.updated` with past_due; one set to cancel at
 * period end → canceled, `customer.subscription.deleted`), `POST refund {charge, amount?}`
 * (`charge.refunded`), `GET events`, `POST redeliver` (every undelivered event, in order),
 * `POST resend {event}` (one again, a duplicate), `POST webhook {url}`.
 *
 * The clock is real time, plus however far `advance` jumped it (never back).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { answerApi } from './stripe-stand-in/api.js';
import type { Context } from './stripe-stand-in/context.js';
import { Events, type EventRecord } from './stripe-stand-in/events.js';
import { Reader, StripeFail, parseParams } from './stripe-stand-in/form.js';
import type { Refund, Subscription } from './stripe-stand-in/objects.js';
import { answerPage } from './stripe-stand-in/pages.js';
import { advance, refund } from './stripe-stand-in/subscriptions.js';
import { Store, type StoreState } from './stripe-stand-in/store.js';

export type { EventRecord, StandInEvent } from './stripe-stand-in/events.js';

/** The secret key the stand-in accepts (a real one is a secret of the operator's Stripe account). */
export const STAND_IN_SECRET_KEY = 'sk_test_standin';

export interface StripeStandInControl {
  /** The subscription reaches its period end: renewed, failed, or (set to cancel at period end) canceled. */
  advance(subscription: string, outcome: 'renew' | 'fail'): Promise<Subscription>;
  /** Refunds the charge (all that is left of it, or `amount` minor units): `charge.refunded`. */
  refund(charge: string, amount?: number): Promise<Refund>;
  /** Every event so far, oldest first, with its delivery state. */
  events(): EventRecord[];
  /** Resolves once every event so far was sent (the API answers before its events go out, as Stripe's does). */
  settle(): Promise<void>;
  /** Sends every undelivered event again, oldest first. */
  redeliver(): Promise<{ delivered: number; failed: number }>;
  /** Sends one event again (delivered before or not): a duplicate, as Stripe may send. */
  resend(event: string): Promise<EventRecord>;
}

export interface StripeStandIn {
  origin: string;
  /** The settings that point the app at this stand-in. */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  /** The `stripe` library pointed at the stand-in (the platform's key). */
  stripe: Stripe;
  /** Where events go from now on (the app's port is known after it started); undefined: kept for `redeliver`. */
  setWebhookUrl(url: string | undefined): void;
  control: StripeStandInControl;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

interface SavedState {
  store: StoreState;
  events: EventRecord[];
}

export async function startStripeStandIn(options: {
  webhookUrl?: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  /** A JSON file that keeps the stand-in's objects across restarts (the demo's, in DATA_DIR); none: memory only. */
  stateFile?: string;
}): Promise<StripeStandIn> {
  const store = new Store();
  const events = new Events(store, options.webhookSecret);
  events.webhookUrl = options.webhookUrl;
  const { stateFile } = options;
  if (stateFile && existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as SavedState;
    store.restore(saved.store);
    events.records.push(...saved.events);
  }
  const save = () => {
    if (!stateFile) return;
    mkdirSync(dirname(stateFile), { recursive: true });
    const saved: SavedState = { store: store.snapshot(), events: events.records };
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(saved));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  /** Its origin is known once the server listens. */
  const ctx: Context = { store, events, origin: '' };

  const settled = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    await events.settle();
    return value;
  };
  const control: StripeStandInControl = {
    advance: (subscription, outcome) => settled(advance(ctx, subscription, outcome)),
    refund: (charge, amount) =>
      settled(refund(ctx, undefined, new Reader(amount === undefined ? { charge } : { charge, amount: String(amount) }))),
    settle: () => events.settle(),
    events: () => events.records,
    redeliver: () => events.redeliver(),
    resend: async (event) => {
      const record = await events.resend(event);
      if (!record) throw new StripeFail(404, `No such event: '${event}'`, 'event', 'resource_missing');
      return record;
    },
  };

  const server: Server = createServer((request, response) => {
    // What a POST or DELETE changed is on disk before its answer leaves.
    const persist = () => {
      if (request.method !== 'GET') save();
    };
    const send = (status: number, body: unknown) => {
      persist();
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'request-id': `req_standin` });
      response.end(JSON.stringify(body, null, 2));
    };
    const handle = async () => {
      const url = new URL(request.url ?? '/', 'http://stripe');
      const method = request.method ?? 'GET';
      const body = await read(request);
      if (url.pathname.startsWith('/v1/')) {
        if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`)
          return send(401, new StripeFail(401, 'Invalid API Key provided: the stand-in accepts sk_test_standin.').body);
        const account = request.headers['stripe-account'];
        const scope = typeof account === 'string' && account ? account : null;
        if (scope && store.find(scope)?.object.object !== 'account')
          return send(
            403,
            new StripeFail(
              403,
              `The provided key does not have access to account '${scope}' (or that account does not exist).`,
              undefined,
              'account_invalid',
            ).body,
          );
        const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
        const remembered = typeof key === 'string' ? store.idempotent.get(`${scope}:${key}`) : undefined;
        if (remembered) return send(remembered.status, remembered.body);
        const params = new Reader(parseParams(method === 'POST' ? body : url.search.slice(1)));
        // Stripe's parameters are snake_case: anything else (say `stripeAccount` passed as a
        // parameter instead of a request option) is refused, as Stripe refuses unknown parameters.
        const unknown = Object.keys(params.params).find((name) => !/^[a-z0-9_]+$/.test(name));
        if (unknown) throw new StripeFail(400, `Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
        const answer = await answerApi(ctx, method, url.pathname, scope, params);
        if (typeof key === 'string') store.idempotent.set(`${scope}:${key}`, answer);
        return send(answer.status, answer.body);
      }
      if (url.pathname.startsWith('/_standin/control/')) {
        const name = url.pathname.slice('/_standin/control/'.length);
        const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
        const text = (key: string) => {
          const value = input[key];
          if (typeof value !== 'string' || !value) throw new StripeFail(400, `Missing required param: ${key}.`, key, 'parameter_missing');
          return value;
        };
        if (method === 'GET' && name === 'events') {
          await events.settle();
          return send(200, { data: control.events() });
        }
        if (method !== 'POST') throw new StripeFail(404, `Unrecognized control (${method} ${name}).`);
        if (name === 'advance') {
          const outcome = input.outcome ?? 'renew';
          if (outcome !== 'renew' && outcome !== 'fail') throw new StripeFail(400, 'outcome is renew or fail.', 'outcome');
          return send(200, await control.advance(text('subscription'), outcome));
        }
        if (name === 'refund') {
          const amount = input.amount;
          if (amount !== undefined && (typeof amount !== 'number' || !Number.isSafeInteger(amount)))
            throw new StripeFail(400, 'amount is an integer.', 'amount');
          return send(200, await control.refund(text('charge'), amount));
        }
        if (name === 'redeliver') return send(200, await control.redeliver());
        if (name === 'resend') return send(200, await control.resend(text('event')));
        if (name === 'webhook') {
          events.webhookUrl = typeof input.url === 'string' && input.url ? input.url : undefined;
          return send(200, { url: events.webhookUrl ?? null });
        }
        throw new StripeFail(404, `Unrecognized control (${method} ${name}).`);
      }
      if (url.pathname.startsWith('/_standin/') && (method === 'GET' || method === 'POST')) {
        const answer = await answerPage(ctx, method, url.pathname, url.searchParams, new URLSearchParams(method === 'POST' ? body : ''));
        persist();
        if ('location' in answer) {
          response.writeHead(303, { location: answer.location, 'cache-control': 'no-store' });
          return response.end();
        }
        response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return response.end(answer.html);
      }
      throw new StripeFail(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
    };
    handle().catch((error: unknown) => {
      if (error instanceof StripeFail) return send(error.status, error.body);
      if (error instanceof SyntaxError) return send(400, new StripeFail(400, `Invalid JSON: ${error.message}`).body);
      send(500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  // The demo's service decides when the process ends; this server never keeps it alive.
  server.unref();
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  ctx.origin = origin;
  return {
    origin,
    env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: options.webhookSecret, STRIPE_API_URL: origin },
    stripe: new Stripe(STAND_IN_SECRET_KEY, { host: address.address, port: address.port, protocol: 'http', maxNetworkRetries: 0 }),
    setWebhookUrl: (url) => {
      events.webhookUrl = url;
    },
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
