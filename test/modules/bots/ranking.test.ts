import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BotRanking, ORDERS, type ListedBot } from '../../../src/modules/bots/ranking.js';
import type { BotSort } from '../../../src/modules/bots/schemas.js';

const SORTS = Object.keys(ORDERS) as BotSort[];

/** A listed bot and which version of it this is (the test checks each order holds the newest). */
type Versioned = ListedBot & { version: number };

function bot(seq: number, keys: { name: string; votes: number; servers: number }, version: number): Versioned {
  const id = String(100000000000000000n + BigInt(seq));
  return {
    id,
    seq,
    nameLower: keys.name,
    sortName: keys.name,
    votesMonth: keys.votes,
    votesTotal: keys.votes * 3,
    serverCount: keys.servers,
    publishedAt: seq % 4,
    version,
  };
}

// A vote changes the vote orders only, a stats report the server order only, an edit the name: the
// ranking moves the bot in the orders whose key changed and must still show its newest version in all.
const change = fc.record({
  seq: fc.nat(40),
  name: fc.option(fc.constantFrom('a', 'b', 'c', 'ab'), { nil: undefined }),
  votes: fc.option(fc.nat(4), { nil: undefined }),
  servers: fc.option(fc.nat(4), { nil: undefined }),
  remove: fc.boolean(),
});

describe('BotRanking', () => {
  it('keeps every order sorted with ties by id, each bot in its newest version, through changes of some keys, removals and re-publications', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 150 }), (changes) => {
        const ranking = new BotRanking<Versioned>();
        const held = new Map<number, Versioned>();
        for (let seq = 0; seq < 30; seq++) held.set(seq, bot(seq, { name: 'b', votes: seq % 3, servers: seq % 2 }, 0));
        ranking.reset([...held.values()]);
        let version = 0;
        for (const c of changes) {
          const previous = held.get(c.seq);
          if (c.remove && previous) {
            ranking.remove(previous);
            held.delete(c.seq);
            continue;
          }
          const keys = {
            name: c.name ?? previous?.nameLower ?? 'b',
            votes: c.votes ?? previous?.votesMonth ?? 0,
            servers: c.servers ?? previous?.serverCount ?? 0,
          };
          const next = bot(c.seq, keys, ++version);
          ranking.replace(previous, next);
          held.set(c.seq, next);
        }
        for (const sort of SORTS) {
          const want = [...held.values()].sort(ORDERS[sort]);
          const { bots, total } = ranking.page(sort, 0, 1000);
          expect(total).toBe(want.length);
          expect(bots.map((b) => b.id)).toEqual(want.map((b) => b.id));
          bots.forEach((b, i) => expect(b).toBe(want[i]));
        }
      }),
      { numRuns: 400 },
    );
  });
});
