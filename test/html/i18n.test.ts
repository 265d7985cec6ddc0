import { describe, expect, it } from 'vitest';
import { pickLang } from '../../src/html/i18n/index.js';

describe('pickLang: the language of a page without one in its path', () => {
  it('takes ?lang= first, then the Accept-Language entry for de or en with the highest q-value, else English', () => {
    expect(pickLang('de', 'en')).toBe('de');
    expect(pickLang('fr', 'de')).toBe('de');
    expect(pickLang(undefined, undefined)).toBe('en');
    expect(pickLang(undefined, '')).toBe('en');
    expect(pickLang(undefined, 'de-CH, en;q=0.5')).toBe('de');
    expect(pickLang(undefined, 'en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(pickLang(undefined, 'fr-FR, de;q=0.7, en;q=0.3')).toBe('de');
    // q-values decide, not the order; on a tie the first wins.
    expect(pickLang(undefined, 'en;q=0.2, de;q=0.9')).toBe('de');
    expect(pickLang(undefined, 'de;q=0.5, en;q=0.5')).toBe('de');
    // q=0 means "not this one"; tags that only start with de or en are other languages.
    expect(pickLang(undefined, 'de;q=0, en')).toBe('en');
    expect(pickLang(undefined, 'dex, enx')).toBe('en');
    expect(pickLang(undefined, 'dsb, de;q=0.1')).toBe('de');
    expect(pickLang(undefined, '*, de;q=abc')).toBe('en');
  });
});
