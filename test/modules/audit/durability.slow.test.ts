/**
 * The audit log across `kill -9`: the service runs as a process of its own on PostgreSQL, many
 * audited changes go through the management API at once (keys created and re-tiered, webhook
 * endpoints changed), and the process is killed in the middle of them. Then, in the database:
 * every change that exists has its entry, every entry's change exists, and replaying the entries
 * gives exactly what is stored (no change unrecorded, none lost); every change the API
 * acknowledged before the kill is there, with its entry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshPostgresUrl, TEST_SECRET_KEY } from '../../helpers.js';

const BOTS = 8;
const CLIENTS = 24;
/** How long the changes run before the kill. */
const LOAD_MS = 2500;
const HUGE = '1000000000';

interface Entry {
  action: string;
  bot_id: string;
  target: string;
  diff: Record<string, { before: unknown; after: unknown }> | null;
}

/** The service as `node src/server.ts` in a process of its own; resolves once it listens. */
async function startService(databaseUrl: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bd-audit-kill-')),
      DATABASE_URL: databaseUrl,
      ADMIN_TOKEN,
      SECRET_KEY: TEST_SECRET_KEY,
      WEBHOOK_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'info',
      BASE_URL: '',
      RATE_LIMIT_ANONYMOUS: HUGE,
      RATE_LIMIT_TIER1: HUGE,
      RATE_LIMIT_TIER2: HUGE,
      RATE_LIMIT_TIER3: HUGE,
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = await new Promise<string>((resolvePromise, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolvePromise(match[1]);
    });
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  return { child, url, output: () => output };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the audit log across kill -9 (postgres)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every change and its entry together when the process dies in the middle of them', async () => {
    const { url: databaseUrl, drop } = await freshPostgresUrl();
    cleanups.push(drop);
    const service = await startService(databaseUrl);
    const exited = new Promise<void>((resolvePromise) => service.child.once('exit', () => resolvePromise()));
    cleanups.push(async () => {
      if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
      await exited;
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${service.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: response.status === 204 ? undefined : ((await response.json()) as { data: any }) };
    };

    // Bots, each with an endpoint and a key to change.
    const bots: { id: string; endpointId: string; keyIds: string[] }[] = [];
    for (let i = 0; i < BOTS; i++) {
      const { id, body } = botBody();
      expect((await call('PUT', `/admin/v1/bots/${id}`, body)).status).toBe(201);
      const endpoint = await call('POST', `/admin/v1/bots/${id}/webhooks`, { url: `http://127.0.0.1:9/${id}/0` });
      expect(endpoint.status).toBe(201);
      const key = await call('POST', `/admin/v1/bots/${id}/keys`, { scopes: ['votes:read'] });
      bots.push({ id, endpointId: endpoint.json!.data.id, keyIds: [key.json!.data.id] });
    }

    // Acknowledged changes: what the API answered 2xx for before the kill.
    const acknowledged = { keys: new Set<string>(), urls: new Set<string>(), tiers: 0 };
    let counter = 0;
    let tierTurn = 0;
    let interrupted = 0;
    let stop = false;
    const client = async (n: number): Promise<void> => {
      while (!stop) {
        const bot = bots[(n + counter) % BOTS]!;
        const step = counter++ % 3;
        try {
          if (step === 0) {
            const created = await call('POST', `/admin/v1/bots/${bot.id}/keys`, { scopes: ['votes:read'], name: `k${counter}` });
            if (created.status === 201) {
              acknowledged.keys.add(created.json!.data.id);
              bot.keyIds.push(created.json!.data.id);
            }
          } else if (step === 1) {
            const target = `http://127.0.0.1:9/${bot.id}/${counter}`;
            const changed = await call('PATCH', `/admin/v1/bots/${bot.id}/webhooks/${bot.endpointId}`, { url: target });
            if (changed.status === 200) acknowledged.urls.add(target);
          } else {
            const keyId = bot.keyIds[counter % bot.keyIds.length]!;
            const changed = await call('PATCH', `/admin/v1/keys/${keyId}`, { tier: (tierTurn++ % 3) + 1 });
            if (changed.status === 200) acknowledged.tiers += 1;
          }
        } catch {
          // The process died under this request: whether its change committed is what the check finds out.
          interrupted += 1;
          return;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await new Promise((resolvePromise) => setTimeout(resolvePromise, LOAD_MS));
    service.child.kill('SIGKILL');
    stop = true;
    await exited;
    await Promise.all(clients);
    expect(service.child.signalCode).toBe('SIGKILL');
    // Requests were in flight when it died.
    expect(interrupted).toBeGreaterThan(0);
    // The kill came while changes were going on: many acknowledged, of every kind.
    expect(acknowledged.keys.size).toBeGreaterThan(20);
    expect(acknowledged.urls.size).toBeGreaterThan(20);
    expect(acknowledged.tiers).toBeGreaterThan(20);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const botIds = bots.map((bot) => bot.id);
    const { rows: entries } = await db.query<Entry>(
      `SELECT action, bot_id, target, diff FROM audit_log WHERE bot_id = ANY($1) ORDER BY id`,
      [botIds],
    );
    const { rows: keys } = await db.query<{ id: string; tier: number }>('SELECT id, tier FROM api_keys WHERE bot_id = ANY($1)', [botIds]);
    const { rows: endpoints } = await db.query<{ id: string; url: string }>('SELECT id, url FROM webhooks WHERE bot_id = ANY($1)', [
      botIds,
    ]);

    // Every key has its creation entry, and every creation entry its key.
    const created = entries.filter((entry) => entry.action === 'key.create').map((entry) => entry.target);
    expect(new Set(created).size).toBe(created.length);
    expect([...created].sort()).toEqual(keys.map((key) => key.id).sort());
    for (const id of acknowledged.keys) expect(created).toContain(id);

    // Each key's tier, replayed from its entries in their order, is the stored tier: every entry starts
    // where the one before ended (no change without its entry), and the last ends at what is stored.
    for (const key of keys) {
      let tier: unknown = 1;
      for (const entry of entries.filter((e) => e.target === key.id && e.action === 'key.tier')) {
        expect(entry.diff!.tier!.before, key.id).toBe(tier);
        tier = entry.diff!.tier!.after;
      }
      expect(tier, key.id).toBe(key.tier);
    }

    // The same for each endpoint's URL, from its creation.
    for (const endpoint of endpoints) {
      const own = entries.filter((entry) => entry.target === endpoint.id);
      expect(own[0]!.action).toBe('webhook.create');
      let url = own[0]!.diff!.url!.after;
      for (const entry of own.slice(1)) {
        expect(entry.action).toBe('webhook.update');
        expect(entry.diff!.url!.before).toBe(url);
        url = entry.diff!.url!.after;
      }
      expect(url).toBe(endpoint.url);
    }
    const recordedUrls = new Set(entries.filter((entry) => entry.action === 'webhook.update').map((entry) => entry.diff!.url!.after));
    for (const target of acknowledged.urls) expect(recordedUrls).toContain(target);
    expect(entries.filter((entry) => entry.action === 'key.tier').length).toBeGreaterThan(0);
  }, 180_000);
});
