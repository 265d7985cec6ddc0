import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../../src/modules/search/highlight.js';

describe('highlightParts: the words of a text a search matched', () => {
  it('marks the words that fold to a matched term and keeps every other character as it stands', () => {
    const text = 'Spielt MUSIK, Müsik & <b>music</b>!';
    const parts = highlightParts(text, new Set(['musik', 'music', 'muesik']));
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.matched).map((part) => part.text)).toEqual(['MUSIK', 'Müsik', 'music']);
  });

  it('marks nothing without matched terms, and nothing in an empty text', () => {
    expect(highlightParts('Plays music.', new Set())).toEqual([{ text: 'Plays music.', matched: false }]);
    expect(highlightParts('', new Set(['music']))).toEqual([]);
  });
});
