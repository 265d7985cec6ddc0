import { describe, expect, it } from 'vitest';
import { renderBadge, renderNotFoundBadge, type BadgeVariant, type Theme } from '../../../../src/modules/embeds/render/index.js';
import { HOSTILE_NAME, makeBot } from './fixtures.js';
import { expectWellFormedXml, idsIn } from './xml.js';

const VARIANTS: BadgeVariant[] = ['votes', 'servers', 'rating'];
const THEMES: (Theme | undefined)[] = [undefined, 'light', 'dark'];
const COMBINATIONS = VARIANTS.flatMap((variant) =>
  THEMES.flatMap((theme) => [false, true].map((compact) => ({ variant, theme, compact }))),
);

/** Visible texts of the badge, in order. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

describe('renderBadge', () => {
  it.each(COMBINATIONS)('is well-formed, accessible SVG: %o', (opts) => {
    const svg = renderBadge(makeBot(), opts);
    expectWellFormedXml(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/aria-label="Melody: [^"]+"/);
    expect(svg).toMatch(/<title>Melody: [^<]+<\/title>/);
    expect(texts(svg)).toHaveLength(opts.compact ? 1 : 2);
  });

  it('shows label and shortened value per variant', () => {
    const bot = makeBot({ serverCount: 12_345, votesMonth: 4_500_000, votesTotal: 1, rating: { average: 4.66, count: 1_234 } });
    expect(texts(renderBadge(bot, { variant: 'servers', compact: false }))).toEqual(['servers', '12.3k']);
    expect(texts(renderBadge(bot, { variant: 'votes', compact: false }))).toEqual(['votes', '4.5M/month']);
    expect(texts(renderBadge(bot, { variant: 'rating', compact: false }))).toEqual(['rating', '4.7 ★ (1.2k)']);
    expect(texts(renderBadge(bot, { variant: 'rating', compact: true }))).toEqual(['4.7 ★ (1.2k)']);
  });

  it('says so when a bot has no ratings instead of showing 0.0', () => {
    const svg = renderBadge(makeBot({ rating: { average: 0, count: 0 } }), { variant: 'rating', compact: false });
    expect(texts(svg)).toEqual(['rating', 'no ratings']);
  });

  it('gives screen readers the exact numbers', () => {
    const svg = renderBadge(makeBot({ serverCount: 1_462_144 }), { variant: 'servers', compact: true });
    expect(svg).toContain('aria-label="Melody: 1,462,144 servers"');
  });

  it('sizes sections from font metrics: wider text, wider badge', () => {
    const width = (serverCount: number): number =>
      Number(/width="(\d+)"/.exec(renderBadge(makeBot({ serverCount }), { variant: 'servers', compact: true }))![1]);
    expect(width(1_000)).toBeLessThan(width(12_345));
    // Verdana 11px: "1" is 6.99px and "k" 6.51px wide; plus 6px padding on each side.
    expect(width(1_000)).toBe(Math.round(6.99 + 6.51 + 12));
    const svg = renderBadge(makeBot(), { variant: 'servers', compact: false });
    expect(svg).toMatch(/textLength="\d+\.\d"/);
  });

  it('escapes a hostile bot name', () => {
    for (const opts of COMBINATIONS) {
      const svg = renderBadge(makeBot({ name: HOSTILE_NAME }), opts);
      expectWellFormedXml(svg);
      expect(svg).not.toContain('<img');
      expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('follows the system setting only when no theme is given', () => {
    const auto = renderBadge(makeBot(), { variant: 'servers', compact: false });
    expect(auto).toContain('@media (prefers-color-scheme:dark)');
    for (const theme of ['light', 'dark'] as const) {
      const fixed = renderBadge(makeBot(), { variant: 'servers', theme, compact: false });
      expect(fixed).not.toContain('<style');
      expect(fixed).not.toContain('class=');
    }
    expect(renderBadge(makeBot(), { variant: 'servers', theme: 'light', compact: false })).toContain('fill="#eaeef2"');
    expect(renderBadge(makeBot(), { variant: 'servers', theme: 'dark', compact: false })).toContain('fill="#2d333b"');
  });

  it('never repeats an id or a scoped class name across different badges on one page', () => {
    const badges = [makeBot(), makeBot({ id: '42' })].flatMap((bot) => COMBINATIONS.map((opts) => renderBadge(bot, opts)));
    badges.push(...THEMES.flatMap((theme) => [false, true].map((compact) => renderNotFoundBadge({ theme, compact }))));
    const ids = badges.flatMap(idsIn);
    expect(ids.length).toBeGreaterThan(badges.length);
    expect(new Set(ids).size).toBe(ids.length);

    // Inline <style> rules apply page-wide, so every class a badge uses or styles starts with its own id.
    for (const svg of badges) {
      const rootId = idsIn(svg)[0]!;
      const classes = [...svg.matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1]!.split(' '));
      const selectors = [...svg.matchAll(/\.([\w-]+)\{/g)].map((match) => match[1]!);
      for (const name of [...classes, ...selectors]) expect(name.startsWith(`${rootId}-`)).toBe(true);
    }
  });

  it('renders the same markup for the same input (stable ETags)', () => {
    const opts = { variant: 'votes', compact: false } as const;
    expect(renderBadge(makeBot(), opts)).toBe(renderBadge(makeBot(), opts));
  });
});

describe('renderNotFoundBadge', () => {
  it.each(THEMES.flatMap((theme) => [false, true].map((compact) => ({ theme, compact }))))('says "not found": %o', (opts) => {
    const svg = renderNotFoundBadge(opts);
    expectWellFormedXml(svg);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Bot not found</title>');
    expect(texts(svg)).toEqual(opts.compact ? ['not found'] : ['bot', 'not found']);
  });
});
