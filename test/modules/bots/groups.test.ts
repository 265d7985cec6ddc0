import { describe, expect, it } from 'vitest';
import { BotGroups } from '../../../src/modules/bots/groups.js';
import type { Bot } from '../../../src/modules/bots/schemas.js';

function bot(id: string, fields: Partial<Bot> = {}): Bot {
  return {
    id,
    name: `Bot ${id}`,
    slugs: { en: `bot-${id}`, de: `bot-${id}` },
    shortDescription: { en: 'A bot.', de: 'Ein Bot.' },
    prefix: '!',
    pricing: 'free',
    iconUrl: 'https://cdn.example.org/icon.png',
    bannerUrl: null,
    inviteUrl: 'https://example.org/invite',
    supportServerUrl: 'https://example.org/support',
    websiteUrl: 'https://example.org',
    categories: [],
    tags: [],
    owners: ['1'],
    serverCount: 0,
    shardCount: 1,
    votesTotal: 0,
    votesMonth: 0,
    rating: { average: 0, count: 0 },
    isVerified: false,
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

const music = { kind: 'category', id: 'music' } as const;
const games = { kind: 'category', id: 'games' } as const;
const radio = { kind: 'tag', id: 'radio' } as const;
const verified = { kind: 'verified' } as const;

function loaded(bots: Bot[]): BotGroups {
  const groups = new BotGroups();
  const rebuild = groups.rebuild();
  for (const b of bots) rebuild.add(b);
  rebuild.finish();
  return groups;
}

describe('BotGroups: the bots of each category, tag and the verified ones, most votes this month first', () => {
  it('orders each group by votes this month, then id, and pages it by position', () => {
    const groups = loaded([
      bot('1', { categories: ['music'], votesMonth: 5 }),
      bot('2', { categories: ['music', 'games'], tags: ['radio'], votesMonth: 9, isVerified: true }),
      bot('3', { categories: ['music'], tags: ['radio'], votesMonth: 5 }),
      bot('4', { categories: ['games'], votesMonth: 1, isVerified: true }),
    ]);
    expect(groups.page(music, 0, 10)).toEqual(['2', '1', '3']);
    expect(groups.page(music, 1, 1)).toEqual(['1']);
    expect(groups.page(music, 3, 10)).toEqual([]);
    expect(groups.size(music)).toBe(3);
    expect(groups.page(games, 0, 10)).toEqual(['2', '4']);
    expect(groups.page(radio, 0, 10)).toEqual(['2', '3']);
    expect(groups.page(verified, 0, 10)).toEqual(['2', '4']);
    // A category and a tag of the same text are different groups; a group no bot is in is empty.
    expect(groups.size({ kind: 'tag', id: 'music' })).toBe(0);
    expect(groups.page({ kind: 'category', id: 'nothing' }, 0, 10)).toEqual([]);
  });

  it('follows votes, edits, new bots and removals; a group left empty is gone', () => {
    const groups = loaded([bot('1', { categories: ['music'], votesMonth: 5 }), bot('2', { categories: ['music'], tags: ['radio'] })]);
    groups.counted('2', { votesMonth: 7 });
    expect(groups.page(music, 0, 10)).toEqual(['2', '1']);
    // Votes of a bot not held (not published) change nothing.
    groups.counted('9', { votesMonth: 100 });
    expect(groups.size(music)).toBe(2);
    // Bot 2 leaves music and its tag, becomes verified; bot 3 arrives.
    groups.upsert(bot('2', { categories: ['games'], votesMonth: 7, isVerified: true }));
    groups.upsert(bot('3', { categories: ['music'], tags: ['radio'], votesMonth: 6 }));
    expect(groups.page(music, 0, 10)).toEqual(['3', '1']);
    expect(groups.page(games, 0, 10)).toEqual(['2']);
    expect(groups.page(verified, 0, 10)).toEqual(['2']);
    expect(groups.page(radio, 0, 10)).toEqual(['3']);
    groups.remove(bot('3'));
    expect(groups.size(radio)).toBe(0);
    expect(groups.page(music, 0, 10)).toEqual(['1']);
    groups.remove(bot('2'));
    expect(groups.size(verified)).toBe(0);
    expect(groups.size(games)).toBe(0);
  });

  it('places a bot by its latest count when several came since the last read; a removal or rebuild meanwhile wins', () => {
    const groups = loaded([bot('1', { categories: ['music'], votesMonth: 5 }), bot('2', { categories: ['music'], votesMonth: 6 })]);
    for (const votesMonth of [6, 8, 9]) groups.counted('1', { votesMonth });
    groups.counted('2', { votesMonth: 8 });
    expect(groups.page(music, 0, 10)).toEqual(['1', '2']);
    groups.counted('2', { votesMonth: 10 });
    expect(groups.size(music)).toBe(2);
    expect(groups.page(music, 0, 10)).toEqual(['2', '1']);
    // Counted, then unpublished before any read: it does not come back.
    groups.counted('1', { votesMonth: 50 });
    groups.remove(bot('1'));
    expect(groups.page(music, 0, 10)).toEqual(['2']);
    // Counted, then a rebuild: what the rebuild loaded holds.
    groups.counted('2', { votesMonth: 70 });
    const rebuild = groups.rebuild();
    rebuild.add(bot('2', { categories: ['music'], votesMonth: 1 }));
    rebuild.add(bot('3', { categories: ['music'], votesMonth: 2 }));
    rebuild.finish();
    expect(groups.page(music, 0, 10)).toEqual(['3', '2']);
  });

  it('a rebuild replaces everything held', () => {
    const groups = loaded([bot('1', { categories: ['music'] })]);
    const rebuild = groups.rebuild();
    rebuild.add(bot('5', { tags: ['radio'] }));
    // Until the rebuild finishes, the groups held answer.
    expect(groups.page(music, 0, 10)).toEqual(['1']);
    rebuild.finish();
    expect(groups.size(music)).toBe(0);
    expect(groups.page(radio, 0, 10)).toEqual(['5']);
  });
});
