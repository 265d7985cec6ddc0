import { describe, expect, it } from 'vitest';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  renderChartPng,
  renderChartSvg,
  type ChartSeries,
  type ChartTheme,
} from '../../../../src/modules/embeds/render/index.js';
import { HOSTILE_NAME, makeSeries } from './fixtures.js';
import { expectWellFormedXml, idsIn } from './xml.js';

const THEMES: ChartTheme[] = ['auto', 'dark', 'light'];
const RANGES: ChartSeries['rangeDays'][] = [7, 30, 90, 365];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

describe('renderChartSvg', () => {
  it.each(THEMES.flatMap((theme) => RANGES.map((rangeDays) => ({ theme, rangeDays }))))(
    'is well-formed, labelled SVG with data: %o',
    ({ theme, rangeDays }) => {
      const svg = renderChartSvg(makeSeries({ rangeDays }), { theme });
      expectWellFormedXml(svg);
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(
        /<title>Melody: daily server count over the last \d+ days, reported by the bot; [\d,]+ servers on 2026-11-21<\/title>/,
      );
      const labels = texts(svg);
      expect(labels[0]).toBe('Melody');
      expect(labels).toContain(`Servers · last ${rangeDays} days · reported by the bot`);
      expect(svg).toMatch(/<path d="M[\d.,L]+"/);
    },
  );

  it.each(THEMES)('says "No data yet" for a bot without data (%s)', (theme) => {
    const svg = renderChartSvg(makeSeries({ points: [] }), { theme });
    expectWellFormedXml(svg);
    expect(texts(svg)).toContain('No data yet');
    expect(svg).toContain('<title>Melody: no server-count data yet</title>');
    expect(svg).not.toContain('<path');
  });

  it('has readable tick labels: shortened numbers on the value axis, dates on the time axis', () => {
    const labels = texts(renderChartSvg(makeSeries({ rangeDays: 30 }), { theme: 'light' }));
    const values = labels.filter((label) => /^\d+(\.\d+)?[kMB]$/.test(label));
    expect(values.length).toBeGreaterThanOrEqual(3);
    expect(new Set(values).size).toBe(values.length);
    expect(labels.filter((label) => /^[A-Z][a-z]{2} \d{1,2}$/.test(label))).toEqual(['Oct 24', 'Oct 31', 'Nov 7', 'Nov 14', 'Nov 21']);
    // The newest value, exact.
    expect(labels).toContain(makeSeries().points.at(-1)!.servers.toLocaleString('en-US'));
  });

  it('names the source', () => {
    const svg = renderChartSvg(makeSeries({ source: 'platform' }), { theme: 'light' });
    expect(svg).toContain('Servers · last 30 days · counted by the platform');
  });

  it('escapes the bot name and cuts a long one to fit', () => {
    for (const points of [makeSeries().points, []]) {
      const svg = renderChartSvg(makeSeries({ botName: HOSTILE_NAME, points }), { theme: 'auto' });
      expectWellFormedXml(svg);
      expect(svg).not.toContain('<img');
      expect(texts(svg)[0]).toBe('&lt;img src=x onerror=alert(1)&gt;');
    }
    const long = renderChartSvg(makeSeries({ botName: 'Giveaway Garden Beta '.repeat(5) }), { theme: 'light' });
    expect(texts(long)[0]).toMatch(/^Giveaway Garden Beta Giveaway .*…$/);
  });

  it('keeps only valid points of the newest window, one per day', () => {
    const series = makeSeries({
      rangeDays: 7,
      points: [
        { date: '2026-11-01', servers: 1 }, // outside the 7-day window ending 2026-11-21
        { date: '2026-02-30', servers: 5 }, // no such day
        { date: '2026-11-20', servers: Number.NaN },
        { date: '2026-11-21', servers: 120 },
        { date: '2026-11-19', servers: 100 },
        { date: '2026-11-21', servers: 130 }, // a later duplicate wins
      ],
    });
    const svg = renderChartSvg(series, { theme: 'light' });
    expect(svg).toMatch(/<path d="M[\d.]+,[\d.]+L[\d.]+,[\d.]+" fill="none"/);
    expect(texts(svg)).toContain('130');
  });

  it('follows the system setting for theme auto only', () => {
    expect(renderChartSvg(makeSeries(), { theme: 'auto' })).toContain('@media (prefers-color-scheme:dark)');
    expect(renderChartSvg(makeSeries(), { theme: 'dark' })).not.toContain('<style');
    expect(renderChartSvg(makeSeries(), { theme: 'dark' })).toContain('fill="#0d1117"');
  });

  it('uses ids unique to each chart', () => {
    const charts = THEMES.flatMap((theme) => [makeSeries(), makeSeries({ botName: 'Other' })].map((s) => renderChartSvg(s, { theme })));
    const ids = charts.flatMap(idsIn);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('renderChartPng', () => {
  it('returns a PNG of the chart size', () => {
    const png = renderChartPng(makeSeries(), { theme: 'auto' });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height as big-endian integers after the chunk header.
    expect(png.readUInt32BE(16)).toBe(CHART_WIDTH);
    expect(png.readUInt32BE(20)).toBe(CHART_HEIGHT);
  });

  it('renders text with the bundled font: a different name gives different pixels', () => {
    // Without a usable font resvg silently drops all text, and both images would be identical.
    for (const points of [makeSeries().points, []]) {
      const a = renderChartPng(makeSeries({ botName: 'Melody', points }), { theme: 'light' });
      const b = renderChartPng(makeSeries({ botName: 'Harmony', points }), { theme: 'light' });
      expect(a.equals(b)).toBe(false);
    }
  });

  it('renders auto as light, since a PNG cannot follow the viewer', () => {
    const auto = renderChartPng(makeSeries(), { theme: 'auto' });
    expect(auto.equals(renderChartPng(makeSeries(), { theme: 'light' }))).toBe(true);
    expect(auto.equals(renderChartPng(makeSeries(), { theme: 'dark' }))).toBe(false);
  });
});
