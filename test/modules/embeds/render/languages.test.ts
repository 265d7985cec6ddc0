import { describe, expect, it } from 'vitest';
import {
  BADGE_LABELS,
  CHART_LABELS,
  renderBadge,
  renderChartPng,
  renderChartSvg,
  renderErrorBadge,
  shieldsEndpoint,
  WIDGET_LABELS,
  type BadgeVariant,
} from '../../../../src/modules/embeds/render/index.js';
import { makeBot, makeSeries } from './fixtures.js';
import { expectWellFormedXml } from './xml.js';

/** Visible texts of an SVG, in order. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

function title(svg: string): string {
  return /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
}

describe('the chart in German (lang de)', () => {
  it('labels, numbers and dates are German: "Server · letzte 30 Tage", de-DE dates and decimal commas', () => {
    const svg = renderChartSvg(makeSeries({ rangeDays: 30 }), { theme: 'light', lang: 'de' });
    expectWellFormedXml(svg);
    const labels = texts(svg);
    expect(labels).toContain('Server · letzte 30 Tage · vom Bot gemeldet');
    expect(labels).toContain('Server pro Tag, vom Bot gemeldet');
    // The newest count, exact and grouped as German writes it, and its day.
    const newest = makeSeries().points.at(-1)!.servers;
    expect(labels).toContain(newest.toLocaleString('de-DE'));
    expect(labels).toContain('am 21.11.2026');
    // Date ticks from Intl in de-DE, weekly, the newest day last.
    expect(labels.filter((label) => /^\d{1,2}\. \S+$/.test(label))).toEqual(['24. Okt.', '31. Okt.', '7. Nov.', '14. Nov.', '21. Nov.']);
    // Value ticks keep the unit and take a decimal comma where they have decimals.
    const ticks = labels.filter((label) => /^\d+([.,]\d+)?[kMB]$/.test(label));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.some((tick) => tick.includes('.'))).toBe(false);
    expect(title(svg)).toBe(
      `Melody: Serverzahl pro Tag in den letzten 30 Tagen, vom Bot gemeldet; ${newest.toLocaleString('de-DE')} Server am 21.11.2026`,
    );
    // Nothing of the English chart is left.
    for (const english of ['Servers', 'last', 'days', 'on 2026', 'Oct', 'reported', 'Daily']) expect(svg).not.toContain(english);
  });

  it('writes a year as German month ticks ("Jan. 26") and the messages without data in German', () => {
    const year = texts(renderChartSvg(makeSeries({ rangeDays: 365 }), { theme: 'light', lang: 'de' }));
    expect(year).toContain('Jan. 26');
    expect(year.some((label) => label.includes("'"))).toBe(false);

    const none = renderChartSvg(makeSeries({ points: [] }), { theme: 'auto', lang: 'de' });
    expect(texts(none)).toEqual(expect.arrayContaining(['Noch keine Daten', CHART_LABELS.de.noDataDetail]));
    expect(title(none)).toBe('Melody: noch keine Daten zur Serverzahl');

    const one = renderChartSvg(makeSeries({ points: [{ date: '2026-11-21', servers: 1234 }] }), { theme: 'auto', lang: 'de' });
    expect(texts(one)).toEqual(expect.arrayContaining(['1.234', 'am 21.11.2026', 'Daten werden seit 21.11.2026 gesammelt']));
    expect(texts(renderChartSvg(makeSeries({ botName: '  ' }), { theme: 'auto', lang: 'de' }))[0]).toBe('Unbenannter Bot');
  });

  it('leaves the English chart as it was: no lang and lang en are the same bytes', () => {
    for (const rangeDays of [7, 30, 90, 365] as const) {
      const series = makeSeries({ rangeDays });
      expect(renderChartSvg(series, { theme: 'auto', lang: 'en' })).toBe(renderChartSvg(series, { theme: 'auto' }));
    }
    const labels = texts(renderChartSvg(makeSeries(), { theme: 'light' }));
    expect(labels).toContain('Servers · last 30 days · reported by the bot');
    expect(labels).toContain('on 2026-11-21');
  });

  it('draws the PNG from the German SVG', () => {
    const series = makeSeries();
    const german = renderChartPng(series, { theme: 'light', lang: 'de' });
    const english = renderChartPng(series, { theme: 'light' });
    expect(german.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(german.equals(english)).toBe(false);
    expect(renderChartPng(series, { theme: 'light', lang: 'en' }).equals(english)).toBe(true);
  });
});

describe('the badge in German (lang de)', () => {
  const bot = makeBot({ serverCount: 12_345, votesMonth: 4_500_000, votesTotal: 98_765, rating: { average: 4.66, count: 1_234 } });
  const cases: [BadgeVariant, string[], string][] = [
    ['servers', ['Server', '12,3k'], 'Melody: 12.345 Server'],
    ['votes', ['Stimmen', '4,5M/Monat'], 'Melody: 4.500.000 Stimmen in diesem Monat'],
    ['votes_total', ['Stimmen', '98,7k gesamt'], 'Melody: 98.765 Stimmen insgesamt'],
    ['rating', ['Bewertung', '4,7 ★ (1,2k)'], 'Melody: bewertet mit 4,7 von 5 aus 1.234 Bewertungen'],
    ['rating_stars', ['Bewertung', '(1,2k)'], 'Melody: bewertet mit 4,7 von 5 aus 1.234 Bewertungen'],
    ['status', ['Status', 'verifiziert'], 'Melody: verifizierter Bot'],
  ];

  it.each(cases)('%s: German label, value and accessible name', (variant, shown, description) => {
    const svg = renderBadge(bot, { variant, compact: false, lang: 'de' });
    expectWellFormedXml(svg);
    expect(texts(svg)).toEqual(shown);
    expect(title(svg)).toBe(description);
    expect(svg).toContain(`aria-label="${description}"`);
  });

  it('draws the stars of the average whatever the language writes as its decimal mark', () => {
    const stars = (lang: 'de' | 'en') => renderBadge(bot, { variant: 'rating_stars', compact: false, lang }).match(/<path/g)?.length;
    expect(stars('de')).toBe(stars('en'));
  });

  it('says there are no ratings and that a bot is not verified in German; the shields.io JSON too', () => {
    const plain = makeBot({ isVerified: false, rating: { average: 0, count: 0 } });
    expect(texts(renderBadge(plain, { variant: 'rating', compact: false, lang: 'de' }))).toEqual(['Bewertung', 'keine Bewertungen']);
    expect(texts(renderBadge(plain, { variant: 'status', compact: false, lang: 'de' }))).toEqual(['Status', 'nicht verifiziert']);
    expect(shieldsEndpoint(bot, 'votes', 'de')).toMatchObject({ label: 'Stimmen', message: '4,5M/Monat' });
    expect(shieldsEndpoint(bot, 'votes')).toMatchObject({ label: 'votes', message: '4.5M/month' });
  });

  it('leaves the English badge as it was', () => {
    for (const variant of cases.map(([v]) => v)) {
      expect(renderBadge(bot, { variant, compact: false, lang: 'en' })).toBe(renderBadge(bot, { variant, compact: false }));
    }
  });

  it('an error badge says "Bot | nicht gefunden"', () => {
    const labels = BADGE_LABELS.de;
    const svg = renderErrorBadge(labels.problem.not_found, 'Bot: nicht gefunden', { compact: false, lang: 'de' });
    expect(texts(svg)).toEqual(['Bot', 'nicht gefunden']);
    expect(texts(renderErrorBadge(BADGE_LABELS.en.problem.not_found, 'x', { compact: false }))).toEqual(['bot', 'not found']);
  });
});

describe('the embeds’ own texts', () => {
  /** Every text of a label table, functions called with a sample value. */
  function strings(value: unknown): string[] {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [String((value as (...args: unknown[]) => unknown)('7', '7', '7', '7', '7'))];
    if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
    return [];
  }

  it.each([
    ['chart', CHART_LABELS],
    ['badge', BADGE_LABELS],
    ['widget and card', WIDGET_LABELS],
  ] as const)('%s: every English text has a German one of its own', (_name, table) => {
    const english = strings(table.en);
    const german = strings(table.de);
    expect(german).toHaveLength(english.length);
    // The same text in both is a brand or a symbol, never a sentence; "Status" and "Bot" are German too.
    const same = english.filter((text, index) => text === german[index]);
    expect(same.filter((text) => !['Status'].includes(text))).toEqual([]);
  });
});
