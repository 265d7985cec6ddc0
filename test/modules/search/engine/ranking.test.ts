import { describe, expect, it } from 'vitest';
import { doc, indexOf, KeepingIndex, names } from './helpers.js';

// Each case pits a better match against a more popular one: the bucket must win.
describe('bucket-sort ranking', () => {
  it('1. more query words matched; no single word is required', () => {
    const index = indexOf(
      doc({ name: 'All', tags: ['ticket', 'support', 'transcripts'] }),
      doc({ name: 'Two', tags: ['ticket', 'transcripts'], votesMonth: 1000 }),
      doc({ name: 'Other two', tags: ['support', 'transcripts'], votesMonth: 900 }),
      doc({ name: 'One', tags: ['support'], votesMonth: 5000 }),
    );
    // A document may miss one of three words and still be found, after those that have them all.
    expect(names(index, 'ticket support transcripts')).toEqual(['All', 'Two', 'Other two']);
    // When no document has both words of two, each word finds documents alone.
    const apart = indexOf(doc({ name: 'Board', tags: ['chess'] }), doc({ name: 'Forecast', tags: ['weather'], votesMonth: 10 }));
    expect(names(apart, 'chess weather')).toEqual(['Forecast', 'Board']);
    expect(apart.search('chess weather', { lang: 'en', limit: 10 }).total).toBe(2);
  });

  it('1b. a document missing one of two words is left out once another has both', () => {
    const index = indexOf(doc({ name: 'Both', tags: ['ticket', 'support'] }), doc({ name: 'Half', tags: ['ticket'], votesMonth: 1000 }));
    expect(names(index, 'ticket support')).toEqual(['Both']);
    expect(index.search('ticket support', { lang: 'en', limit: 10 }).total).toBe(1);
  });

  it('1c. a document with only the common words of a query is left out once another has its distinctive word', () => {
    const common = Array.from({ length: 20 }, (_, i) => doc({ name: `Party ${i}`, tags: ['social', 'game'], votesMonth: 1000 }));
    const index = indexOf(doc({ name: 'Werewolf', tags: ['deduction', 'game'] }), doc({ name: 'Sleuth', tags: ['deduction'] }), ...common);
    // "deduction" is what few bots have: a bot with it alone is an answer, one with "social game" alone is not.
    expect(names(index, 'social deduction game')).toEqual(['Werewolf', 'Sleuth']);
    // Without a bot that has the distinctive word, the common ones are the answer.
    const partyOnly = indexOf(...common);
    expect(partyOnly.search('social deduction game', { lang: 'en', limit: 50 }).total).toBe(20);
  });

  it('1d. a bot that has the query only in its description, in no category of the best result, is a passing mention', () => {
    const harbor = doc({ name: 'Harbor', categories: ['utility'], tags: ['search'], shortDescription: { en: 'Search the web.', de: '' } });
    const jukebox = doc({
      name: 'Jukebox',
      categories: ['music'],
      shortDescription: { en: 'Plays music: search songs.', de: '' },
      votesMonth: 900,
    });
    const kestrel = doc({ name: 'Kestrel', categories: ['utility', 'fun'], shortDescription: { en: 'Search anything.', de: '' } });
    const charts = doc({ name: 'Charts', categories: ['music'], tags: ['search'], votesMonth: 800 });
    const bare = doc({ name: 'Bare', shortDescription: { en: 'You can search here.', de: '' }, votesMonth: 700 });
    const index = indexOf(harbor, jukebox, kestrel, charts, bare);
    // Charts says "search" in a label: about searching whatever its category. Kestrel shares a
    // category with Harbor. Jukebox and Bare only mention it in a sentence.
    expect(names(index, 'search')).toEqual(['Harbor', 'Charts', 'Kestrel']);
    expect(index.search('search', { lang: 'en', limit: 10 }).total).toBe(3);
    expect(index.explain('search', { lang: 'en', limit: 10 }).topicFrom).toBe(harbor.id);
    // A best result without a category names no topic: nothing is left out for it.
    const untopical = indexOf({ ...harbor, categories: [] }, jukebox, bare);
    expect(names(untopical, 'search')).toEqual(['Harbor', 'Jukebox', 'Bare']);
    expect(untopical.explain('search', { lang: 'en', limit: 10 }).topicFrom).toBeNull();
    // The topic follows the bot's categories as they change.
    index.upsert({ ...jukebox, categories: ['music', 'utility'] });
    expect(names(index, 'search')).toEqual(['Harbor', 'Charts', 'Jukebox', 'Kestrel']);
  });

  it('1e. when no document has every word, one with the word that carries most of the query is the answer', () => {
    const janitor = doc({ name: 'Janitor', tags: ['inactive'] });
    const kickers = Array.from({ length: 3 }, (_, i) => doc({ name: `Kicker ${i}`, tags: ['kick'], votesMonth: 1000 }));
    const others = Array.from({ length: 6 }, (_, i) => doc({ name: `Other ${i}`, tags: ['weather'] }));
    // "inactive" is rarer than "kick": a bot with it alone covers most of the query, so the bots that only kick are left out.
    const index = indexOf(janitor, ...kickers, ...others);
    expect(names(index, 'kick inactive')).toEqual(['Janitor']);
    expect(index.search('kick inactive', { lang: 'en', limit: 10 }).total).toBe(1);
    const explained = index.explain('kick inactive', { lang: 'en', limit: 10 });
    const whole = explained.words.reduce((sum, word) => sum + word.weight, 0);
    expect(explained.quorum).toBeCloseTo(0.55 * whole, 2);
    // Once the words weigh alike, neither carries most of the query: a bot with either is an answer.
    const alike = indexOf(
      janitor,
      doc({ name: 'Sweeper', tags: ['inactive'] }),
      doc({ name: 'Tidy', tags: ['inactive'] }),
      ...kickers,
      ...others,
    );
    expect(alike.search('kick inactive', { lang: 'en', limit: 10 }).total).toBe(6);
  });

  it('2. fewer typos', () => {
    // Typed "datenbxnk" (9 letters, two typos allowed) matches nothing as typed: "datenbank" is one typo away, "dotenbank" two.
    const index = indexOf(doc({ name: 'Near', tags: ['dotenbank'], votesMonth: 1000 }), doc({ name: 'Exact', tags: ['datenbank'] }));
    expect(names(index, 'datenbxnk ')).toEqual(['Exact', 'Near']);
  });

  it('2b. no typo variants of a word that matches as typed', () => {
    const index = indexOf(doc({ name: 'Typed', tags: ['moderater'] }), doc({ name: 'Variant', tags: ['moderator'], votesMonth: 1000 }));
    expect(names(index, 'moderater ')).toEqual(['Typed']);
  });

  it('3. words closer together and in order', () => {
    const index = indexOf(
      doc({ name: 'Far', shortDescription: { en: 'ticket system with a lot of extra support', de: '' }, votesMonth: 1000 }),
      doc({ name: 'Close', shortDescription: { en: 'ticket support for servers', de: '' } }),
      doc({ name: 'Reversed', shortDescription: { en: 'support ticket for servers', de: '' }, votesMonth: 500 }),
    );
    expect(names(index, 'ticket support ')).toEqual(['Close', 'Reversed', 'Far']);
  });

  it('3b. support: a word found in the labels and the description beats one found in the name only', () => {
    const index = indexOf(
      doc({ name: 'Poker Hall', shortDescription: { en: 'A hall of fame for your best members.', de: '' }, votesMonth: 5000 }),
      doc({ name: 'Kartenhaus', tags: ['poker'], shortDescription: { en: 'Poker nights with friends.', de: '' } }),
    );
    expect(names(index, 'poker ')).toEqual(['Kartenhaus', 'Poker Hall']);
  });

  it('3c. exactness before field: the word as typed in the description beats a synonym in the name', () => {
    const index = indexOf(
      doc({ name: 'Mathe Profi', votesMonth: 5000 }),
      doc({ name: 'Zahlenwerk', tags: ['calculator'], shortDescription: { de: 'Ein Taschenrechner im Chat.', en: '' } }),
    );
    expect(names(index, 'Taschenrechner ', 'de')[0]).toBe('Zahlenwerk');
  });

  it('3d. a phrase synonym needs its words in one field, not scattered over the bot', () => {
    const index = new KeepingIndex({ synonyms: { oneWay: [], multiWay: [['glimmerkatze', 'funkel licht']] } });
    index.bulkLoad([
      doc({ name: 'Phrase', shortDescription: { en: 'A funkel licht for cats.', de: '' } }),
      doc({ name: 'Funkel Scattered', shortDescription: { en: 'Licht.', de: '' }, votesMonth: 1000 }),
    ]);
    expect(names(index, 'glimmerkatze ')).toEqual(['Phrase']);
  });

  it('4. better field: name > tags/categories > description; requested language first', () => {
    const index = indexOf(
      doc({ name: 'Described', shortDescription: { en: 'plays chess', de: '' }, votesMonth: 1000 }),
      doc({ name: 'Tagged', tags: ['chess'], votesMonth: 100 }),
      doc({ name: 'Chess Master' }),
      doc({ name: 'Beschrieben', shortDescription: { de: 'spielt chess', en: '' }, votesMonth: 5000 }),
    );
    expect(names(index, 'chess ', 'en')).toEqual(['Chess Master', 'Tagged', 'Described', 'Beschrieben']);
    expect(names(index, 'chess ', 'de')).toEqual(['Chess Master', 'Tagged', 'Beschrieben', 'Described']);
  });

  it('5. exact over prefix, stem and synonym', () => {
    const index = indexOf(
      doc({ name: 'Prefix', tags: ['gamesroom'], votesMonth: 900 }),
      doc({ name: 'Stem', tags: ['gaming'], votesMonth: 800 }),
      doc({ name: 'Synonym', tags: ['spiele'], votesMonth: 700 }),
      doc({ name: 'Exact', tags: ['games'] }),
    );
    expect(names(index, 'games')).toEqual(['Exact', 'Stem', 'Prefix', 'Synonym']);
  });

  it('6. then popularity: votesMonth, then serverCount, then id', () => {
    const index = indexOf(
      doc({ id: 'c', name: 'C', tags: ['quiz'], votesMonth: 1, serverCount: 10 }),
      doc({ id: 'a', name: 'A', tags: ['quiz'], votesMonth: 1, serverCount: 10 }),
      doc({ id: 'b', name: 'B', tags: ['quiz'], votesMonth: 1, serverCount: 99 }),
      doc({ id: 'd', name: 'D', tags: ['quiz'], votesMonth: 7 }),
    );
    expect(names(index, 'quiz ')).toEqual(['D', 'B', 'A', 'C']);
  });

  it('puts an exact full-name match first whatever its popularity', () => {
    const index = indexOf(
      doc({ name: 'Melody Pro Max', votesMonth: 10_000 }),
      doc({ name: 'MelodyPro', votesMonth: 0 }),
      doc({ name: 'Melody', tags: ['pro'], votesMonth: 5000 }),
    );
    expect(names(index, 'Melody Pro')[0]).toBe('MelodyPro');
    expect(names(index, 'melodypro')[0]).toBe('MelodyPro');
  });

  it('reports total as the number of matching documents, independent of limit', () => {
    const index = indexOf(...Array.from({ length: 30 }, (_, i) => doc({ name: `Radio ${i}` })), doc({ name: 'Other' }));
    const result = index.search('radio', { lang: 'en', limit: 5 });
    expect(result.ids).toHaveLength(5);
    expect(result.total).toBe(30);
    expect(Number.isInteger(result.processingTimeMs)).toBe(true);
  });
});
