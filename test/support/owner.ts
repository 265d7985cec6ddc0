import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { botBody } from '../fixtures.js';
import type { TestApp } from '../helpers.js';

export const USER = '123456789012345678';
export const GUILD = '876543210987654321';

/** Publishes a fresh bot and returns its id. */
export async function createBot(t: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const { id, body } = botBody(overrides);
  const response = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
  expect(response.statusCode).toBe(201);
  return id;
}

/** Creates an API key through the management API and returns it with its id. */
export async function createKey(
  t: TestApp,
  botId: string,
  scopes: string[],
  extra: Record<string, unknown> = {},
): Promise<{ key: string; id: string }> {
  const response = await t.admin('POST', `/admin/v1/bots/${botId}/keys`, { scopes, ...extra });
  expect(response.statusCode).toBe(201);
  const { data } = response.json<{ data: { key: string; id: string } }>();
  return { key: data.key, id: data.id };
}

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

type Call = (t: TestApp, botId: string, headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/**
 * The whole 401/403 matrix for one owner endpoint: every way a key can be missing or wrong, and
 * the one way it is right. Shared by all owner endpoints so none of them can drift.
 */
export function keyMatrix(context: () => TestApp, scope: string, call: Call): void {
  const otherScope = scope === 'votes:read' ? 'stats:write' : 'votes:read';

  const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
  };

  it('401 without a key', async () => {
    const t = context();
    expectError(await call(t, await createBot(t), {}), 401, 'unauthorized');
  });

  it('401 for garbage and malformed Authorization headers', async () => {
    const t = context();
    const botId = await createBot(t);
    for (const authorization of ['Bearer nonsense', 'Basic abc', 'Bearer', 'bdk_x', `Bearer ${'a'.repeat(5000)}`]) {
      expectError(await call(t, botId, { authorization }), 401, 'unauthorized');
    }
  });

  it('401 for a well-formed key that does not exist', async () => {
    const t = context();
    expectError(await call(t, await createBot(t), bearer('bdk_ZZZZZZZZZZZZZZZZZZZZZZZZZZZ')), 401, 'unauthorized');
  });

  it('401 for a revoked key', async () => {
    const t = context();
    const botId = await createBot(t);
    const { key, id } = await createKey(t, botId, [scope]);
    expect((await call(t, botId, bearer(key))).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/keys/${id}`)).statusCode).toBe(204);
    expectError(await call(t, botId, bearer(key)), 401, 'unauthorized');
  });

  it('403 for a key lacking the scope', async () => {
    const t = context();
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, [otherScope]);
    expectError(await call(t, botId, bearer(key)), 403, 'forbidden');
  });

  it("403 for another bot's key, even with the scope", async () => {
    const t = context();
    const botId = await createBot(t);
    const { key } = await createKey(t, await createBot(t), [scope]);
    expectError(await call(t, botId, bearer(key)), 403, 'forbidden');
  });

  it('200 for a key of this bot with the scope', async () => {
    const t = context();
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, [scope]);
    const response = await call(t, botId, bearer(key));
    expect(response.statusCode, response.body).toBe(200);
  });
}
