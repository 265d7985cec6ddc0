import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { etagOf, ReadCache } from '../../src/lib/read-cache.js';
import { ManualClock } from '../helpers.js';

/** Bodies are stored as bytes (see CachedResponse); the tests read them back as text. */
const body = async (pending: Promise<{ body: Buffer }>) => (await pending).body.toString();
const march = () => new ManualClock(new Date('2026-03-10T00:00:00Z'));
const missing = async (): Promise<string> => {
  throw AppError.notFound();
};

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('ReadCache', () => {
  it('stores a computed string as its UTF-8 bytes, with the ETag of those bytes', async () => {
    const cache = new ReadCache(march());
    const stored = await cache.fetch('k', 'g', async () => '{"name":"Grüße ✓"}');
    expect(Buffer.isBuffer(stored.body)).toBe(true);
    expect(stored.body.equals(Buffer.from('{"name":"Grüße ✓"}', 'utf8'))).toBe(true);
    expect(stored.etag).toBe(etagOf('{"name":"Grüße ✓"}'));
  });

  it('gives each body a strong ETag that changes with the body', async () => {
    const cache = new ReadCache(march());
    const first = await cache.fetch('bot:1', '1', async () => 'one');
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await cache.fetch('bot:1', '1', async () => 'other')).etag).toBe(first.etag);
    cache.invalidate('1');
    expect((await cache.fetch('bot:1', '1', async () => 'other')).etag).not.toBe(first.etag);
  });

  it('computes once and serves the stored body until invalidated', async () => {
    const cache = new ReadCache(march());
    let calls = 0;
    const compute = async () => `body${++calls}`;
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body1');
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body1');
    cache.invalidate('1');
    expect(await body(cache.fetch('bot:1', '1', compute))).toBe('body2');
  });

  it("a group's invalidation drops exactly that group's entries", async () => {
    const cache = new ReadCache(march());
    let n = 0;
    await cache.fetch('bot:1', '1', async () => `a${++n}`);
    await cache.fetch('bot:1:history', '1', async () => `h${++n}`);
    await cache.fetch('bot:2', '2', async () => `b${++n}`);
    cache.invalidate('1');
    expect(await body(cache.fetch('bot:1', '1', async () => 'a-new'))).toBe('a-new');
    expect(await body(cache.fetch('bot:1:history', '1', async () => 'h-new'))).toBe('h-new');
    expect(await body(cache.fetch('bot:2', '2', async () => 'b-new'))).toBe('b3');
  });

  it('forget(key) drops one entry of a group and leaves the rest', async () => {
    const cache = new ReadCache(march());
    await cache.fetch('check:1:u1', '1', async () => 'u1-old');
    await cache.fetch('check:1:u2', '1', async () => 'u2-old');
    cache.forget('check:1:u1');
    expect(await body(cache.fetch('check:1:u1', '1', async () => 'u1-new'))).toBe('u1-new');
    expect(await body(cache.fetch('check:1:u2', '1', async () => 'u2-new'))).toBe('u2-old');
  });

  it('passes the current UTC month to compute and expires entries at the month end and after the TTL', async () => {
    const clock = new ManualClock(new Date('2026-03-31T23:59:50Z'));
    const cache = new ReadCache(clock);
    const months: string[] = [];
    const compute = async (month: string) => {
      months.push(month);
      return month;
    };
    expect(await body(cache.fetch('k', 'g', compute))).toBe('2026-03-01');
    clock.advance(5_000);
    expect(await body(cache.fetch('k', 'g', compute))).toBe('2026-03-01');
    clock.advance(5_000); // 2026-04-01T00:00:00Z: votesMonth restarts
    expect(await body(cache.fetch('k', 'g', compute))).toBe('2026-04-01');
    clock.advance(29_000);
    expect(await body(cache.fetch('k', 'g', compute))).toBe('2026-04-01');
    expect(months).toHaveLength(2);
    clock.advance(1_000);
    await cache.fetch('k', 'g', compute);
    expect(months).toHaveLength(3);
  });

  it('shares one computation among concurrent misses of a key (single flight)', async () => {
    const cache = new ReadCache(march());
    const { wait, open } = gate();
    let calls = 0;
    const compute = async () => {
      calls++;
      await wait;
      return 'shared';
    };
    const pending = [1, 2, 3, 4, 5].map(() => cache.fetch('list', 'g', compute));
    open();
    const answers = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(answers.every((a) => a.body.toString() === 'shared')).toBe(true);
  });

  it('a request after an invalidation does not join a computation that started before it, and the old one is not stored', async () => {
    const cache = new ReadCache(march());
    const { wait, open } = gate();
    const stale = cache.fetch('bot:1', '1', async () => {
      await wait;
      return 'stale';
    });
    cache.invalidate('1');
    const fresh = cache.fetch('bot:1', '1', async () => 'fresh');
    open();
    expect((await stale).body.toString()).toBe('stale');
    expect((await fresh).body.toString()).toBe('fresh');
    expect(await body(cache.fetch('bot:1', '1', async () => 'later'))).toBe('fresh');
  });

  it('a failed computation fails every joined request and leaves nothing behind', async () => {
    const cache = new ReadCache(march());
    const { wait, open } = gate();
    const compute = async () => {
      await wait;
      throw new Error('database away');
    };
    const pending = [cache.fetch('k', 'g', compute), cache.fetch('k', 'g', compute)];
    open();
    for (const p of pending) await expect(p).rejects.toThrow('database away');
    expect(await body(cache.fetch('k', 'g', async () => 'back'))).toBe('back');
  });

  it("passes on compute's not_found (and stores nothing) when it finds no bot", async () => {
    const cache = new ReadCache(march());
    await expect(cache.fetch('bot:9', '9', missing)).rejects.toMatchObject({ code: 'not_found' });
    await expect(cache.fetch('bot:9', '9', missing)).rejects.toBeInstanceOf(AppError);
    expect(await body(cache.fetch('bot:9', '9', async () => 'now'))).toBe('now');
  });

  it('once full, serves an answer asked for the first time without keeping it, and keeps it the second time, dropping the oldest', async () => {
    const cache = new ReadCache(march(), { maxEntries: 2 });
    await cache.fetch('a', 'a', async () => 'a1');
    await cache.fetch('b', 'b', async () => 'b1');
    expect(await body(cache.fetch('c', 'c', async () => 'c1'))).toBe('c1');
    expect(cache.size).toBe(2);
    expect(await body(cache.fetch('a', 'a', async () => 'a2'))).toBe('a1');
    expect(await body(cache.fetch('c', 'c', async () => 'c2'))).toBe('c2');
    expect(await body(cache.fetch('c', 'c', async () => 'c3'))).toBe('c2');
    // 'a' was the oldest entry: it made room for 'c'; 'b' stays.
    expect(await body(cache.fetch('b', 'b', async () => 'b2'))).toBe('b1');
    expect(await body(cache.fetch('a', 'a', async () => 'a3'))).toBe('a3');
  });

  it('lends a buffer to a long answer it does not keep, and takes it back only once every request handed it has released it', async () => {
    const cache = new ReadCache(march(), { maxEntries: 1 });
    await cache.fetch('kept', 'g', async () => 'k');
    const long = (c: string) => c.repeat(5_000);
    // Two requests share one computation of an answer the full store does not take in.
    const g = gate();
    const first = cache.fetch('x', 'g', async () => (await g.wait, long('x')));
    const second = cache.fetch('x', 'g', async () => long('never computed'));
    g.open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(a.body.toString()).toBe(long('x'));
    expect(a.etag).toBe(etagOf(long('x')));
    expect(cache.size).toBe(1);
    a.release!();
    // One of the two has sent it: the next answer gets another buffer, this one stays whole.
    const other = await cache.fetch('y', 'g', async () => long('y'));
    expect(other.body.buffer).not.toBe(a.body.buffer);
    expect(a.body.toString()).toBe(long('x'));
    other.release!();
    b.release!();
    // Both have: the buffer is lent again.
    const reused = await cache.fetch('z', 'g', async () => long('z'));
    expect([other.body.buffer, a.body.buffer]).toContain(reused.body.buffer);
    expect(reused.body.toString()).toBe(long('z'));
    // A short answer the store does not keep is not lent (nothing to give back).
    expect((await cache.fetch('w', 'g', async () => 'short')).release).toBeUndefined();
  });

  it('replaces an expired entry in a full cache without asking for admission', async () => {
    const clock = march();
    const cache = new ReadCache(clock, { maxEntries: 2 });
    await cache.fetch('a', 'a', async () => 'a1', 1_000);
    await cache.fetch('b', 'b', async () => 'b1', 1_000);
    clock.advance(2_000);
    expect(await body(cache.fetch('a', 'a', async () => 'a2', 1_000))).toBe('a2');
    expect(await body(cache.fetch('a', 'a', async () => 'a3', 1_000))).toBe('a2');
  });

  it('keeps at most maxBytes of bodies, dropping the oldest, and counts a replaced or forgotten body once', async () => {
    const cache = new ReadCache(march(), { maxBytes: 1_000 });
    const kb = (tag: string) => tag.padEnd(400, '.');
    await cache.fetch('a', 'a', async () => kb('a'));
    await cache.fetch('b', 'b', async () => Buffer.from(kb('b')));
    expect(cache.size).toBe(2);
    await cache.fetch('c', 'c', async () => kb('c'));
    await cache.fetch('c', 'c', async () => kb('c'));
    expect(cache.size).toBe(2);
    expect(await body(cache.fetch('a', 'a', async () => 'a again'))).toBe('a again');
    cache.forget('a');
    cache.invalidate('b');
    expect(cache.size).toBe(1);
    // 'c' (400) plus two more of 300 fit in 1,000 bytes only if the dropped bodies were uncounted.
    await cache.fetch('d', 'd', async () => 'd'.repeat(300));
    await cache.fetch('e', 'e', async () => 'e'.repeat(300));
    expect(cache.size).toBe(3);
    expect(await body(cache.fetch('c', 'c', async () => 'c again'))).toBe(kb('c'));
  });

  it('stays bounded under a flood of distinct keys and unknown bots: evicted and missing answers leave no index behind', async () => {
    const cache = new ReadCache(march(), { maxEntries: 100 });
    for (let i = 0; i < 5_000; i++) {
      // Asked twice, so that a full cache takes each one in and pushes the oldest out.
      for (let ask = 0; ask < 2; ask++) await cache.fetch(`reviews:${i % 50}:${i}`, String(i % 50), async () => `page ${i}`);
      await expect(cache.fetch(`bot:x${i}`, `x${i}`, missing)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(cache.size).toBe(100);
    const groups = (cache as unknown as { keysByGroup: Map<string, Set<string>> }).keysByGroup;
    expect([...groups.values()].reduce((n, keys) => n + keys.size, 0)).toBe(100);
    expect(groups.size).toBeLessThanOrEqual(50);
  });
});
