import { describe, expect, it } from 'vitest';
import { BADGE_COLOUR_PATTERN, NAMED_BADGE_COLOURS } from '../../../../src/modules/embeds/render/index.js';
import { contrastRatio, parseBadgeColour, readableTextOn } from '../../../../src/modules/embeds/render/colour.js';
import { BADGE_COLOURS, SOCIAL_BADGE_COLOURS } from '../../../../src/modules/embeds/render/palette.js';

describe('badge colours', () => {
  const grammar = new RegExp(BADGE_COLOUR_PATTERN, 'u');

  it('accepts hex of 3 or 6 digits (with or without #) and the palette names, as #rrggbb', () => {
    const cases: [string, string][] = [
      ['ff69b4', '#ff69b4'],
      ['#FF69B4', '#ff69b4'],
      ['f69', '#ff6699'],
      ['#0aB', '#00aabb'],
      ['brightgreen', '#44cc11'],
      ['lightgray', '#9f9f9f'],
      ['critical', '#e05d44'],
    ];
    for (const [input, hex] of cases) {
      expect(grammar.test(input), input).toBe(true);
      expect(parseBadgeColour(input)).toBe(hex);
    }
    for (const [name, hex] of Object.entries(NAMED_BADGE_COLOURS)) {
      expect(grammar.test(name)).toBe(true);
      expect(parseBadgeColour(name)).toBe(hex);
      expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('refuses everything else: the schema pattern and the parser agree', () => {
    const bad = [
      '',
      '#',
      'ff69b',
      '#ff69b4a',
      'ff69b4 ',
      ' red',
      'Red',
      'RED',
      'rebeccapurple',
      'rgb(1,2,3)',
      'hsl(0,0%,0%)',
      'url(#x)',
      'red;fill:url(javascript:alert(1))',
      'red" onload="alert(1)',
      '__proto__',
      'constructor',
      'toString',
      'ｆｆ６９ｂ４',
      'gg0000',
      '#ff69b4\n',
    ];
    for (const value of bad) {
      expect(grammar.test(value), JSON.stringify(value)).toBe(false);
      expect(parseBadgeColour(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('puts white or black text on any colour, whichever contrasts more, always at least 4.5:1', () => {
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const background = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          const text = readableTextOn(background);
          const other = text === '#ffffff' ? '#000000' : '#ffffff';
          expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(contrastRatio(other, background));
          expect(contrastRatio(text, background), background).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});

describe('palette of the newer badges', () => {
  it.each(['light', 'dark'] as const)('meets WCAG AA (4.5:1) in the %s theme', (theme) => {
    const badge = BADGE_COLOURS[theme];
    const social = SOCIAL_BADGE_COLOURS[theme];
    const pairs: [string, string][] = [
      [badge.valueText, badge['value-votes_total']],
      [badge.valueText, badge['value-status']],
      [badge.valueText, badge['value-rating_stars']],
      [social.text, social.box],
      [social.text, social.bubble],
    ];
    for (const [text, background] of pairs) expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });
});
