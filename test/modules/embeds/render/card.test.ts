import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, renderCard, type Lang, type Theme } from '../../../../src/modules/embeds/render/index.js';
import { textWidth } from '../../../../src/modules/embeds/render/text-width.js';
import { HOSTILE_NAME, makeBot } from './fixtures.js';
import { expectWellFormedXml, idsIn } from './xml.js';

const THEMES: (Theme | undefined)[] = [undefined, 'light', 'dark'];
const LANGS: Lang[] = ['en', 'de'];
const DATA_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) =>
    match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('renderCard', () => {
  it.each(THEMES.flatMap((theme) => LANGS.map((lang) => ({ theme, lang }))))(
    'is a well-formed, self-contained SVG of 420 × 140: %o',
    (opts) => {
      const svg = renderCard(makeBot(), opts);
      expectWellFormedXml(svg);
      expect(svg).toMatch(
        new RegExp(
          `^<svg xmlns="http://www.w3.org/2000/svg" id="[^"]+" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 420 140"`,
        ),
      );
      expect(svg).toContain('role="img"');
      expect(svg.includes('prefers-color-scheme')).toBe(opts.theme === undefined);
      // Safe as an <img> and anywhere else: nothing to load, nothing to run, no link.
      expect(svg).not.toMatch(/<script|<a\b|<foreignObject|href="(?!data:)|url\((?!#)/i);
    },
  );

  it('shows the widget’s data: name, description, servers, monthly votes and rating, with labels in the language', () => {
    const bot = makeBot({ serverCount: 1_462_144, votesMonth: 12_345, rating: { average: 4.66, count: 1_234 } });
    const en = texts(renderCard(bot, { lang: 'en' }));
    expect(en).toEqual(expect.arrayContaining(['M', 'Melody', '1.4M', 'servers', '12.3k', 'votes/month', '★', '4.7', '(1.2k)', 'rating']));
    expect(en.join(' ')).toContain('A lightweight music bot that plays songs from');
    const de = texts(renderCard(bot, { lang: 'de' }));
    expect(de).toEqual(expect.arrayContaining(['1,4M', 'Server', '12,3k', 'Stimmen/Monat', '4,7', '(1,2k)', 'Bewertung']));
    expect(de.join(' ')).toContain('Schlanker Musikbot');
    const svg = renderCard(bot, { lang: 'en' });
    expect(svg).toContain(
      'aria-label="Melody: A lightweight music bot that plays songs from YouTube and Spotify links. 1,462,144 servers. 12,345 votes this month. Rated 4.7 out of 5 from 1,234 ratings."',
    );
  });

  it('marks verified bots and says when nobody rated', () => {
    expect(renderCard(makeBot(), { lang: 'en' })).toContain('<title>Verified bot</title>');
    const unverified = renderCard(makeBot({ isVerified: false, rating: { average: 0, count: 0 } }), { lang: 'de' });
    expect(unverified).not.toContain('Verifizierter Bot</title>');
    expect(texts(unverified)).toContain('–');
    expect(unverified).toContain('keine Bewertungen');
  });

  it('keeps long texts inside: the name cut with an ellipsis, the description wrapped to two lines', () => {
    const bot = makeBot({ name: 'W'.repeat(80), shortDescription: { en: 'Wordwithoutanyspaces'.repeat(15), de: 'Überlänge '.repeat(30) } });
    for (const lang of LANGS) {
      const svg = renderCard(bot, { lang });
      const [initial, name, ...rest] = texts(svg);
      expect(initial).toBe('W');
      expect(name).toMatch(/^W+…$/);
      // Name, verified mark (16 px + 5) and the 14 px margin fit the 420 px.
      expect(82 + textWidth(name!, { size: 16, bold: true }) + 21).toBeLessThanOrEqual(420 - 14);
      const description = rest.slice(0, 2);
      expect(description[1]).toMatch(/…$/);
      for (const line of description) expect(textWidth(line, { size: 12 })).toBeLessThanOrEqual(420 - 82 - 14);
    }
  });

  it('escapes a hostile name and description', () => {
    const svg = renderCard(
      makeBot({ name: HOSTILE_NAME, shortDescription: { en: '</text><script>alert(1)</script>', de: '"><svg onload=alert(1)>' } }),
      { lang: 'en' },
    );
    expectWellFormedXml(svg);
    expect(svg).not.toMatch(/<img|<script|<svg onload/);
    expect(texts(svg)).toContain(HOSTILE_NAME);
  });

  it('shows the bot’s icon only when it is stored as data, over the initial’s tile', () => {
    expect(renderCard(makeBot(), { lang: 'en' })).not.toContain('<image');
    const svg = renderCard(makeBot({ iconUrl: DATA_PNG }), { lang: 'en' });
    expect(svg).toContain(`href="${DATA_PNG}"`);
    expect(texts(svg)[0]).toBe('M');
  });

  it('gives each card its own ids', () => {
    const cards = [makeBot(), makeBot({ id: '42', iconUrl: DATA_PNG })].flatMap((bot) =>
      THEMES.flatMap((theme) => LANGS.map((lang) => renderCard(bot, { theme, lang }))),
    );
    const ids = cards.flatMap(idsIn);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
