import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BotRanking, ORDERS, type ListedBot } from '../../../src/modules/bots/ranking.js';
import type { BotSort } from '../../../src/modules/bots/schemas.js';

const SORTS = Object.keys(ORDERS) as BotSort[];

function bot(n: number, name: string, votes: number): ListedBot {
  return {
    id: String(100000000000000000n + BigInt(n)),
    seq: n,
    nameLower: name,
    sortName: name,
    votesMonth: votes,
    votesTotal: votes * 2,
    serverCount: n % 7,
    publishedAt: n,
  };
}

// Names from a small alphabet, so that needles match often, rarely and never; with NUL-free unicode too.
const name = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'ä', '✓'), maxLength: 8 });
const op = fc.oneof(fc.record({ put: fc.nat(60), name, votes: fc.nat(5) }), fc.record({ remove: fc.nat(60) }));

describe('the list search (NameSearch inside BotRanking)', () => {
  it('answers every sort, offset, limit and needle as filtering and sorting every listed bot would, before, during and after renames and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.nat(5)), { maxLength: 60 }),
        fc.array(op, { maxLength: 80 }),
        fc.constantFrom(...SORTS),
        fc.nat(30),
        fc.integer({ min: 1, max: 25 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'ä', '✓'), minLength: 1, maxLength: 3 }),
        (initial, ops, sort, offset, limit, needle) => {
          const ranking = new BotRanking();
          const model = new Map<string, ListedBot>();
          const first = initial.map(([n, votes], i) => bot(i, n, votes));
          ranking.reset(first);
          for (const b of first) model.set(b.id, b);
          const check = () => {
            const expected = [...model.values()].filter((b) => b.nameLower.includes(needle)).sort(ORDERS[sort]);
            const page = ranking.page(sort, offset, limit, needle);
            expect(page.total).toBe(expected.length);
            expect(page.bots.map((b) => b.id)).toEqual(expected.slice(offset, offset + limit).map((b) => b.id));
          };
          // Asked before, between and after the changes: a needle's remembered matches must follow renames.
          check();
          for (const [i, o] of ops.entries()) {
            if (i % 5 === 0) check();
            if ('put' in o) {
              const next = bot(o.put, o.name, o.votes);
              ranking.replace(model.get(next.id), next);
              model.set(next.id, next);
            } else {
              const id = String(100000000000000000n + BigInt(o.remove));
              const previous = model.get(id);
              if (previous) {
                ranking.remove(previous);
                model.delete(id);
              }
            }
          }
          check();
        },
      ),
      { numRuns: 400 },
    );
  });

  it('walks the order when many bots match and sorts the matches when few do, with the same answer', () => {
    const ranking = new BotRanking();
    const bots = Array.from({ length: 5000 }, (_, i) =>
      bot(i, i % 2 === 0 ? `common ${i}` : `rare${i % 1000 === 1 ? ' needle' : ''} ${i}`, i % 97),
    );
    ranking.reset(bots);
    for (const [needle, count] of [
      ['common', 2500],
      ['needle', 5],
    ] as const) {
      const expected = bots.filter((b) => b.nameLower.includes(needle)).sort(ORDERS.votes_month);
      expect(expected).toHaveLength(count);
      const page = ranking.page('votes_month', 3, 10, needle);
      expect(page.total).toBe(count);
      expect(page.bots).toEqual(expected.slice(3, 13));
    }
  });
});
