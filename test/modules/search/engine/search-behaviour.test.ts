import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchIndex } from '../../../../src/modules/search/engine/index.js';
import { BUILTIN_SYNONYMS } from '../../../../src/modules/search/engine/synonym-dictionary.js';
import { doc, indexOf, names } from './helpers.js';

describe('search-as-you-type prefixes', () => {
  const index = indexOf(
    doc({ name: 'Tombola', shortDescription: { en: 'Raffles for your server', de: 'Verlosungen' } }),
    doc({ name: 'Helper', shortDescription: { en: 'Tom tracks tomatoes', de: '' } }),
  );

  it('matches the last word as a prefix of names from one letter', () => {
    expect(names(index, 't')).toEqual(['Tombola']);
    expect(names(index, 'to')).toEqual(['Tombola']);
  });

  it('matches other fields from three letters, names first', () => {
    expect(names(index, 'tom')).toEqual(['Tombola', 'Helper']);
  });

  it('stops treating the last word as a prefix once the query ends with a separator', () => {
    expect(names(index, 'tombo ')).toEqual([]);
    expect(names(index, 'tombo')).toEqual(['Tombola']);
  });
});

describe('stemming, compounds and synonyms', () => {
  it('matches inflections through German and English stems', () => {
    const index = indexOf(
      doc({ name: 'A', shortDescription: { de: 'Viele Spiele für alle', en: '' } }),
      doc({ name: 'B', shortDescription: { en: 'Gaming night', de: '' } }),
    );
    expect(names(index, 'spielen ', 'de')).toContain('A');
    expect(names(index, 'games ', 'en')).toContain('B');
  });

  it('takes only its own forms from the German stem of a word the dictionary knows: "bannen" is no "Banner"', () => {
    const index = indexOf(
      doc({ name: 'Hammer', shortDescription: { de: 'Kann Störenfriede mit einem Befehl bannen', en: '' } }),
      doc({ name: 'Willkommen', shortDescription: { de: 'Ein Banner für neue Mitglieder', en: '' } }),
      doc({ name: 'Spielwiese', shortDescription: { de: 'Für Spieler aller Art', en: '' } }),
    );
    expect(names(index, 'bannen ', 'de')).toEqual(['Hammer']);
    // A word the dictionary does not know keeps the stem's whole reach.
    expect(names(index, 'spielers ', 'de')).toEqual(['Spielwiese']);
  });

  it('finds a compound from its parts and parts from a compound, against the index vocabulary', () => {
    const index = indexOf(
      doc({ name: 'Melody', shortDescription: { de: 'Ein Musikbot mit Warteschlange', en: '' } }),
      doc({ name: 'Gruss', shortDescription: { de: 'Schickt Willkommensnachrichten', en: '' } }),
      doc({ name: 'Lautsprecher', shortDescription: { de: 'Musik und ein Bot', en: '' } }),
      doc({ name: 'Other', shortDescription: { de: 'Eine Nachricht', en: '' } }),
    );
    expect(names(index, 'musik bot', 'de').slice(0, 2)).toEqual(['Melody', 'Lautsprecher']);
    expect(names(index, 'willkommen nachricht', 'de')[0]).toBe('Gruss');
    expect(names(index, 'Musikbot', 'de')).toEqual(expect.arrayContaining(['Melody', 'Lautsprecher']));
  });

  it('takes a bot with both halves of a compound, even in different fields, as having the whole word', () => {
    const both = doc({ name: 'Beide', tags: ['protokoll'], shortDescription: { de: 'Moderation für große Server', en: '' } });
    const halves = [
      doc({ name: 'Kopf', shortDescription: { de: 'Moderation für große Server', en: '' }, votesMonth: 1000 }),
      doc({ name: 'Schwanz', shortDescription: { de: 'Ein Protokoll aller Aktionen', en: '' }, votesMonth: 1000 }),
    ];
    // A half alone is half the word: left out once a bot has the whole, the answer while none has.
    expect(names(indexOf(both, ...halves), 'Moderationsprotokoll ', 'de')).toEqual(['Beide']);
    expect(names(indexOf(...halves), 'Moderationsprotokoll ', 'de')).toHaveLength(2);
  });

  it('has a built-in dictionary of at least 120 groups', () => {
    expect(BUILTIN_SYNONYMS.length).toBeGreaterThanOrEqual(120);
  });

  it('applies built-in synonyms in both languages, the requested language ranking first', () => {
    const index = indexOf(
      doc({ name: 'English', tags: ['giveaway'] }),
      doc({ name: 'Deutsch', tags: ['verlosung'] }),
      doc({ name: 'Unrelated', tags: ['music'] }),
    );
    expect(names(index, 'raffle ', 'en')).toEqual(['English', 'Deutsch']);
    expect(names(index, 'raffle ', 'de')).toEqual(['Deutsch', 'English']);
  });

  it('applies operator synonyms one way and multi-way, at once and replaceable', () => {
    const index = indexOf(
      doc({ name: 'Helpdesk', shortDescription: { en: 'support tickets', de: '' } }),
      doc({ name: 'Hilfsbot', shortDescription: { en: 'a hilfsbot', de: '' } }),
      doc({ name: 'Bay', shortDescription: { en: 'San Francisco news', de: '' } }),
    );
    expect(names(index, 'hilfsbot ')).toEqual(['Hilfsbot']);
    index.setOperatorSynonyms({ oneWay: [{ input: 'hilfsbot', synonyms: ['support'] }], multiWay: [['sf', 'san francisco']] });
    expect(names(index, 'hilfsbot ')).toEqual(['Hilfsbot', 'Helpdesk']);
    expect(names(index, 'support ')).toEqual(['Helpdesk']); // one way only
    expect(names(index, 'sf ')).toEqual(['Bay']);
    index.setOperatorSynonyms({ oneWay: [], multiWay: [] });
    expect(names(index, 'hilfsbot ')).toEqual(['Hilfsbot']);
    expect(new SearchIndex({ synonyms: { oneWay: [], multiWay: [['sf', 'san francisco']] } })).toBeInstanceOf(SearchIndex);
  });
});

describe('incremental updates', () => {
  it('adds, renames, re-ranks and removes documents without a rebuild', () => {
    const index = indexOf(doc({ id: 'a', name: 'Alpha Music', votesMonth: 5 }), doc({ id: 'b', name: 'Beta Music', votesMonth: 1 }));
    expect(index.size).toBe(2);
    expect(names(index, 'music')).toEqual(['Alpha Music', 'Beta Music']);
    index.upsert(doc({ id: 'b', name: 'Beta Music', votesMonth: 9 }));
    expect(names(index, 'music')).toEqual(['Beta Music', 'Alpha Music']);
    index.upsert(doc({ id: 'a', name: 'Gamma Rocket', votesMonth: 5 }));
    expect(names(index, 'alpha ')).toEqual([]);
    expect(names(index, 'gamma')).toEqual(['Gamma Rocket']);
    index.upsert(doc({ id: 'c', name: 'Delta Music' }));
    expect(index.search('music', { lang: 'en', limit: 10 }).total).toBe(2);
    index.remove('b');
    index.remove('missing');
    expect(names(index, 'music')).toEqual(['Delta Music']);
    expect(index.size).toBe(2);
  });

  it('keeps bulk-loaded and upserted postings consistent', () => {
    const index = indexOf(doc({ id: 'x', name: 'Chess Club' }));
    index.upsert(doc({ id: 'y', name: 'Chess Arena' }));
    index.remove('x');
    index.upsert(doc({ id: 'x', name: 'Chess Club' }));
    expect(names(index, 'chess').sort()).toEqual(['Chess Arena', 'Chess Club']);
  });

  it('forgets cached expansions and compound checks when terms or synonyms change', () => {
    // "musik" finds "Musikzorblat" as a compound only while "zorblat" is a known word.
    const index = indexOf(doc({ id: 'm', name: 'Musikzorblat' }), doc({ id: 'k', name: 'Musik Kiste' }));
    expect(names(index, 'musik ', 'de')).toEqual(['Musik Kiste']);
    index.upsert(doc({ id: 'z', name: 'Zorblat' }));
    expect(names(index, 'musik ', 'de')).toEqual(['Musik Kiste', 'Musikzorblat']);
    index.remove('z');
    expect(names(index, 'musik ', 'de')).toEqual(['Musik Kiste']);
    index.setOperatorSynonyms({ oneWay: [], multiWay: [['zorblat', 'quux']] });
    expect(names(index, 'musik ', 'de')).toEqual(['Musik Kiste', 'Musikzorblat']);
    index.setOperatorSynonyms({ oneWay: [], multiWay: [] });
    expect(names(index, 'musik ', 'de')).toEqual(['Musik Kiste']);
    // Completions and their order follow new and removed terms as well.
    expect(names(index, 'zo')).toEqual([]);
    index.upsert(doc({ id: 'z2', name: 'Zoo Keeper' }));
    expect(names(index, 'zo')).toEqual(['Zoo Keeper']);
    index.upsert(doc({ id: 'z2', name: 'Keeper' }));
    expect(names(index, 'zo')).toEqual([]);
  });
});

describe('documents kept by the caller', () => {
  it('refuses to replace an indexed document without its previous version, and to bulk-load a filled index', () => {
    const alpha = doc({ id: 'a', name: 'Alpha Music' });
    const index = new SearchIndex();
    index.bulkLoad([alpha]);
    expect(() => index.upsert({ ...alpha, votesMonth: 1 })).toThrow(/previous version/);
    expect(() => index.bulkLoad([doc({ name: 'Beta' })])).toThrow(/empty index only/);
    index.upsert({ ...alpha, name: 'Alpha Rocket', slugs: { de: 'alpha-rocket', en: 'alpha-rocket' } }, alpha);
    expect(index.search('rocket', { lang: 'en', limit: 5 }).ids).toEqual(['a']);
    expect(index.search('music', { lang: 'en', limit: 5 }).ids).toEqual([]);
  });

  it('finds after any sequence of changes what a fresh index of the final documents finds', () => {
    const words = ['music', 'radio', 'chess', 'quiz', 'moderation', 'musik', 'schach'];
    const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    const change = fc.record({
      id: fc.constantFrom('1', '2', '3', '4', '5'),
      remove: fc.boolean(),
      name: text,
      description: text,
      tags: fc.array(fc.constantFrom(...words), { maxLength: 2 }),
      votesMonth: fc.nat(5),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 25 }), (changes) => {
        const incremental = indexOf(doc({ id: '1', name: 'Chess Club' }), doc({ id: '2', name: 'Music Radio' }));
        for (const c of changes) {
          if (c.remove) incremental.remove(c.id);
          else
            incremental.upsert(
              doc({
                id: c.id,
                name: c.name,
                shortDescription: { de: c.description, en: c.description },
                tags: c.tags,
                votesMonth: c.votesMonth,
              }),
            );
        }
        const fresh = indexOf(...incremental.docs.values());
        for (const q of [...words, 'mus', 'schac', 'radio music']) {
          for (const lang of ['en', 'de'] as const) {
            const got = incremental.search(q, { lang, limit: 10 });
            const want = fresh.search(q, { lang, limit: 10 });
            expect(got.ids).toEqual(want.ids);
            expect(got.total).toBe(want.total);
          }
        }
      }),
      { numRuns: 150 },
    );
    // 150 sequences take about 3 s alone; with the whole suite's workers on two cores, ten times
    // that: the default 30 s cut it off once, with nothing wrong.
  }, 120_000);
});
