/** The stats autoposter against a real service, with duck-typed discord.js / discord-hybrid-sharding objects and a manual clock. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BotDirectory, BotDirectoryError, StatsPoster, type AutoPosterOptions, type StatsSource } from '@bot-directory/sdk';
import { ManualScheduler } from './manual-scheduler.js';
import { startService, type RunningService } from './service.js';

const MINUTE = 60_000;

describe('stats autoposter', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  async function poster(source: StatsSource | ((botId: string) => StatsSource), options: Partial<AutoPosterOptions> = {}) {
    const botId = await service.createBot();
    const token = await service.createKey(botId, ['stats:write']);
    const scheduler = new ManualScheduler();
    const logger = { warn: vi.fn(), error: vi.fn() };
    const resolved =
      typeof source === 'function' && source.length === 1 ? (source as (id: string) => StatsSource)(botId) : (source as StatsSource);
    const instance = new StatsPoster({ baseUrl: service.baseUrl, token, scheduler, logger, ...options }, resolved);
    const stored = async () => (await service.t.get(`/api/v1/bots/${botId}`)).json().data as { serverCount: number; shardCount: number };
    return { botId, scheduler, logger, poster: instance, stored };
  }

  it('posts a discord.js client once it is ready, then every 30 minutes', async () => {
    const client = {
      guilds: {
        cache: new Map([
          ['1', {}],
          ['2', {}],
        ]),
      },
      user: null as { id: string } | null,
      ws: { shards: { size: 2 } },
      isReady: () => client.user !== null,
    };
    const { botId, scheduler, poster: p, stored } = await poster(client);
    p.start();
    scheduler.fireNext();
    scheduler.fireNext();
    client.user = { id: botId };
    const first = await scheduler.until(p, 'posted');
    expect(first.payload).toEqual({ serverCount: 2, shardCount: 2, stored: { serverCount: 2, shardCount: 2 } });
    expect(await stored()).toMatchObject({ serverCount: 2, shardCount: 2 });
    client.guilds.cache.set('3', {});
    const second = await scheduler.until(p, 'posted');
    expect(second.at - first.at).toBe(30 * MINUTE);
    expect(await stored()).toMatchObject({ serverCount: 3 });
    p.stop();
    expect(scheduler.pending).toBe(0);
  });

  it('sums the shards of a discord.js ShardingManager, waiting until every shard is ready', async () => {
    const shards = new Map([
      [0, { ready: true }],
      [1, { ready: true }],
      [2, { ready: false }],
    ]);
    const {
      scheduler,
      poster: p,
      stored,
    } = await poster((botId) => ({
      totalShards: 3,
      shards,
      fetchClientValues: async (property: string) => (property === 'user.id' ? [botId, botId, botId] : [100, 250, 7]),
    }));
    p.start();
    for (let i = 0; i < 3; i++) scheduler.fireNext();
    expect(scheduler.now()).toBe(10_000);
    shards.get(2)!.ready = true;
    const posted = await scheduler.until(p, 'posted');
    expect(posted.payload).toMatchObject({ serverCount: 357, shardCount: 3 });
    expect(await stored()).toMatchObject({ serverCount: 357, shardCount: 3 });
  });

  it('sums the clusters of a discord-hybrid-sharding ClusterManager', async () => {
    const { scheduler, poster: p } = await poster((botId) => ({
      totalShards: 8,
      totalClusters: 2,
      clusters: new Map([
        [0, { ready: true }],
        [1, { ready: true }],
      ]),
      fetchClientValues: async (property: string) => (property === 'user.id' ? [botId, botId] : [40, 2]),
    }));
    p.start();
    expect((await scheduler.until(p, 'posted')).payload).toMatchObject({ serverCount: 42, shardCount: 8 });
  });

  it('in a cluster or shard process, only the one holding cluster/shard 0 posts, for all of them', async () => {
    const leader = await poster((botId) => ({
      guilds: { cache: { size: 5 } },
      user: { id: botId },
      isReady: () => true,
      cluster: { id: 0, count: 2, info: { TOTAL_SHARDS: 4 }, fetchClientValues: async () => [5, 11] },
    }));
    leader.poster.start();
    expect((await leader.scheduler.until(leader.poster, 'posted')).payload).toMatchObject({ serverCount: 16, shardCount: 4 });

    const follower = await poster((botId) => ({
      guilds: { cache: { size: 11 } },
      user: { id: botId },
      isReady: () => true,
      cluster: { id: 1, count: 2, info: { TOTAL_SHARDS: 4 }, fetchClientValues: async () => [5, 11] },
    }));
    expect(follower.poster.leader).toBe(false);
    follower.poster.start();
    expect(follower.scheduler.pending).toBe(0);

    const shardProcess = await poster((botId) => ({
      guilds: { cache: { size: 3 } },
      user: { id: botId },
      isReady: () => true,
      shard: { ids: [0, 1], count: 4, fetchClientValues: async () => [3, 4, 5, 6] },
    }));
    shardProcess.poster.start();
    expect((await shardProcess.scheduler.until(shardProcess.poster, 'posted')).payload).toMatchObject({ serverCount: 18, shardCount: 4 });
  });

  it('takes a plain callback with a botId', async () => {
    let servers = 70;
    const { botId, scheduler, poster: p, stored } = await poster(() => ({ serverCount: servers }));
    // The bot id comes from the options when the source cannot tell it.
    const withId = new StatsPoster(
      { baseUrl: service.baseUrl, token: await service.createKey(botId, ['stats:write']), botId, scheduler },
      () => ({ serverCount: servers }),
    );
    withId.start();
    expect((await scheduler.until(withId, 'posted')).payload).toEqual({ serverCount: 70, stored: { serverCount: 70, shardCount: 1 } });
    servers = 71;
    expect(await withId.post()).toEqual({ serverCount: 71, shardCount: 1 });
    expect(await stored()).toMatchObject({ serverCount: 71 });
    // Without one, the post fails into an error event instead of throwing.
    const errors: Error[] = [];
    p.on('error', (error) => errors.push(error));
    expect(await p.post()).toBeUndefined();
    expect(errors[0]?.message).toMatch(/no bot id/);
  });

  it('posts early when the shard count changes, but not within 5 minutes of the last post', async () => {
    const client = { guilds: { cache: { size: 9 } }, user: { id: '' }, ws: { shards: { size: 1 } }, isReady: () => true };
    const { botId, scheduler, poster: p } = await poster(client, { intervalMs: 60 * MINUTE });
    client.user.id = botId;
    p.start();
    const first = await scheduler.until(p, 'posted');
    client.ws.shards.size = 2;
    const second = await scheduler.until(p, 'posted');
    expect(second.payload).toMatchObject({ shardCount: 2 });
    expect(second.at - first.at).toBe(5 * MINUTE);
  });

  it('never posts more often than every 5 minutes', async () => {
    const { scheduler, poster: p } = await poster(
      (botId) => ({ guilds: { cache: { size: 1 } }, user: { id: botId }, isReady: () => true }),
      { intervalMs: 1000 },
    );
    p.start();
    const first = await scheduler.until(p, 'posted');
    expect((await scheduler.until(p, 'posted')).at - first.at).toBe(5 * MINUTE);
  });

  it('stops on a refused key (401) with one log line', async () => {
    const {
      scheduler,
      logger,
      poster: p,
    } = await poster((botId) => ({ guilds: { cache: { size: 1 } }, user: { id: botId }, isReady: () => true }), {
      token: 'bdk_revoked_or_wrong_0000000',
    });
    const errors: Error[] = [];
    p.on('error', (error) => errors.push(error));
    p.start();
    expect((await scheduler.until(p, 'stopped')).payload).toEqual({ reason: 'unauthorized' });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![0]).toMatch(/stats autoposter stopped: the service refused the API key \(401 unauthorized/);
    expect(errors).toEqual([expect.objectContaining({ code: 'unauthorized', status: 401 })]);
    expect(scheduler.pending).toBe(0);
    expect(p.isRunning).toBe(false);
  });

  it('stops on a key without stats:write (403)', async () => {
    const botId = await service.createBot();
    const scheduler = new ManualScheduler();
    const logger = { warn: vi.fn(), error: vi.fn() };
    const p = new StatsPoster(
      { baseUrl: service.baseUrl, token: await service.createKey(botId, ['votes:read']), scheduler, logger },
      { guilds: { cache: { size: 1 } }, user: { id: botId }, isReady: () => true },
    ).start();
    expect((await scheduler.until(p, 'stopped')).payload).toEqual({ reason: 'forbidden' });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('backs off on 5xx (1, 2, 4 minutes) and recovers; errors go to the error event, never thrown', async () => {
    const answers = [503, 502, 500];
    const realFetch = globalThis.fetch;
    const flaky = (async (request: Request) => {
      const status = answers.shift();
      if (status === undefined) return realFetch(request);
      return new Response(JSON.stringify({ error: { code: 'internal_error', message: 'down' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const botId = await service.createBot();
    const client = new BotDirectory({
      baseUrl: service.baseUrl,
      token: await service.createKey(botId, ['stats:write']),
      fetch: flaky,
      retry: false,
    });
    const scheduler = new ManualScheduler();
    const p = new StatsPoster(
      { client, scheduler, logger: { warn: vi.fn(), error: vi.fn() } },
      { guilds: { cache: { size: 4 } }, user: { id: botId }, isReady: () => true },
    );
    const failures: number[] = [];
    p.on('error', () => failures.push(scheduler.now()));
    p.start();
    const posted = await scheduler.until(p, 'posted');
    expect(failures).toEqual([0, 1 * MINUTE, 3 * MINUTE]);
    expect(posted.at).toBe(7 * MINUTE);
    expect(posted.payload.stored).toEqual({ serverCount: 4, shardCount: 1 });
  });

  it('a listener that throws, or a source that throws, is logged and the poster carries on', async () => {
    let fail = true;
    const {
      scheduler,
      logger,
      poster: p,
    } = await poster((botId) => ({
      guilds: {
        cache: {
          get size() {
            if (fail) throw new Error('cache exploded');
            return 2;
          },
        },
      },
      user: { id: botId },
      isReady: () => true,
    }));
    p.start();
    await scheduler.until(p, 'error').catch(() => undefined);
    p.on('posted', () => {
      throw new Error('listener bug');
    });
    fail = false;
    await scheduler.until(p, 'posted');
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/listener bug/)));
    expect(p.isRunning).toBe(true);
  });
});

describe('stats autoposter at the rate limit', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ env: { RATE_LIMIT_TIER1: '1' } });
  });
  afterAll(() => service.close());

  it('on 429 waits at least Retry-After before the next attempt', async () => {
    const botId = await service.createBot();
    const scheduler = new ManualScheduler();
    const p = new StatsPoster(
      {
        baseUrl: service.baseUrl,
        token: await service.createKey(botId, ['stats:write']),
        scheduler,
        logger: { warn: vi.fn(), error: vi.fn() },
      },
      { guilds: { cache: { size: 1 } }, user: { id: botId }, isReady: () => true },
    );
    p.start();
    await scheduler.until(p, 'posted');
    const limited = await scheduler.until(p, 'error');
    expect(limited.payload).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: expect.any(Number) });
    const again = await scheduler.until(p, 'error');
    expect(again.at - limited.at).toBeGreaterThanOrEqual((limited.payload as BotDirectoryError).retryAfter! * 1000);
    p.stop();
  });

  it('a Retry-After longer than the backoff is honoured', async () => {
    const realFetch = globalThis.fetch;
    let limited = true;
    const scripted = (async (request: Request) => {
      if (!limited) return realFetch(request);
      limited = false;
      return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
      });
    }) as typeof fetch;
    const botId = await service.createBot();
    const scheduler = new ManualScheduler();
    const client = new BotDirectory({
      baseUrl: service.baseUrl,
      token: await service.createKey(botId, ['stats:write']),
      fetch: scripted,
      retry: false,
    });
    const p = new StatsPoster(
      { client, scheduler, logger: { warn: vi.fn(), error: vi.fn() } },
      { guilds: { cache: { size: 1 } }, user: { id: botId }, isReady: () => true },
    );
    p.start();
    expect((await scheduler.until(p, 'posted')).at).toBe(10 * MINUTE);
  });
});
