import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../../src/modules/search/engine/index.js';
import { doc } from './helpers.js';

const index = new SearchIndex();
index.bulkLoad([
  doc({ name: 'Ticket Tool', shortDescription: { en: 'Support tickets for your server.', de: 'Support-Tickets für deinen Server.' } }),
  doc({ name: 'Tickety', shortDescription: { en: 'More tickets and tickets.', de: 'Noch mehr Tickets.' } }),
  doc({ name: 'Moderator', shortDescription: { en: 'Moderation with automod.', de: 'Moderation mit Automod.' } }),
  doc({ name: 'Musikbox', shortDescription: { en: 'Plays music in voice.', de: 'Spielt Musik im Sprachkanal.' }, tags: ['radio'] }),
  doc({ name: 'Übersetzer', shortDescription: { en: 'Translation of messages.', de: 'Übersetzung von Nachrichten.' } }),
]);

describe('did you mean: the closest known word, one typo past the search’s budget', () => {
  it('replaces each unknown word by the nearest known one, the word more bots use on a tie', () => {
    // Six letters allow one typo when searching; "tiktes" is two away from "tickets".
    expect(index.search('tiktes', { lang: 'en', limit: 5 }).total).toBe(0);
    expect(index.suggest('tiktes')).toBe('tickets');
    // Known words and stop-like words stay; only the unknown one changes.
    expect(index.suggest('music tiktes bot')).toBe('music tickets bot');
    // Folded as the index folds it (case, umlauts).
    expect(index.suggest('ÜBERSETZNG')).toBe('ubersetzung');
  });

  it('suggests nothing for words too short, too far from every word, or all known', () => {
    expect(index.suggest('xq')).toBeUndefined();
    expect(index.suggest('xqzzyv')).toBeUndefined();
    expect(index.suggest('music tickets')).toBeUndefined();
    expect(index.suggest('')).toBeUndefined();
    expect(index.suggest('<script>alert(1)</script>')).toBeUndefined();
    expect(index.suggest('x'.repeat(100))).toBeUndefined();
  });
});

describe('the words a query matched, for highlighting', () => {
  it('holds the query words as matched in the index: exact, inflected, completed, typo, synonyms; not stop-like words', () => {
    const terms = index.matchedTerms('tiket bot', { lang: 'en' });
    expect(terms.has('ticket')).toBe(true);
    expect(terms.has('bot')).toBe(false);
    // The last word is a prefix: its completions are matched words.
    expect([...index.matchedTerms('moder', { lang: 'en' })]).toEqual(expect.arrayContaining(['moderation', 'moderator']));
    expect(index.matchedTerms('musik', { lang: 'de' }).has('music')).toBe(true);
    expect(index.matchedTerms('zzzz', { lang: 'en' }).size).toBe(0);
  });
});
