import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/modules/ratelimit/memory-store.js';

function clockAt(start: number): { now: () => number; advance: (ms: number) => void } {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

describe('MemoryStore', () => {
  it('counts per bucket in a fixed window that starts at the first request', () => {
    const clock = clockAt(1_000_000);
    const store = new MemoryStore({ now: clock.now });
    expect(store.hit('a', 2, 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    clock.advance(10_000);
    expect(store.hit('a', 2, 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    expect(store.hit('b', 2, 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    clock.advance(49_999);
    expect(store.hit('a', 2, 60_000)).toEqual({ count: 3, resetMs: 1 });
    clock.advance(1);
    expect(store.hit('a', 2, 60_000)).toEqual({ count: 1, resetMs: 60_000 });
  });

  it('drops expired windows as new ones start, so memory does not grow without bound', () => {
    const clock = clockAt(0);
    const store = new MemoryStore({ now: clock.now });
    for (let i = 0; i < 1000; i++) store.hit(`ip:${i}`, 20, 60_000);
    expect(store.size).toBe(1000);
    clock.advance(60_000);
    store.hit('ip:new', 20, 60_000);
    expect(store.size).toBe(1);
    // Minute after minute of fresh callers: only the last minute's are held.
    for (let minute = 0; minute < 10; minute++) {
      clock.advance(60_000);
      for (let i = 0; i < 100; i++) store.hit(`m${minute}:${i}`, 20, 60_000);
    }
    expect(store.size).toBe(100);
  });

  it('keeps at most maxBuckets, forgetting the oldest window first', () => {
    const clock = clockAt(0);
    const store = new MemoryStore({ now: clock.now, maxBuckets: 3 });
    store.hit('a', 5, 60_000);
    store.hit('a', 5, 60_000);
    store.hit('b', 5, 60_000);
    store.hit('c', 5, 60_000);
    store.hit('d', 5, 60_000);
    expect(store.size).toBe(3);
    expect(store.hit('b', 5, 60_000).count).toBe(2);
    expect(store.hit('a', 5, 60_000).count).toBe(1);
  });
});
