/**
 * Handling one Stripe event: the service in a process of its own (`npm start`'s dist build, on a
 * fresh PostgreSQL database), the Stripe stand-in (scripts/stripe-stand-in.ts) in this process
 * holding BENCH_SUBSCRIPTIONS paid subscriptions of one connected account, and a load generator
 * posting signed events with fresh ids to `/stripe/webhook`, BENCH_CONCURRENCY at once. Each event
 * makes the handler fetch the subscription from the stand-in and write it (the first event of a
 * subscription creates it and its `premium` event; later ones find it unchanged). Prints p50/p99
 * of one event's handling as the load generator sees it (target: p99 ≤ 20 ms), a replay's (an id
 * seen before), the stand-in's own answer to the fetch (the floor a real Stripe call raises), the
 * server's CPU and the machine's load.
 *
 *   npm run bench:stripe-events
 *   BENCH_SUBSCRIPTIONS=200 BENCH_CONCURRENCY=4 BENCH_SKIP_BUILD=1 npm run bench:stripe-events
 */
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import Stripe from 'stripe';
import { startStripeStandIn } from '../scripts/stripe-stand-in.js';
import { postgresDatabase } from './http/database.js';
import { cpuMs, loadAverage } from './lib/proc.js';
import { buildServer, errorLines, startServer } from './lib/server-process.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TARGET_P99_MS = 20;
const SECRET = 'whsec_bench_stripe_events';
const BOT = '310000000000000001';
const TIER = '6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c1';

const say = (line: string) => console.log(line);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
function summary(label: string, ms: number[], seconds?: number): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const rate = seconds ? `, ${Math.round(ms.length / seconds)}/s` : '';
  return `${label.padEnd(44)} n=${String(ms.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  max ${sorted[sorted.length - 1]!.toFixed(2)} ms${rate}`;
}

/** Runs `jobs` with CONCURRENCY at once; answers each one's milliseconds and the wall time. */
async function run(jobs: Array<() => Promise<void>>): Promise<{ ms: number[]; seconds: number }> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        await job();
        ms.push(performance.now() - t0);
      }
    }),
  );
  return { ms, seconds: (performance.now() - started) / 1000 };
}

if (!process.env.BENCH_SKIP_BUILD) buildServer();
const database = await postgresDatabase(say);
if (!database) process.exit(1);
const standIn = await startStripeStandIn({ webhookSecret: SECRET });
const logFile = join(mkdtempSync(join(tmpdir(), 'bench-stripe-')), 'server.log');
const server = await startServer({ ...standIn.env, DATABASE_URL: database.url }, logFile);
const stripe = standIn.stripe;
const form = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

try {
  say(`load before: ${loadAverage()} (${cpus().length} CPUs)`);
  // The bot (management API), its connected account (the stand-in's onboarding) and a tier (SQL: the dashboard's part).
  const put = await fetch(`${server.url}/admin/v1/bots/${BOT}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Bot',
      slugs: { de: 'bench-bot', en: 'bench-bot' },
      shortDescription: { de: 'Ein Bot.', en: 'A bot.' },
      prefix: '!',
      pricing: 'free',
      iconUrl: 'https://cdn.example.org/icon.png',
      bannerUrl: null,
      inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
      supportServerUrl: 'https://discord.gg/example',
      websiteUrl: 'https://example.org',
      categories: ['utility'],
      tags: ['bench'],
      owners: ['123456789012345678'],
      isVerified: false,
      published: true,
      platformServerCount: 100,
      platformShardCount: 1,
    }),
  });
  if (put.status !== 201) throw new Error(`PUT bot: ${put.status} ${await put.text()}`);
  const account = (await stripe.accounts.create({ type: 'express' })).id;
  const link = new URL(
    (
      await stripe.accountLinks.create({
        account,
        type: 'account_onboarding',
        return_url: 'http://127.0.0.1:9/r',
        refresh_url: 'http://127.0.0.1:9/r',
      })
    ).url,
  );
  await form(link.origin + link.pathname, { link: link.searchParams.get('link')!, action: 'complete' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const now = new Date();
  await db.query(
    `INSERT INTO payment_accounts (bot_id, account_id, charges_enabled, details_submitted, connected_by, created_at, updated_at) VALUES ($1, $2, true, true, '123456789012345678', $3, $3)`,
    [BOT, account, now],
  );
  await db.query(
    `INSERT INTO premium_tiers (id, bot_id, name_en, name_de, description_en, description_de, scope, interval, amount_minor, currency, created_at, updated_at)
     VALUES ($1, $2, 'Gold', 'Gold', '', '', 'user', 'month', 499, 'eur', $3, $3)`,
    [TIER, BOT, now],
  );
  await db.end();

  say(`paying ${SUBSCRIPTIONS} subscriptions at the stand-in…`);
  const subscriptions: string[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const userId = String(400000000000000000n + BigInt(i));
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: 499, product_data: { name: 'Gold' }, recurring: { interval: 'month' } },
          },
        ],
        subscription_data: { metadata: { kind: 'subscription', botId: BOT, tierId: TIER, userId } },
        success_url: 'http://127.0.0.1:9/ok',
        cancel_url: 'http://127.0.0.1:9/no',
      },
      { stripeAccount: account },
    );
    await form(session.url!, { action: 'pay' });
    subscriptions.push((await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })).subscription as string);
  }

  let counter = 0;
  const signer = new Stripe('sk_test_signer');
  const body = (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_bench_${++counter}`,
      object: 'event',
      type,
      account,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
  };
  const post = async (event: { payload: string; signature: string }) => {
    const response = await fetch(`${server.url}/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
  };

  // Warm-up: connections, JIT, the account's and tier's first reads.
  await post(body('customer.subscription.updated', { id: subscriptions[0] }));

  const cpuBefore = cpuMs(server.pid) ?? 0;
  const created = subscriptions.map((id) => body('customer.subscription.created', { id, object: 'subscription' }));
  const first = await run(created.map((event) => () => post(event)));
  const later = subscriptions.flatMap((id) => [
    body('invoice.paid', { id: `in_${id}`, parent: { subscription_details: { subscription: id } } }),
    body('customer.subscription.updated', { id, object: 'subscription' }),
  ]);
  const again = await run(later.map((event) => () => post(event)));
  const cpuUsed = (cpuMs(server.pid) ?? 0) - cpuBefore;
  const replays = await run(created.map((event) => () => post(event)));
  const fetches = await run(
    subscriptions.map((id) => async () => {
      await stripe.subscriptions.retrieve(id, {}, { stripeAccount: account });
    }),
  );

  const all = [...first.ms, ...again.ms];
  say('');
  say(`Stripe events against the stand-in, PostgreSQL, ${CONCURRENCY} at once (target p99 ≤ ${TARGET_P99_MS} ms):`);
  say(summary('new subscription (fetch, insert, premium event)', first.ms, first.seconds));
  say(summary('later event (fetch, unchanged)', again.ms, again.seconds));
  say(summary('every event above', all));
  say(summary('replay (id seen before: no fetch)', replays.ms, replays.seconds));
  say(summary("reference: the stand-in's fetch alone", fetches.ms, fetches.seconds));
  say(`server CPU: ${(cpuUsed / all.length).toFixed(2)} ms per event`);
  say(`load after: ${loadAverage()} (${cpus().length} CPUs)`);
  const p99 = percentile(
    [...all].sort((a, b) => a - b),
    99,
  );
  say(
    p99 <= TARGET_P99_MS
      ? `p99 ${p99.toFixed(2)} ms ≤ ${TARGET_P99_MS} ms: met`
      : `p99 ${p99.toFixed(2)} ms > ${TARGET_P99_MS} ms: NOT met`,
  );
  const errors = errorLines(logFile);
  if (errors.length > 0) say(`server log: ${errors.length} error lines, e.g. ${errors[0]}`);
  say('reproduce: npm run bench:stripe-events');
} finally {
  await server.stop();
  await standIn.close();
  await database.drop();
}
