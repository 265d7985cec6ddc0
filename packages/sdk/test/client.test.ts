/** The typed client against a real service (PGlite) on a loopback port. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotDirectory, BotDirectoryError } from '@bot-directory/sdk';
import { countingFetch, nextUser, startService, type RunningService } from './service.js';

describe('BotDirectory client against the service', () => {
  let service: RunningService;
  let botId: string;
  let owner: BotDirectory;

  beforeAll(async () => {
    service = await startService();
    botId = await service.createBot();
    owner = new BotDirectory({
      baseUrl: service.baseUrl,
      token: await service.createKey(botId, ['votes:read', 'premium:read', 'stats:write', 'analytics:read']),
      botId,
    });
  });
  afterAll(() => service.close());

  it('reads the public endpoints with typed results', async () => {
    const anonymous = new BotDirectory({ baseUrl: `${service.baseUrl}/` });
    const list = await anonymous.bots.list({ sort: 'name', limit: 5 });
    expect(list.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(list.data.map((bot) => bot.id)).toContain(botId);
    const bot = await anonymous.bots.get(botId);
    expect(bot.id).toBe(botId);
    const reviews = await anonymous.bots.reviews(botId, { limit: 10 });
    expect(reviews).toMatchObject({ data: [], pagination: { page: 1, limit: 10 } });
    const history = await anonymous.bots.history(botId, { days: 7 });
    expect(history.days).toBe(7);
    const found = await anonymous.search(bot.name, { lang: 'de', limit: 5 });
    expect(found.data.map((hit) => hit.id)).toContain(botId);
    expect(found.total).toBeGreaterThanOrEqual(1);
    const badge = await fetch(anonymous.embeds.badge(botId, { variant: 'votes', theme: 'dark' }));
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('exposes the x-ratelimit-* headers of the latest answer', async () => {
    const client = new BotDirectory({ baseUrl: service.baseUrl });
    expect(client.rateLimit).toBeUndefined();
    await client.bots.get(botId);
    const first = client.rateLimit!;
    expect(first.limit).toBe(1_000_000);
    await client.bots.get(botId);
    expect(client.rateLimit!.remaining).toBe(first.remaining - 1);
    expect(client.rateLimit!.reset).toBeGreaterThan(0);
  });

  it('calls the owner endpoints: votes, vote check, premium, stats', async () => {
    const user = nextUser();
    await service.vote(botId, user);
    const votes = await owner.votes.list(undefined, { hours: 1 });
    expect(votes[0]).toMatchObject({ user, username: `user ${user}`, flagged: false });
    const status = await owner.votes.check(botId, user);
    expect(status.voted).toBe(true);
    expect(Date.parse(status.expiresAt!) - Date.parse(status.votedAt!)).toBe(12 * 3600_000);
    expect(await owner.votes.check(botId, nextUser())).toEqual({ voted: false, votedAt: null, expiresAt: null });
    expect(await owner.premium.user(botId, user)).toMatchObject({ active: false });
    expect(await owner.premium.guild(botId, nextUser())).toMatchObject({ active: false });
    expect(await owner.stats.post(botId, { serverCount: 4321, shardCount: 3 })).toEqual({ serverCount: 4321, shardCount: 3 });
    expect(await owner.bots.get(botId)).toMatchObject({ serverCount: 4321, shardCount: 3 });
  });

  it('reads the analytics (analytics:read): a day per item of the window, totals, conversion, top lists', async () => {
    const month = await owner.analytics.get();
    expect(month.days).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.daily.at(-1)!.date).toBe(month.to);
    expect(month.totals.votes).toBeGreaterThanOrEqual(0);
    expect(month.conversion).toEqual({ invites: null, votes: null });
    expect(month.referrers).toEqual([]);
    const week = await owner.analytics.get(botId, { days: 7 });
    expect(week.daily).toHaveLength(7);
    await expect(owner.analytics.get(botId, { days: 14 as 7 })).rejects.toMatchObject({ code: 'validation_failed', status: 422 });
  });

  it('turns the error envelope into one error class: code, status, details', async () => {
    const client = new BotDirectory({ baseUrl: service.baseUrl });
    const notFound = await client.bots.get('999999999999999999').catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(BotDirectoryError);
    expect(notFound).toMatchObject({ code: 'not_found', status: 404, details: undefined, method: 'GET' });
    const invalid = await client.bots.list({ limit: 1000 }).catch((error: unknown) => error as BotDirectoryError);
    expect(invalid).toMatchObject({ code: 'validation_failed', status: 422 });
    expect((invalid as BotDirectoryError).details).toEqual([expect.objectContaining({ field: expect.stringContaining('limit') })]);
    const unauthorized = await new BotDirectory({ baseUrl: service.baseUrl, token: 'bdk_not_a_real_key_000000' }).votes
      .list(botId)
      .catch((error: unknown) => error);
    expect(unauthorized).toMatchObject({ code: 'unauthorized', status: 401 });
    const readOnly = new BotDirectory({ baseUrl: service.baseUrl, token: await service.createKey(botId, ['votes:read']) });
    await expect(readOnly.stats.post(botId, { serverCount: 1 })).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    await expect(owner.stats.post(botId, { serverCount: -1 })).rejects.toMatchObject({ code: 'validation_failed', status: 422 });
    await expect(new BotDirectory({ baseUrl: service.baseUrl }).votes.list()).rejects.toMatchObject({
      code: 'validation_failed',
      status: 0,
    });
  });

  it('reports a refused connection as network_error (status 0), after its repeats', async () => {
    const delays: number[] = [];
    const client = new BotDirectory({ baseUrl: 'http://127.0.0.1:1', retry: { retries: 2, sleep: async (ms) => void delays.push(ms) } });
    await expect(client.bots.get(botId)).rejects.toMatchObject({ code: 'network_error', status: 0 });
    expect(delays).toHaveLength(2);
  });

  it('hasVoted answers from memory until the vote expires: one request per voter and window', async () => {
    const counter = countingFetch();
    let now = Date.now();
    const client = new BotDirectory({
      baseUrl: service.baseUrl,
      token: await service.createKey(botId, ['votes:read']),
      botId,
      fetch: counter.fetch,
      voteCache: { now: () => now },
    });
    const voter = nextUser();
    await service.vote(botId, voter);
    expect(await client.hasVoted(voter)).toBe(true);
    expect(await client.hasVoted(voter)).toBe(true);
    expect(counter.count()).toBe(1);
    // Not voted: asked every time (a vote may come any moment).
    const other = nextUser();
    expect(await client.hasVoted(other)).toBe(false);
    expect(await client.hasVoted(other)).toBe(false);
    expect(counter.count()).toBe(3);
    // Past expiresAt the service is asked again.
    now += 12 * 3600_000 + 1000;
    await client.hasVoted(voter);
    expect(counter.count()).toBe(4);
  });
});

describe('BotDirectory client at the rate limit', () => {
  let service: RunningService;
  let botId: string;

  beforeAll(async () => {
    service = await startService({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
    botId = await service.createBot();
  });
  afterAll(() => service.close());

  it('honours Retry-After between repeats of a 429, then rejects with rate_limited and retryAfter', async () => {
    const delays: number[] = [];
    const counter = countingFetch();
    const client = new BotDirectory({
      baseUrl: service.baseUrl,
      fetch: counter.fetch,
      retry: { retries: 2, maxDelayMs: 120_000, sleep: async (ms) => void delays.push(ms) },
    });
    await client.bots.get(botId);
    await client.bots.get(botId);
    const error = (await client.bots.get(botId).catch((e: unknown) => e)) as BotDirectoryError;
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
    expect(counter.count()).toBe(5);
    // Each wait is the service's Retry-After (the fake sleep does not let the window pass).
    expect(delays).toHaveLength(2);
    for (const delay of delays) expect(delay).toBe(delays[0]);
    expect(delays[0]! / 1000).toBeGreaterThanOrEqual(error.retryAfter!);
  });

  it('does not wait longer than maxDelayMs: rejects at once with retryAfter', async () => {
    const delays: number[] = [];
    const client = new BotDirectory({ baseUrl: service.baseUrl, retry: { maxDelayMs: 1000, sleep: async (ms) => void delays.push(ms) } });
    await expect(client.bots.get(botId)).rejects.toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(delays).toEqual([]);
  });
});
