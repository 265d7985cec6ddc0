import { describe, expect, it } from 'vitest';
import { CategoryMasks } from '../../../../src/modules/search/engine/category-masks.js';

describe('category masks', () => {
  it('tell whether two bots share a category', () => {
    const masks = new CategoryMasks();
    masks.set(0, ['music', 'fun']);
    masks.set(1, ['fun']);
    masks.set(2, ['moderation']);
    masks.set(3, []);
    expect(masks.share(0, 1)).toBe(true);
    expect(masks.share(0, 2)).toBe(false);
    expect(masks.share(2, 2)).toBe(true);
    expect([masks.has(0), masks.has(3), masks.share(3, 0)]).toEqual([true, false, false]);
  });

  it('follow a bot as its categories change and its slot is freed', () => {
    const masks = new CategoryMasks();
    masks.set(0, ['music']);
    masks.set(1, ['music']);
    masks.set(1, ['polls']);
    expect(masks.share(0, 1)).toBe(false);
    masks.clear(0);
    expect(masks.has(0)).toBe(false);
    // Slots far beyond the first block grow the masks.
    masks.set(5000, ['polls']);
    expect(masks.share(1, 5000)).toBe(true);
  });

  it('keep the first 64 categories apart, and a later category alike with itself', () => {
    const masks = new CategoryMasks();
    for (let i = 0; i < 64; i++) masks.set(i, [`category-${i}`]);
    for (let i = 1; i < 64; i++) expect(masks.share(0, i), `category-${i}`).toBe(false);
    masks.set(100, ['one more']);
    masks.set(101, ['one more']);
    expect(masks.share(100, 101)).toBe(true);
    // It shares its bit with exactly one of the first 64: it may look alike to that one, never to none.
    expect(Array.from({ length: 64 }, (_, i) => masks.share(100, i)).filter(Boolean)).toHaveLength(1);
  });
});
