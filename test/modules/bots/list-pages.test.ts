import { describe, expect, it } from 'vitest';
import { botOf, toEntry, type CatalogEntry } from '../../../src/modules/bots/catalog-entry.js';
import { ListPages } from '../../../src/modules/bots/list-pages.js';
import { BotRanking } from '../../../src/modules/bots/ranking.js';
import type { Bot, BotListQuery } from '../../../src/modules/bots/schemas.js';
import { bot } from './fixtures.js';

const NAMES = ['Grüße ✓ 🎵', 'Alpha "quoted"', 'Ωmega </script>', 'beta\\slash', 'Zeta\u2028line'];

function bots(): Bot[] {
  return NAMES.map((name, n) => bot({ id: String(100000000000000001n + BigInt(n)), name, votesMonth: 10 * (n + 1) }));
}

function ranked(list: Bot[]): { ranking: BotRanking; entries: CatalogEntry[] } {
  const entries = list.map((one, seq) => toEntry(one, 1, seq));
  const ranking = new BotRanking();
  ranking.reset(entries);
  return { ranking, entries };
}

const query = (page: number, limit: number, search?: string): BotListQuery => ({ page, limit, sort: 'votes_month', ...(search ? { search } : {}) });

describe('ListPages', () => {
  it('build the answer {data, pagination} from the bots held, byte for byte as JSON.stringify would', () => {
    const { ranking } = ranked(bots());
    const pages = new ListPages(ranking);
    const byVotes = [...bots()].reverse();
    for (const [page, limit] of [[1, 2], [2, 2], [3, 2], [4, 2], [1, 100]] as const) {
      const body = pages.build(query(page, limit), 1, Infinity).body;
      const data = byVotes.slice((page - 1) * limit, page * limit);
      expect(body.toString('utf8')).toBe(JSON.stringify({ data, pagination: { page, limit, total: 5, pages: Math.ceil(5 / limit) } }));
    }
    expect(JSON.parse(pages.build(query(1, 10, 'ΩMEGA'), 1, Infinity).body.toString('utf8'))).toEqual({
      data: [byVotes[2]],
      pagination: { page: 1, limit: 10, total: 1, pages: 1 },
    });
  });

  it('give equal pages equal ETags in any process, and a page that differs in a bot or its pagination another', () => {
    const first = new ListPages(ranked(bots()).ranking).build(query(1, 3), 1, Infinity);
    const again = new ListPages(ranked(bots()).ranking).build(query(1, 3), 7, Infinity);
    expect(again.etag).toBe(first.etag);
    expect(again.body.equals(first.body)).toBe(true);

    const { ranking, entries } = ranked(bots());
    const pages = new ListPages(ranking);
    const [, , , fourth] = entries as [CatalogEntry, CatalogEntry, CatalogEntry, CatalogEntry];
    ranking.replace(fourth, toEntry({ ...botOf(fourth), serverCount: 99 }, 2, fourth.seq));
    const afterChange = pages.build(query(1, 3), 2, Infinity);
    expect(afterChange.body.equals(first.body)).toBe(false);
    expect(afterChange.etag).not.toBe(first.etag);

    // The same bots with another total: only the pagination differs.
    const fewer = ranked(bots().slice(2));
    const sameBots = new ListPages(fewer.ranking).build(query(1, 3), 1, Infinity);
    expect(JSON.parse(sameBots.body.toString()).data).toEqual(JSON.parse(first.body.toString()).data);
    expect(sameBots.etag).not.toBe(first.etag);
  });

  it('once full, keep a page only when it was asked for before, evicting the oldest', () => {
    const { ranking } = ranked(bots());
    const size = new ListPages(ranking).build(query(1, 1), 1, Infinity).body.length;
    const pages = new ListPages(ranking, 2 * size + size / 2);
    pages.build(query(1, 1), 1, Infinity);
    pages.build(query(2, 1), 1, Infinity);
    expect(pages.get(query(1, 1))).toBeDefined();

    const once = pages.build(query(3, 1), 1, Infinity);
    expect(JSON.parse(once.body.toString()).data[0].name).toBe(NAMES[2]);
    expect(pages.get(query(3, 1))).toBeUndefined();
    expect(pages.get(query(1, 1))).toBeDefined();

    pages.build(query(3, 1), 1, Infinity);
    expect(pages.get(query(3, 1))).toBeDefined();
    expect(pages.get(query(1, 1))).toBeUndefined();
    expect(pages.get(query(2, 1))).toBeDefined();
  });

  it('build a page the store does not take in a lent buffer, to be given back, and a kept page in bytes of its own', () => {
    const { ranking } = ranked(bots());
    const size = new ListPages(ranking).build(query(1, 1), 1, Infinity).body.length;
    const pages = new ListPages(ranking, size);
    const kept = pages.build(query(1, 1), 1, Infinity);
    expect(kept.release).toBeUndefined();

    const once = pages.build(query(2, 1), 1, Infinity);
    expect(once.release).toBeTypeOf('function');
    expect(once.body.toString()).toBe(JSON.stringify({ data: [bots()[3]], pagination: { page: 2, limit: 1, total: 5, pages: 5 } }));
    once.release?.();
    // The next page not kept reuses that memory, and is whole.
    const next = pages.build(query(3, 1), 1, Infinity);
    expect(next.body.buffer).toBe(once.body.buffer);
    expect(JSON.parse(next.body.toString()).data).toEqual([bots()[2]]);
    expect(pages.get(query(1, 1))).toBe(kept);
  });
});
