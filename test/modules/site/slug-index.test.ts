import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../src/modules/bots/schemas.js';
import { SlugIndex } from '../../../src/modules/bots/slug-index.js';

/** The fields the slug index reads; the rest of a Bot does not matter to it. */
function bot(id: string, en: string, de: string, votesTotal = 0): Bot {
  return { id, slugs: { en, de }, votesTotal } as Bot;
}

function loaded(...bots: Bot[]): SlugIndex {
  const index = new SlugIndex();
  const rebuild = index.rebuild();
  for (const b of bots) rebuild.add(b);
  rebuild.finish();
  return index;
}

describe('SlugIndex', () => {
  it('finds bots by the slug of each language', () => {
    const index = loaded(bot('1', 'music-bot', 'musik-bot'));
    expect(index.find('en', 'music-bot')).toBe('1');
    expect(index.find('de', 'musik-bot')).toBe('1');
    expect(index.find('de', 'music-bot')).toBeUndefined();
  });

  it('follows a slug edit: the old slug leads nowhere, the new one to the bot, the unchanged one stays', () => {
    const before = bot('1', 'music-bot', 'musik-bot');
    const index = loaded(before);
    index.upsert(bot('1', 'radio-bot', 'musik-bot'), before);
    expect(index.find('en', 'music-bot')).toBeUndefined();
    expect(index.find('en', 'radio-bot')).toBe('1');
    expect(index.find('de', 'musik-bot')).toBe('1');
  });

  it('keeps a bot found through a change that leaves its slugs (a vote)', () => {
    const before = bot('1', 'music-bot', 'musik-bot');
    const index = loaded(before, bot('2', 'chess', 'schach'));
    index.upsert(bot('1', 'music-bot', 'musik-bot', 1), before);
    expect(index.find('en', 'music-bot')).toBe('1');
    expect(index.find('de', 'musik-bot')).toBe('1');
    expect(index.find('en', 'chess')).toBe('2');
  });

  it('gives a shared slug to the bot changed last, and forgets it with the bot that held it', () => {
    const a = bot('1', 'shared', 'a-de');
    const b = bot('2', 'shared', 'b-de');
    const index = loaded(a, b);
    expect(index.find('en', 'shared')).toBe('2');
    const votedA = bot('1', 'shared', 'a-de', 5);
    index.upsert(votedA, a);
    expect(index.find('en', 'shared')).toBe('1');
    // b going does not take the slug from a, which holds it now.
    index.remove(b);
    expect(index.find('en', 'shared')).toBe('1');
    index.remove(votedA);
    expect(index.find('en', 'shared')).toBeUndefined();
    expect(index.find('de', 'a-de')).toBeUndefined();
    expect(index.find('de', 'b-de')).toBeUndefined();
  });
});
