import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { botBody } from './fixtures.js';
import { ADMIN_TOKEN, backends, freshPostgresUrl, testConfig, type Backend } from './helpers.js';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** Database settings for an app that opens (and must close) its own database. */
async function ownDatabase(backend: Backend): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    return { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'bd-shutdown-')) }, drop: async () => {} };
  }
  const { url, drop } = await freshPostgresUrl();
  return { env: { DATABASE_URL: url }, drop };
}

describe.each(backends())('graceful shutdown on %s', (backend) => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('close() stops accepting, lets an in-flight request finish, then closes the database', async () => {
    const { env, drop } = await ownDatabase(backend);
    drops.push(drop);
    const app = await buildApp({ config: testConfig(env), logger: false });
    const { id, body } = botBody();
    const put = await app.inject({
      method: 'PUT',
      url: `/admin/v1/bots/${id}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: body,
    });
    expect(put.statusCode).toBe(201);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // Hold the next bot read inside its handler until released.
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const services = app.services as unknown as { bots: { published: (id: string) => Promise<unknown> } };
    const original = services.bots.published.bind(services.bots);
    services.bots.published = async (botId: string) => {
      entered();
      await gate;
      return original(botId);
    };

    const inFlight = get(port, `/api/v1/bots/${id}`);
    await inHandler;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // close() waits for the request in flight ...
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    // ... while new connections are refused.
    await expect(get(port, '/api/v1/bots')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.id).toBe(id);
    await closing;
    expect(closed).toBe(true);
    // The app opened its own database, so closing the app closed it.
    await expect(app.db.query('SELECT 1')).rejects.toThrow();
  }, 120_000); // a file-backed PGlite takes a while to create on a slow disk
});

describe('the service process', () => {
  it('starts, answers, and exits 0 on SIGTERM after closing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bd-process-'));
    const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/server.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_TOKEN,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        BASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (errors += chunk));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const address = await new Promise<string>((resolvePromise, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolvePromise(match[1]);
      });
      child.on('exit', () => reject(new Error(`exited before listening:\n${output}\n${errors}`)));
    });
    const port = Number(new URL(address).port);
    expect((await get(port, '/api/v1/bots')).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/"signal":"SIGTERM"/);
    expect(output).toMatch(/shutting down/);
  }, 120_000);
});
