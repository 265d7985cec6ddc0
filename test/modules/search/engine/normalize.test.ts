import { describe, expect, it } from 'vitest';
import { foldToken, nameKeys, tokenize } from '../../../../src/modules/search/engine/normalize.js';
import { doc, indexOf, names } from './helpers.js';

const words = (text: string): string[] => tokenize(text).map((t) => t.word.primary);

describe('normalisation', () => {
  it('lower-cases and applies NFKC (full-width letters, ligatures)', () => {
    expect(words('ＭＵＳＩＫ Bot')).toEqual(['musik', 'bot']);
    expect(words('ﬁlter')).toEqual(['filter']);
  });

  it('strips diacritics and folds ß to ss', () => {
    expect(words('Café Crème')).toEqual(['cafe', 'creme']);
    expect(words('Straße')).toEqual(['strasse']);
  });

  it('folds umlauts to the base vowel and keeps the ae/oe/ue spelling as alternative', () => {
    expect(foldToken('mäusejagd')).toEqual({ primary: 'mausejagd', alt: 'maeusejagd' });
    expect(foldToken('über')).toEqual({ primary: 'uber', alt: 'ueber' });
    expect(foldToken('musik')).toEqual({ primary: 'musik', alt: undefined });
  });

  it('splits on punctuation and hyphens, and knows which words were joined', () => {
    const tokens = tokenize('R2-Radio rocks, Quiz.io');
    expect(tokens.map((t) => t.word.primary)).toEqual(['r2', 'radio', 'rocks', 'quiz', 'io']);
    expect(tokens.map((t) => t.joinedToNext)).toEqual([true, false, false, true, false]);
  });

  it('treats emoji and symbols as separators and keeps right-to-left letters', () => {
    expect(words('🎵music🎶')).toEqual(['music']);
    expect(words('مرحبا עולם')).toEqual(['مرحبا', 'עולם']);
    expect(words('%$^*()[]')).toEqual([]);
  });

  it('runs a name together for the exact-name key', () => {
    expect(nameKeys('Ticket Desk Plus')).toEqual(['ticketdeskplus']);
    expect(nameKeys('Mäusejagd')).toEqual(['mausejagd', 'maeusejagd']);
  });

  it('matches umlauts typed as base vowel or with e, ß typed as ss, and joined forms', () => {
    const index = indexOf(doc({ name: 'Mäusejagd' }), doc({ name: 'Straßenfeger' }), doc({ name: 'R2-Radio' }));
    expect(names(index, 'Maeusejagd', 'de')[0]).toBe('Mäusejagd');
    expect(names(index, 'mausejagd', 'de')[0]).toBe('Mäusejagd');
    expect(names(index, 'Strassenfeger', 'de')[0]).toBe('Straßenfeger');
    expect(names(index, 'r2 radio')[0]).toBe('R2-Radio');
    expect(names(index, 'r2radio')[0]).toBe('R2-Radio');
  });
});
