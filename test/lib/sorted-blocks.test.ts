import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedBlocks } from '../../src/lib/sorted-blocks.js';

const byNumber = (a: number, b: number) => a - b;

describe('SortedBlocks', () => {
  it('keeps any sequence of inserts and deletes in order, with positional slices like a sorted array', () => {
    const op = fc.oneof(fc.record({ insert: fc.integer({ min: 0, max: 400 }) }), fc.record({ delete: fc.integer({ min: 0, max: 400 }) }));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 })),
        fc.array(op, { maxLength: 300 }),
        fc.nat(500),
        fc.integer({ min: 0, max: 60 }),
        (initial, ops, offset, limit) => {
          const unique = [...new Set(initial)];
          const list = new SortedBlocks(byNumber, 4);
          list.reset(unique);
          const model = new Set(unique);
          for (const o of ops) {
            if ('insert' in o) {
              if (model.has(o.insert)) continue; // items are unique under the order
              list.insert(o.insert);
              model.add(o.insert);
            } else {
              expect(list.delete(o.delete)).toBe(model.delete(o.delete));
            }
          }
          const sorted = [...model].sort(byNumber);
          expect(list.size).toBe(sorted.length);
          expect(list.slice(0, list.size)).toEqual(sorted);
          expect(list.slice(offset, limit)).toEqual(sorted.slice(offset, offset + limit));
          const odd = sorted.filter((n) => n % 2 === 1);
          expect(list.filter((n) => n % 2 === 1, offset, limit)).toEqual(odd.slice(offset, offset + limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits a block that grows past twice its size and drops an emptied one', () => {
    const list = new SortedBlocks(byNumber, 2);
    for (let i = 10; i > 0; i--) list.insert(i);
    expect(list.slice(0, list.size)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i <= 10; i += 1) expect(list.delete(i)).toBe(true);
    expect(list.size).toBe(0);
    expect(list.slice(0, 5)).toEqual([]);
    expect(list.delete(3)).toBe(false);
    list.insert(7);
    expect(list.slice(0, list.size)).toEqual([7]);
  });
});
