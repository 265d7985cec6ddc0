import { describe, expect, it } from 'vitest';
import dictionary from '../../../../src/modules/search/engine/dictionary.json' with { type: 'json' };
import { foldToken } from '../../../../src/modules/search/engine/normalize.js';
import { doc, indexOf, names } from './helpers.js';

type Lang = 'en' | 'de';

/** One bot per word, tagged with that word alone; its name says nothing. */
function botsTagged(words: readonly string[]) {
  return words.map((word, i) => doc({ name: `Nummer ${i}`, tags: [word] }));
}

const folded = (word: string): string => foldToken(word.toLowerCase()).primary;

describe('the built-in dictionary', () => {
  const groups = Object.entries(dictionary.synonyms).flatMap(([topic, list]) =>
    list.map((group) => ({ topic, group, first: group.en[0] ?? group.de[0] })),
  );

  it.each(groups)('$topic, "$first": each word finds bots tagged with every other word of its group', ({ group }) => {
    // Single words, one per folded spelling ("songs" sits on both sides).
    const entries = new Map<string, { word: string; lang: Lang }>();
    for (const lang of ['en', 'de'] as const) {
      for (const word of group[lang]) if (!/\s/.test(word) && !entries.has(folded(word))) entries.set(folded(word), { word, lang });
    }
    const words = [...entries.values()];
    const bots = botsTagged(words.map((entry) => entry.word));
    const index = indexOf(...bots);
    for (const { word, lang } of words) {
      expect(names(index, `${word} `, lang), word).toEqual(expect.arrayContaining(bots.map((bot) => bot.name)));
    }
  });

  it.each([
    ['spam', 'spammers', 'anti-spam', 'Spamschutz'],
    ['Musik', 'music', 'audio', 'songs'],
    ['Umfrage', 'poll', 'vote'],
    ['Geburtstag', 'birthday'],
    ['Rolle', 'role'],
    ['Level', 'XP', 'rank'],
  ])('the pair people type: %s, %s …', (...words: string[]) => {
    const bots = botsTagged(words);
    const index = indexOf(...bots);
    for (const word of words) {
      for (const lang of ['en', 'de'] as const) expect(names(index, `${word} `, lang), `${word} (${lang})`).toHaveLength(words.length);
    }
  });

  it('finds narrower words one way: music finds radio and lofi bots, lofi finds no radio bot', () => {
    const [music, radio, lofi] = botsTagged(['music', 'radio', 'lofi']);
    const index = indexOf(music!, radio!, lofi!);
    expect(names(index, 'Musik ', 'de')).toEqual(expect.arrayContaining([music!.name, radio!.name, lofi!.name]));
    expect(names(index, 'music ')).toHaveLength(3);
    expect(names(index, 'lofi ')).toEqual([lofi!.name]);
    expect(names(index, 'radio ')).toEqual([radio!.name]);
  });

  it('finds automatic moderation as a kind of moderation: moderation finds automod bots, automod puts them above other moderation', () => {
    const [moderation, automod, automoderation] = botsTagged(['moderation', 'automod', 'automoderation']);
    const index = indexOf(moderation!, automod!, automoderation!);
    for (const lang of ['en', 'de'] as const) {
      expect(names(index, 'Moderation ', lang)).toHaveLength(3);
      // Only "mod", a part of the compound, leads from automod to moderation: below both automod bots.
      expect(names(index, 'automod ', lang).slice(0, 2)).toEqual(expect.arrayContaining([automod!.name, automoderation!.name]));
    }
    // A moderation toolkit that says "mod" everywhere is not what "automod" asks for.
    const toolkit = doc({
      name: 'Werkzeugkasten',
      tags: ['mod', 'moderation'],
      shortDescription: { en: 'Moderation commands for your mods.', de: 'Moderationsbefehle für deine Mods.' },
    });
    const tagged = doc({ name: 'Wache', tags: ['automod'] });
    expect(names(indexOf(toolkit, tagged), 'automod ')).toEqual([tagged.name]);
    // Found by its part only while no bot says "automod" whole.
    expect(names(indexOf(toolkit), 'automod ')).toEqual([toolkit.name]);
  });

  it.each([
    ['math', 'calculator', 'Mathe', 'Taschenrechner'],
    ['homework', 'matheaufgaben', 'Hausaufgaben', 'Matheaufgaben'],
    ['buy', 'shop', 'kaufen', 'Laden'],
  ])('finds what is narrower one way: "%s" finds bots tagged "%s", not the other way round', (broad, narrow, broadQuery, narrowQuery) => {
    // A calculator is a kind of math, math problems a kind of homework, a shop where one buys.
    const [broadBot, narrowBot] = botsTagged([broad, narrow]);
    const index = indexOf(broadBot!, narrowBot!);
    for (const lang of ['en', 'de'] as const) {
      expect(names(index, `${broadQuery} `, lang)).toHaveLength(2);
      expect(names(index, `${narrowQuery} `, lang)).toEqual([narrowBot!.name]);
    }
  });

  it('keeps a word the dictionary knows to its own groups and forms: a counter is no counting game and no number', () => {
    const counter = doc({ name: 'Zählwerk', tags: ['counter'] });
    const game = doc({ name: 'Zahlenjagd', tags: ['zählspiel'] });
    const numbers = doc({ name: 'Ratefuchs', shortDescription: { de: 'Zahl raten', en: '' } });
    const index = indexOf(counter, game, numbers);
    expect(names(index, 'Zähler ', 'de')).toEqual([counter.name]);
    expect(names(index, 'Mitgliederzähler ', 'de')).toEqual([counter.name]);
    // An inflection the dictionary lacks still reaches its word's group through the stem.
    expect(names(indexOf(doc({ name: 'Stimmfang', tags: ['poll'] })), 'Umfragen ', 'de')).toEqual(['Stimmfang']);
  });

  it.each([
    ['elections', 'Wahl', 'en'],
    ['habit', 'streaks', 'en'],
    ['interests', 'loans', 'en'],
    ['Zinsen', 'Kredite', 'de'],
    ['autoresponder', 'canned replies', 'en'],
    ['Autoantwort', 'Textbausteine', 'de'],
  ] as const)('keeps apart what only looks alike: "%s" does not find "%s" (%s)', (query, other, lang) => {
    const index = indexOf(doc({ name: 'Nummer eins', tags: [other] }));
    expect(names(index, `${query} `, lang)).toEqual([]);
  });

  it.each([
    ['music', 'tracker', 'en'],
    ['songs', 'tracker', 'en'],
    ['ban', 'banner', 'en'],
    ['ban', 'banners', 'de'],
    ['music', 'tune', 'en'],
    ['music', 'audit', 'en'],
    ['radio', 'radius', 'en'],
  ] as const)('a synonym matches whole words only: "%s" does not reach "%s" (%s)', (query, other, lang) => {
    const index = indexOf(doc({ name: 'Nummer eins', tags: [other] }));
    expect(names(index, `${query} `, lang)).toEqual([]);
  });

  it('keeps stop-like words from finding bots on their own', () => {
    const index = indexOf(doc({ name: 'Nummer eins', tags: ['moderation'] }), doc({ name: 'Nummer zwei', tags: ['anti-bot'] }));
    expect(names(index, 'moderation bot ')).toEqual(['Nummer eins']);
    expect(names(index, 'bot für ', 'de')).toEqual(['Nummer zwei']);
    // What any bot does ("plays") names no topic: the radio bot that shows what is playing is no answer to "plays chess".
    const verbs = indexOf(
      doc({ name: 'Brett', tags: ['chess'] }),
      doc({ name: 'Welle', shortDescription: { en: 'Plays the radio.', de: 'Spielt das Radio.' } }),
    );
    expect(names(verbs, 'plays chess ')).toEqual(['Brett']);
    expect(names(verbs, 'spielt schach ', 'de')).toEqual(['Brett']);
  });
});
