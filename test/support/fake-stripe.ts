/**
 * A few of Stripe's endpoints on 127.0.0.1, holding what a test puts in them: the webhook handler's
 * fetches (subscription, invoice, charge, account, subscription list) and the checkout calls. The
 * full stand-in (scripts/stripe-stand-in.ts) drives whole flows; this one lets a test set Stripe's
 * state directly, in any order.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeStripe {
  origin: string;
  env: Record<string, string>;
  /** Objects by id (subscriptions, invoices, charges, accounts), as Stripe would answer them. */
  objects: Map<string, Json>;
  /** Requests received: method, path, account header, form body. */
  requests: Array<{ method: string; path: string; account: string | undefined; body: string }>;
  sign(event: Json): { payload: string; signature: string };
  /** The next `times` requests are answered with this status and Stripe's error envelope. */
  fail: { status: number; times: number } | undefined;
  close(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';

export async function startFakeStripe(): Promise<FakeStripe> {
  const objects = new Map<string, Json>();
  const requests: FakeStripe['requests'] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(8, '0')}`;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://x');
      const account = request.headers['stripe-account'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, account, body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (fake.fail && fake.fail.times > 0) {
        fake.fail.times -= 1;
        return send(fake.fail.status, {
          error: { type: fake.fail.status >= 500 ? 'api_error' : 'invalid_request_error', message: 'Refused by the test' },
        });
      }
      const parts = url.pathname.split('/').filter(Boolean);
      const form = new URLSearchParams(body);
      if (request.method === 'GET' && parts.length === 3) {
        const found = objects.get(parts[2]!);
        return found ? send(200, found) : send(404, { error: { type: 'invalid_request_error', message: 'No such object' } });
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        return send(200, { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' });
      }
      if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const data = [...objects.values()].filter((o) => o.object === 'subscription' && o.__account === account);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        const id = nextId('acct');
        const created = {
          id,
          object: 'account',
          charges_enabled: false,
          details_submitted: false,
          requirements: { currently_due: ['external_account'] },
        };
        objects.set(id, created);
        return send(200, created);
      }
      if (request.method === 'POST' && url.pathname === '/v1/account_links') {
        return send(200, { object: 'account_link', url: `https://connect.example/onboard/${form.get('account')}` });
      }
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, { id: nextId('cus'), object: 'customer' });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = nextId('cs');
        return send(200, { id, object: 'checkout.session', url: `https://checkout.example/${id}` });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, { id: nextId('bps'), object: 'billing_portal.session', url: `https://portal.example/${form.get('customer')}` });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${url.pathname})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stripe = new Stripe('sk_test_fake');
  const fake: FakeStripe = {
    origin,
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: origin },
    objects,
    requests,
    sign(event) {
      const payload = JSON.stringify(event);
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
    },
    fail: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
