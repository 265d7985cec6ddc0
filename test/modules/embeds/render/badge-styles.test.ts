import measure from 'anafanafo';
import { describe, expect, it } from 'vitest';
import {
  BADGE_HEIGHTS,
  renderBadge,
  renderErrorBadge,
  type BadgeStyle,
  type BadgeVariant,
  type Theme,
} from '../../../../src/modules/embeds/render/index.js';
import { HOSTILE_NAME, makeBot } from './fixtures.js';
import { expectWellFormedXml, idsIn } from './xml.js';

const STYLES: BadgeStyle[] = ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'];
const VARIANTS: BadgeVariant[] = ['servers', 'votes', 'rating', 'votes_total', 'status', 'rating_stars'];
const THEMES: (Theme | undefined)[] = [undefined, 'light', 'dark'];
const ALL = STYLES.flatMap((style) => VARIANTS.flatMap((variant) => THEMES.map((theme) => ({ style, variant, theme }))));
/** A 1 × 1 PNG as a data: URI, the only kind of bot icon a badge may show. */
const DATA_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

interface DrawnText {
  x: number;
  textLength: number;
  fontSize: number;
  bold: boolean;
  text: string;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function drawnTexts(svg: string): DrawnText[] {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(([, attrs, text]) => ({
    x: Number(/\bx="([\d.]+)"/.exec(attrs!)![1]),
    textLength: Number(/textLength="([\d.]+)"/.exec(attrs!)![1]),
    fontSize: Number(/font-size="(\d+)"/.exec(attrs!)![1]),
    bold: /font-weight="(bold|700)"/.test(attrs!),
    text: decode(text!),
  }));
}

function size(svg: string): [number, number] {
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
  expect(match[1]).toBe(match[3]);
  expect(match[2]).toBe(match[4]);
  return [Number(match[1]), Number(match[2])];
}

/** The width anafanafo gives, independent of the renderer's cache and scaling. */
function verdana(text: string, font: '11px Verdana' | '10px Verdana' | 'bold 10px Verdana' | 'bold 11px Helvetica'): number {
  return measure(text, { font, guess: true });
}

describe('badge styles', () => {
  it.each(ALL)('%o is well-formed, accessible and as high as its style', (opts) => {
    for (const compact of [false, true]) {
      const svg = renderBadge(makeBot(), { ...opts, compact });
      expectWellFormedXml(svg);
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(/aria-label="Melody: [^"]+"/);
      expect(size(svg)[1]).toBe(BADGE_HEIGHTS[opts.style]);
      expect(svg.includes('prefers-color-scheme')).toBe(opts.theme === undefined);
      // Nothing outside the document: no links, no external images, no script.
      expect(svg).not.toMatch(/<script|<a\b|href="http|xlink:href|<foreignObject/i);
    }
  });

  it('keeps flat exactly as it was: style=flat and logo off change no byte', () => {
    for (const variant of VARIANTS) {
      for (const theme of THEMES) {
        const plain = renderBadge(makeBot(), { variant, theme, compact: false });
        expect(renderBadge(makeBot(), { variant, theme, compact: false, style: 'flat', logo: false })).toBe(plain);
      }
    }
  });

  it('sizes flat, flat-square and plastic from 11 px Verdana with 6 px padding', () => {
    for (const style of ['flat', 'flat-square', 'plastic'] as const) {
      const svg = renderBadge(makeBot({ serverCount: 12_345 }), { variant: 'servers', compact: false, style });
      const [label, value] = drawnTexts(svg);
      expect(label!.textLength).toBeCloseTo(verdana('servers', '11px Verdana'), 1);
      expect(value!.textLength).toBeCloseTo(verdana('12.3k', '11px Verdana'), 1);
      const labelWidth = Math.round(verdana('servers', '11px Verdana') + 12);
      expect(size(svg)[0]).toBe(labelWidth + Math.round(verdana('12.3k', '11px Verdana') + 12));
      expect(value!.x).toBe(labelWidth + Math.round(verdana('12.3k', '11px Verdana') + 12) / 2);
    }
  });

  it('sets for-the-badge in capitals of 10 px Verdana, the value bold, 1.25 px apart, 12 px padding', () => {
    const svg = renderBadge(makeBot({ votesMonth: 1_234 }), { variant: 'votes', compact: false, style: 'for-the-badge' });
    const [label, value] = drawnTexts(svg);
    expect(label).toMatchObject({ text: 'VOTES', fontSize: 10, bold: false });
    expect(value).toMatchObject({ text: '1.2K/MONTH', fontSize: 10, bold: true });
    const labelWidth = verdana('VOTES', '10px Verdana') + 1.25 * 5;
    const valueWidth = verdana('1.2K/MONTH', 'bold 10px Verdana') + 1.25 * 10;
    expect(label!.textLength).toBeCloseTo(labelWidth, 1);
    expect(value!.textLength).toBeCloseTo(valueWidth, 1);
    expect(size(svg)).toEqual([Math.round(labelWidth + 24) + Math.round(valueWidth + 24), 28]);
  });

  it('sets social in bold 11 px Helvetica, the label capitalised, the value in a bubble', () => {
    const svg = renderBadge(makeBot({ serverCount: 12_345 }), { variant: 'servers', compact: false, style: 'social' });
    const [label, value] = drawnTexts(svg);
    expect(label).toMatchObject({ text: 'Servers', bold: true, fontSize: 11 });
    expect(value).toMatchObject({ text: '12.3k', bold: true });
    const box = Math.round(verdana('Servers', 'bold 11px Helvetica') + 10);
    const bubble = Math.round(verdana('12.3k', 'bold 11px Helvetica') + 8);
    expect(label!.textLength).toBeCloseTo(verdana('Servers', 'bold 11px Helvetica'), 1);
    expect(size(svg)).toEqual([box + 6 + bubble + 1, 20]);
    expect(svg).toContain('font-family="Helvetica Neue,Helvetica,Arial,sans-serif"');
    // Compact: the value alone in the box.
    const compact = renderBadge(makeBot({ serverCount: 12_345 }), { variant: 'servers', compact: true, style: 'social' });
    expect(drawnTexts(compact).map((text) => text.text)).toEqual(['12.3k']);
    expect(size(compact)[0]).toBe(Math.round(verdana('12.3k', 'bold 11px Helvetica') + 10) + 1);
  });

  it('measures every style for a label with accents and emoji, by code point', () => {
    for (const style of STYLES) {
      const svg = renderBadge(makeBot(), { variant: 'servers', compact: false, style, label: 'Música 🎵' });
      expectWellFormedXml(svg);
      const label = drawnTexts(svg)[0]!;
      expect(label.text).toBe(style === 'for-the-badge' ? 'MÚSICA 🎵' : 'Música 🎵');
      expect(label.textLength).toBeGreaterThan(30);
    }
  });
});

describe('badge variants', () => {
  const bot = makeBot({ votesTotal: 98_765, isVerified: true, rating: { average: 4.66, count: 1_234 } });
  const texts = (variant: BadgeVariant, over = {}) =>
    drawnTexts(renderBadge({ ...bot, ...over }, { variant, compact: false })).map((text) => text.text);

  it('votes_total shows the votes of all time, status whether the bot is verified', () => {
    expect(texts('votes_total')).toEqual(['votes', '98.7k total']);
    expect(renderBadge(bot, { variant: 'votes_total', compact: true })).toContain('aria-label="Melody: 98,765 votes in total"');
    expect(texts('status')).toEqual(['status', 'verified']);
    expect(texts('status', { isVerified: false })).toEqual(['status', 'unverified']);
    expect(renderBadge({ ...bot, isVerified: false }, { variant: 'status', compact: false })).toContain(
      'aria-label="Melody: not verified"',
    );
  });

  it('rating_stars draws five stars filled to the average, then the count', () => {
    const svg = renderBadge(bot, { variant: 'rating_stars', compact: false });
    expect(texts('rating_stars')).toEqual(['rating', '(1.2k)']);
    expect(svg).toContain('aria-label="Melody: rated 4.7 out of 5 from 1,234 ratings"');
    // Five star outlines (10 corners each) in one path, drawn twice: faint, and clipped to the average.
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!);
    expect(paths).toHaveLength(2);
    expect(paths[0]!.match(/M/g)).toHaveLength(5);
    expect(paths[0]!.match(/Z/g)).toHaveLength(5);
    const clipWidth = (average: number): number => {
      const match = /<clipPath id="[^"]+-s"><rect [^>]*width="([\d.]+)"/.exec(
        renderBadge({ ...bot, rating: { average, count: 3 } }, { variant: 'rating_stars', compact: false }),
      );
      return match ? Number(match[1]) : 0;
    };
    // 4.7 stars: four whole stars (11 px apart) and 70 % of the fifth's 10 px.
    expect(clipWidth(4.66)).toBe(4 * 11 + 7);
    expect(clipWidth(5)).toBe(54);
    expect(clipWidth(1)).toBe(10);
    expect(clipWidth(2.5)).toBe(27);
    expect(clipWidth(0.04)).toBe(0);
    expect(clipWidth(4.7)).toBeGreaterThan(clipWidth(4.6));
  });

  it('rating_stars says "no ratings" without stars when nobody rated', () => {
    const svg = renderBadge({ ...bot, rating: { average: 0, count: 0 } }, { variant: 'rating_stars', compact: false });
    expect(drawnTexts(svg).map((text) => text.text)).toEqual(['rating', 'no ratings']);
    expect(svg).not.toContain('<path');
  });
});

describe('badge label, colours and logo', () => {
  it('replaces the label, and an empty label drops it like compact', () => {
    const svg = renderBadge(makeBot(), { variant: 'servers', compact: false, label: 'in guilds' });
    expect(drawnTexts(svg).map((text) => text.text)).toEqual(['in guilds', '1.4M']);
    // The accessible name still says what the number is.
    expect(svg).toContain('aria-label="Melody: 1,462,144 servers"');
    const empty = renderBadge(makeBot(), { variant: 'servers', compact: false, label: '' });
    expect(drawnTexts(empty).map((text) => text.text)).toEqual(['1.4M']);
  });

  it('escapes a hostile label in every style', () => {
    for (const style of STYLES) {
      const svg = renderBadge(makeBot({ name: HOSTILE_NAME }), {
        variant: 'servers',
        compact: false,
        style,
        label: `"><script>alert(1)</script>`,
      });
      expectWellFormedXml(svg);
      expect(svg).not.toMatch(/<script|<img/i);
      expect(drawnTexts(svg)[0]!.text.toLowerCase()).toBe(`"><script>alert(1)</script>`);
    }
  });

  it('paints the chosen colours in both themes, with readable text, and no CSS for them', () => {
    const svg = renderBadge(makeBot(), { variant: 'servers', compact: false, color: 'ff69b4', labelColor: 'grey' });
    expect(svg).toContain('fill="#ff69b4"');
    expect(svg).toContain('fill="#555555"');
    // Dark text on pink, white text on grey.
    const [label, value] = [...svg.matchAll(/<text [^>]*fill="(#[0-9a-f]{6})"/g)].map((match) => match[1]);
    expect([label, value]).toEqual(['#ffffff', '#000000']);
    // Only the hairline still follows the viewer's theme.
    expect(svg).toContain('@media (prefers-color-scheme:dark)');
    expect(svg).not.toMatch(/-fill-(labelBg|labelText|valueText|value-servers)/);
    for (const [input, hex] of [
      ['F69', '#ff6699'],
      ['#0a0B0c', '#0a0b0c'],
      ['red', '#e05d44'],
      ['informational', '#007ec6'],
    ]) {
      expect(renderBadge(makeBot(), { variant: 'servers', compact: false, color: input })).toContain(`fill="${hex}"`);
    }
  });

  it('refuses a colour outside the grammar instead of writing it into an attribute', () => {
    for (const bad of ['red" onload="alert(1)', 'url(#x)', 'rgb(1,2,3)', '#12345', 'Red', '__proto__', '']) {
      expect(() => renderBadge(makeBot(), { variant: 'servers', compact: false, color: bad }), bad).toThrow(TypeError);
      expect(() => renderBadge(makeBot(), { variant: 'servers', compact: false, labelColor: bad }), bad).toThrow(TypeError);
    }
  });

  it("shows the directory's logo unless the bot's icon is stored as data", () => {
    for (const iconUrl of [
      'https://cdn.example.org/icon.png',
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/png;base64,not base64!',
      `data:image/png;base64,${'A'.repeat(40_000)}`,
      'javascript:alert(1)',
    ]) {
      const svg = renderBadge(makeBot({ iconUrl }), { variant: 'servers', compact: false, logo: true });
      expectWellFormedXml(svg);
      expect(svg, iconUrl.slice(0, 40)).not.toContain('<image');
      expect(svg).toMatch(/<path transform="translate\(6 3\)" fill-rule="evenodd"/);
    }
    const svg = renderBadge(makeBot({ iconUrl: DATA_PNG }), { variant: 'servers', compact: false, logo: true });
    expect(svg).toContain(`<image x="6" y="3" width="14" height="14"`);
    expect(svg).toContain(`href="${DATA_PNG}"`);
  });

  it('makes room for the logo in the first section, in every style', () => {
    for (const style of STYLES) {
      for (const compact of [false, true]) {
        const plain = renderBadge(makeBot(), { variant: 'servers', compact, style });
        const withLogo = renderBadge(makeBot(), { variant: 'servers', compact, style, logo: true });
        const gap = style === 'for-the-badge' ? 6 : style === 'social' ? 3 : 4;
        expect(size(withLogo)[0], `${style} ${compact}`).toBe(size(plain)[0] + 14 + gap);
      }
    }
  });

  it('gives every distinct badge its own ids, so many can be inlined in one page', () => {
    const badges = ALL.flatMap((opts) => [
      renderBadge(makeBot(), { ...opts, compact: false }),
      renderBadge(makeBot(), { ...opts, compact: true, logo: true }),
      renderBadge(makeBot(), { ...opts, compact: false, color: 'blue', label: 'x' }),
    ]);
    badges.push(...STYLES.map((style) => renderErrorBadge('not found', 'Bot not found', { compact: false, style })));
    const ids = badges.flatMap(idsIn);
    expect(new Set(ids).size).toBe(ids.length);
    for (const svg of badges) {
      const rootId = idsIn(svg)[0]!;
      for (const id of idsIn(svg)) expect(id.startsWith(rootId)).toBe(true);
      for (const match of svg.matchAll(/url\(#([^)]+)\)/g)) expect(idsIn(svg)).toContain(match[1]);
    }
  });

  it('draws the error badge in the requested style', () => {
    for (const style of STYLES) {
      const svg = renderErrorBadge('not found', 'Bot not found', { compact: false, style });
      expect(size(svg)[1]).toBe(BADGE_HEIGHTS[style]);
      expect(drawnTexts(svg).map((text) => text.text.toLowerCase())).toEqual(['bot', 'not found']);
    }
  });
});
