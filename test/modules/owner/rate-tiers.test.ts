import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appPerFile, backends, databasePerFile } from '../../helpers.js';
import { bearer, createBot, createKey, USER } from '../../support/owner.js';

const SPEC_LIMITS = { RATE_LIMIT_ANONYMOUS: '20', RATE_LIMIT_TIER1: '60', RATE_LIMIT_TIER2: '240', RATE_LIMIT_TIER3: '1200' };

describe.each(backends())('real API keys and their tiers (%s)', (backend) => {
  const t = appPerFile(backend, { env: SPEC_LIMITS });

  it('a key is counted under its tier, on owner and public endpoints alike', async () => {
    const botId = await createBot(t);
    const { key, id } = await createKey(t, botId, ['votes:read']);
    const first = await t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key));
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    const publicRead = await t.get(`/api/v1/bots/${botId}`, bearer(key));
    expect(publicRead.headers['x-ratelimit-limit']).toBe('60');
    expect(publicRead.headers['x-ratelimit-remaining']).toBe('58');
    await t.admin('PATCH', `/admin/v1/keys/${id}`, { tier: 3 });
    const raised = await t.get(`/api/v1/bots/${botId}`, bearer(key));
    expect(raised.headers['x-ratelimit-limit']).toBe('1200');
  });

  it('a header that is not a live key is a 401 on public endpoints too', async () => {
    const botId = await createBot(t);
    const response = await t.get(`/api/v1/bots/${botId}`, bearer('bdk_ZZZZZZZZZZZZZZZZZZZZZZZZZZZ'));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('two processes, one PostgreSQL, one Redis (postgres)', () => {
  const shared = databasePerFile('postgres');
  const env = { ...SPEC_LIMITS, REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_KEY_PREFIX: `t${randomBytes(4).toString('hex')}:` };
  const a = appPerFile('postgres', () => ({ db: shared.db, env }));
  const b = appPerFile('postgres', () => ({ db: shared.db, env }));

  it('a tier-1 key gets exactly 60 successes across both, then 429 with Retry-After', async () => {
    const botId = await createBot(a);
    const { key } = await createKey(a, botId, ['votes:read']);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 70; i++) {
      last = await (i % 2 === 0 ? a : b).get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key));
      statuses.push(last.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
    expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last?.json().error.code).toBe('rate_limited');
  });
});
