import { describe, expect, it } from 'vitest';
import { keepLatest } from '../../src/lib/keep-latest.js';

describe('keepLatest', () => {
  const expiredBefore = (now: number) => (until: number) => until <= now;

  it('drops the expired entries at the front as new ones come, and keeps the live ones', () => {
    const map = new Map<string, number>();
    for (let i = 0; i < 5; i++) keepLatest(map, `k${i}`, 100 + i, 1000, expiredBefore(0));
    keepLatest(map, 'late', 200, 1000, expiredBefore(102));
    expect([...map.keys()]).toEqual(['k3', 'k4', 'late']);
  });

  it('moves a key set again to the back, so that an old first place cannot shelter an expired neighbour', () => {
    const map = new Map<string, number>();
    keepLatest(map, 'a', 10, 1000, expiredBefore(0));
    keepLatest(map, 'b', 11, 1000, expiredBefore(0));
    keepLatest(map, 'a', 30, 1000, expiredBefore(5));
    expect([...map]).toEqual([
      ['b', 11],
      ['a', 30],
    ]);
    keepLatest(map, 'c', 40, 1000, expiredBefore(20));
    expect([...map]).toEqual([
      ['a', 30],
      ['c', 40],
    ]);
  });

  it('holds at most max entries, the oldest going first even when live', () => {
    const map = new Map<string, number>();
    for (let i = 0; i < 10; i++) keepLatest(map, `k${i}`, 1_000 + i, 3, expiredBefore(0));
    expect([...map.keys()]).toEqual(['k7', 'k8', 'k9']);
  });
});
