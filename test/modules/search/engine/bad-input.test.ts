import { describe, expect, it } from 'vitest';
import { generateBots } from '../../../../bench/search/generator.js';
import { loadSampleBots } from '../../../../bench/search/sample.js';
import { MAX_QUERY_WORDS, MAX_TYPO_CELLS } from '../../../../src/modules/search/engine/limits.js';
import { SearchIndex } from '../../../../src/modules/search/engine/index.js';

const index = new SearchIndex();
index.bulkLoad(generateBots(loadSampleBots(), 3000, 11));

describe('bad input', () => {
  it.each(['', '   ', '!!!', '...', '- - -', '%', '🎉🎵', '\u200b\u00a0'])('returns an empty result for %j', (q) => {
    const result = index.search(q, { lang: 'en', limit: 20 });
    expect(result).toMatchObject({ ids: [], total: 0 });
  });

  it.each([
    '.*+?^${}()|[]\\',
    '%music%',
    'music%',
    "'; DROP TABLE bots; --",
    'مرحبا بالعالم',
    'שלום music',
    '🎵 music 🎶',
    'x'.repeat(100),
    'ab'.repeat(50),
    '\u0000\uffff\ud800',
    'Ｍｕｓｉｋ',
  ])('never throws for %j', (q) => {
    for (const lang of ['en', 'de'] as const) {
      const result = index.search(q, { lang, limit: 50 });
      expect(result.total).toBeGreaterThanOrEqual(result.ids.length);
    }
  });

  it('clamps odd limits to at least one hit', () => {
    expect(index.search('music', { lang: 'en', limit: 0 }).ids.length).toBe(1);
  });
});

// Work is asserted through counters, not wall time, so the test is stable on any machine.
describe('pathological queries do a bounded amount of work', () => {
  const work = (q: string) => {
    index.search(q, { lang: 'en', limit: 20 });
    return index.lastQueryWork;
  };

  it('100 one-letter words: at most MAX_QUERY_WORDS words are considered', () => {
    const w = work(Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' '));
    expect(w.words).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    expect(w.distanceCells).toBe(0);
    expect(w.candidatesScored).toBeLessThanOrEqual(index.size);
  });

  it('100 characters of one letter: no typo search, almost no dictionary work', () => {
    const w = work('a'.repeat(100));
    expect(w.words).toBe(1);
    expect(w.distanceCells).toBe(0);
    expect(w.termsExamined).toBeLessThan(100);
    expect(w.postingsRead).toBe(0);
  });

  it('long typo-prone words stay within the per-word cell cap', () => {
    const w = work(Array.from({ length: 12 }, () => 'moderationsbefehle').join(' ') + ' verwaltungsoberflache');
    expect(w.words).toBeLessThanOrEqual(MAX_QUERY_WORDS);
    expect(w.distanceCells).toBeLessThanOrEqual(MAX_TYPO_CELLS * MAX_QUERY_WORDS);
  });

  it('emoji and right-to-left text read nothing', () => {
    expect(work('🎉'.repeat(50)).postingsRead).toBe(0);
    expect(work('مرحبا').postingsRead).toBe(0);
  });
});
