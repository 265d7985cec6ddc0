import { describe, expect, it } from 'vitest';
import { appPerFile, backends, databasePerFile } from '../../helpers.js';
import { bearer, createBot, createKey, USER } from '../../support/owner.js';

describe.each(backends())('API key management (%s)', (backend) => {
  const t = appPerFile(backend);

  it('returns the key once, with prefix, scopes, default tier 1; stores only its hash', async () => {
    const botId = await createBot(t);
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/keys`, { scopes: ['votes:read'], name: 'prod' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ scopes: ['votes:read'], tier: 1, name: 'prod' });
    expect(data.key).toMatch(/^bdk_[1-9A-HJ-NP-Za-km-z]{26,28}$/);
    expect(data.key.startsWith(data.prefix)).toBe(true);
    const listed = (await t.admin('GET', `/admin/v1/bots/${botId}/keys`)).json().data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(data.key);
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE bot_id = $1', [botId]);
    expect(JSON.stringify(rows)).not.toContain(data.key);
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('two keys never collide', async () => {
    const botId = await createBot(t);
    const a = await createKey(t, botId, ['votes:read']);
    const b = await createKey(t, botId, ['votes:read']);
    expect(a.key).not.toBe(b.key);
  });

  it('PATCH changes scopes, tier and name with effect on the next request', async () => {
    const botId = await createBot(t);
    const { key, id } = await createKey(t, botId, ['stats:write']);
    expect((await t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key))).statusCode).toBe(403);
    const patched = await t.admin('PATCH', `/admin/v1/keys/${id}`, { scopes: ['votes:read'], tier: 3, name: null });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ scopes: ['votes:read'], tier: 3, name: null });
    expect((await t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key))).statusCode).toBe(200);
  });

  it('rejects bad key requests', async () => {
    const botId = await createBot(t);
    for (const body of [
      {},
      { scopes: [] },
      { scopes: ['admin'] },
      { scopes: ['votes:read', 'votes:read'] },
      { scopes: ['votes:read'], tier: 4 },
      { scopes: ['votes:read'], tier: '2' },
      { scopes: 'votes:read' },
    ]) {
      expect((await t.admin('POST', `/admin/v1/bots/${botId}/keys`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.admin('POST', '/admin/v1/bots/123456789012345670/keys', { scopes: ['votes:read'] })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/v1/keys/6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c9')).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/v1/keys/abc')).statusCode).toBe(422);
    expect((await t.admin('PATCH', '/admin/v1/keys/6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c9', { tier: 2 })).statusCode).toBe(404);
  });

  it('a revoked key is refused at once and cannot be changed or revoked again', async () => {
    const botId = await createBot(t);
    const { key, id } = await createKey(t, botId, ['votes:read']);
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/keys/${id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode).toBe(401);
    expect((await t.admin('DELETE', `/admin/v1/keys/${id}`)).statusCode).toBe(404);
    expect((await t.admin('PATCH', `/admin/v1/keys/${id}`, { tier: 2 })).statusCode).toBe(404);
    const listed = (await t.admin('GET', `/admin/v1/bots/${botId}/keys`)).json().data;
    expect(listed[0].revokedAt).not.toBeNull();
  });

  it('a key also works on the public read endpoints', async () => {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    expect((await t.get(`/api/v1/bots/${botId}`, bearer(key))).statusCode).toBe(200);
    expect((await t.get('/api/v1/bots', bearer(key))).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('revocation across processes (postgres)', () => {
  const shared = databasePerFile('postgres');
  const a = appPerFile('postgres', () => ({ db: shared.db }));
  const b = appPerFile('postgres', () => ({ db: shared.db }));

  it('a key revoked through one process is refused by the other', async () => {
    const botId = await createBot(a);
    const { key, id } = await createKey(a, botId, ['votes:read']);
    expect((await b.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode).toBe(200);
    expect((await a.admin('DELETE', `/admin/v1/keys/${id}`)).statusCode).toBe(204);
    let status = 200;
    for (let i = 0; i < 200 && status === 200; i++) {
      status = (await b.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });
});
