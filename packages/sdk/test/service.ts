/** A real Bot Directory service on a loopback port (PGlite), for the SDK's tests. */
import { expect } from 'vitest';
import { botBody } from '../../../test/fixtures.js';
import { testApp, type TestApp } from '../../../test/helpers.js';

export interface RunningService {
  t: TestApp;
  baseUrl: string;
  close(): Promise<void>;
  createBot(): Promise<string>;
  createKey(botId: string, scopes: string[]): Promise<string>;
  vote(botId: string, user: string, flagged?: boolean): Promise<void>;
}

/** Starts the app on 127.0.0.1 (port chosen by the system); call `close()` in `afterAll`. */
export async function startService(options: { env?: Record<string, string>; workers?: boolean } = {}): Promise<RunningService> {
  const t = await testApp('pglite', { env: options.env, workers: options.workers });
  const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    t,
    baseUrl,
    close: () => t.close(),
    async createBot() {
      const { id, body } = botBody();
      const response = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return id;
    },
    async createKey(botId, scopes) {
      const response = await t.admin('POST', `/admin/v1/bots/${botId}/keys`, { scopes });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.key as string;
    },
    async vote(botId, user, flagged = false) {
      const response = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: `user ${user}`, flagged });
      expect(response.statusCode, response.body).toBe(201);
    },
  };
}

let users = 0;
/** A distinct 18-digit user id per call. */
export function nextUser(): string {
  users += 1;
  return `${300000000000000000n + BigInt(process.pid) * 100000n + BigInt(users)}`;
}

/** A fetch that counts the requests it passes on. */
export function countingFetch(): { fetch: typeof fetch; count: () => number; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    count: () => urls.length,
    fetch: async (input: Request | string | URL, init?: RequestInit) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
  };
}
