import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { ReadCache } from '../../src/lib/read-cache.js';
import { ManualClock } from '../helpers.js';

const body = async (pending: Promise<{ body: unknown }>) => (await pending).body;

describe('ReadCache', () => {
  it('gives each body a strong ETag that changes with the body', async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')));
    const first = await cache.fetch('bot:1', '1', async () => 'one');
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await cache.fetch('bot:1', '1', async () => 'other')).etag).toBe(first.etag);
    cache.invalidate('1');
    expect((await cache.fetch('bot:1', '1', async () => 'other')).etag).not.toBe(first.etag);
  });

  it('computes once and serves the stored body until invalidated', async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')));
    let calls = 0;
    const compute = async () => `body${++calls}`;
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body1');
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body1');
    cache.invalidate('1');
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body2');
  });

  it("a bot's change drops its entries and every list, but not other bots", async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')));
    let n = 0;
    await cache.fetch('bot:1', '1', async () => `a${++n}`);
    await cache.fetch('bot:2', '2', async () => `b${++n}`);
    await cache.fetch('list', undefined, async () => `l${++n}`);
    cache.invalidate('1');
    expect(await body(cache.fetch('bot:1', '1', async () => 'a-new'))).toBe('a-new');
    expect(await body(cache.fetch('bot:2', '2', async () => 'b-new'))).toBe('b2');
    expect(await body(cache.fetch('list', undefined, async () => 'l-new'))).toBe('l-new');
  });

  it('passes the current UTC month to compute and expires entries at the month end and after the TTL', async () => {
    const clock = new ManualClock(new Date('2026-03-31T23:59:50Z'));
    const cache = new ReadCache(clock);
    const months: string[] = [];
    const compute = async (month: string) => {
      months.push(month);
      return month;
    };
    expect(await body(cache.fetch('k', undefined, compute))).toBe('2026-03-01');
    clock.advance(5_000);
    expect(await body(cache.fetch('k', undefined, compute))).toBe('2026-03-01');
    clock.advance(5_000); // 2026-04-01T00:00:00Z: votesMonth restarts
    expect(await body(cache.fetch('k', undefined, compute))).toBe('2026-04-01');
    clock.advance(29_000);
    expect(await body(cache.fetch('k', undefined, compute))).toBe('2026-04-01');
    expect(months).toHaveLength(2);
    clock.advance(1_000);
    await cache.fetch('k', undefined, compute);
    expect(months).toHaveLength(3);
  });

  it('does not store a result computed across an invalidation', async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.fetch('bot:1', '1', async () => {
      await gate;
      return 'stale';
    });
    cache.invalidate('1');
    release();
    expect((await stale).body).toBe('stale');
    expect(await body(cache.fetch('bot:1', '1', async () => 'fresh'))).toBe('fresh');
  });

  it('throws not_found (and stores nothing) when compute finds no bot', async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')));
    await expect(cache.fetch('bot:9', '9', async () => undefined)).rejects.toMatchObject({ code: 'not_found' });
    await expect(cache.fetch('bot:9', '9', async () => undefined)).rejects.toBeInstanceOf(AppError);
    expect(await body(cache.fetch('bot:9', '9', async () => 'now'))).toBe('now');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new ReadCache(new ManualClock(new Date('2026-03-10T00:00:00Z')), 2);
    await cache.fetch('a', undefined, async () => 'a1');
    await cache.fetch('b', undefined, async () => 'b1');
    await cache.fetch('c', undefined, async () => 'c1');
    expect(await body(cache.fetch('a', undefined, async () => 'a2'))).toBe('a2');
    expect(await body(cache.fetch('c', undefined, async () => 'c2'))).toBe('c1');
  });
});
