import { describe, expect, it } from 'vitest';
import {
  CHART_SIZE_LIMITS,
  MIN_RELATIVE_SPAN,
  pngSizeAllowed,
  renderChartPng,
  renderChartSvg,
  type ChartSeries,
} from '../../../../src/modules/embeds/render/index.js';
import { axisRange, valueAxis } from '../../../../src/modules/embeds/render/chart-scale.js';
import { textWidth } from '../../../../src/modules/embeds/render/text-width.js';
import { makeSeries } from './fixtures.js';
import { expectWellFormedXml } from './xml.js';

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

/** Numbers of the value axis, read back from the tick labels (right-aligned text). */
function valueTicks(svg: string): string[] {
  return [...svg.matchAll(/<text [^>]*font-size="11" text-anchor="end"[^>]*>([\d.]+[kMB]?)<\/text>/g)].map((match) => match[1]!);
}

const twoDays = (a: number, b: number): ChartSeries =>
  makeSeries({
    rangeDays: 7,
    points: [
      { date: '2026-11-20', servers: a },
      { date: '2026-11-21', servers: b },
    ],
  });

describe('chart value axis (scale)', () => {
  it.each([
    [625, 640],
    [1_460_000, 1_461_500],
    [0, 7],
    [3, 3],
    [99_000, 100_000],
    [10, 1_000_000],
  ])('auto covers %d..%d with at least the minimum relative span', (low, high) => {
    const [from, to] = axisRange(low, high, 'auto');
    const axis = valueAxis(from, to);
    expect(axis.min).toBeLessThanOrEqual(low);
    expect(axis.max).toBeGreaterThanOrEqual(high);
    expect(axis.min).toBeGreaterThanOrEqual(0);
    expect(axis.max - axis.min).toBeGreaterThanOrEqual(MIN_RELATIVE_SPAN * high);
    // A change never fills more of the height than it is of the count, times 1/MIN_RELATIVE_SPAN.
    if (high > 0) expect((high - low) / (axis.max - axis.min)).toBeLessThanOrEqual((high - low) / high / MIN_RELATIVE_SPAN + 1e-9);
  });

  it('auto does not make 625 → 640 look like a boom; zero starts at 0', () => {
    const auto = renderChartSvg(twoDays(625, 640), { theme: 'light' });
    const ticks = valueTicks(auto).map(Number);
    expect(ticks[0]).toBeLessThanOrEqual(640 * (1 - MIN_RELATIVE_SPAN));
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(640);
    const zero = renderChartSvg(twoDays(625, 640), { theme: 'light', scale: 'zero' });
    expect(valueTicks(zero)[0]).toBe('0');
    expect(auto).not.toBe(zero);
    // The default is auto.
    expect(renderChartSvg(twoDays(625, 640), { theme: 'light', scale: 'auto' })).toBe(auto);
  });

  it('still shows the curve of a big bot (auto does not flatten it as zero does)', () => {
    const series = makeSeries();
    const auto = valueTicks(renderChartSvg(series, { theme: 'light' }));
    const zero = valueTicks(renderChartSvg(series, { theme: 'light', scale: 'zero' }));
    expect(auto[0]).not.toBe('0');
    expect(zero[0]).toBe('0');
  });
});

describe('chart legend and short histories', () => {
  it('names the source in a legend beside a sample of the line', () => {
    for (const source of ['self', 'platform'] as const) {
      const svg = renderChartSvg(makeSeries({ source }), { theme: 'auto' });
      expect(texts(svg)).toContain(`Daily server count, ${source === 'self' ? 'reported by the bot' : 'counted by the platform'}`);
      expect(svg).toMatch(/<line x1="20" x2="36" y1="72" y2="72" stroke-width="2"/);
    }
  });

  it('says "collecting data since …" for a single day instead of a lone dot', () => {
    const series = makeSeries({ points: [{ date: '2026-11-21', servers: 640 }] });
    for (const theme of ['auto', 'light', 'dark'] as const) {
      const svg = renderChartSvg(series, { theme });
      expectWellFormedXml(svg);
      expect(texts(svg)).toContain('Collecting data since 2026-11-21');
      expect(texts(svg)).toContain('640');
      expect(svg).not.toContain('<circle');
      expect(svg).not.toContain('<path');
      expect(svg).toContain('<title>Melody: 640 servers on 2026-11-21, reported by the bot; collecting data since 2026-11-21</title>');
    }
    // Two days draw the line.
    expect(renderChartSvg(twoDays(1, 2), { theme: 'light' })).toContain('<circle');
  });
});

describe('chart size and pixel density', () => {
  const { width, height } = CHART_SIZE_LIMITS;

  it.each([
    [width.min, height.min],
    [width.max, height.max],
    [width.min, height.max],
    [800, 240],
  ])('draws %d × %d with everything inside', (w, h) => {
    for (const series of [
      makeSeries({ rangeDays: 7 }),
      makeSeries({ rangeDays: 365 }),
      makeSeries({ points: [] }),
      makeSeries({ points: [{ date: '2026-11-21', servers: 5 }] }),
    ]) {
      const svg = renderChartSvg(series, { theme: 'light', width: w, height: h });
      expectWellFormedXml(svg);
      expect(svg).toContain(`width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"`);
      for (const match of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"([^>]*)>([^<]*)<\/text>/g)) {
        const [, x, y, size, attrs, content] = match;
        const half = textWidth(content!, { size: Number(size), bold: attrs!.includes('bold') });
        const [left, right] = attrs!.includes('"end"')
          ? [Number(x) - half, Number(x)]
          : attrs!.includes('"middle"')
            ? [Number(x) - half / 2, Number(x) + half / 2]
            : [Number(x), Number(x) + half];
        expect(left, content).toBeGreaterThanOrEqual(0);
        expect(right, content).toBeLessThanOrEqual(w);
        expect(Number(y), content).toBeLessThanOrEqual(h);
      }
    }
  });

  it('thins the date labels of a narrow chart instead of overprinting them, keeping the newest', () => {
    const labelsAt = (w: number) =>
      [
        ...renderChartSvg(makeSeries({ rangeDays: 7 }), { theme: 'light', width: w }).matchAll(
          /<text x="([\d.]+)"[^>]*text-anchor="middle"[^>]*>([A-Z][a-z]{2} \d+)<\/text>/g,
        ),
      ].map((match) => ({ x: Number(match[1]), label: match[2]! }));
    expect(labelsAt(640)).toHaveLength(7);
    const narrow = labelsAt(width.min);
    expect(narrow.length).toBeLessThan(7);
    expect(narrow.at(-1)!.label).toBe('Nov 21');
    for (let index = 1; index < narrow.length; index++) {
      const gap = narrow[index]!.x - narrow[index - 1]!.x;
      const room = (textWidth(narrow[index]!.label, { size: 11 }) + textWidth(narrow[index - 1]!.label, { size: 11 })) / 2;
      expect(gap).toBeGreaterThan(room);
    }
  });

  it('refuses a size outside the limits (the route validates; this is a caller bug)', () => {
    for (const [w, h] of [
      [width.min - 1, 320],
      [640, height.max + 1],
      [640.5, 320],
      [Number.NaN, 320],
    ]) {
      expect(() => renderChartSvg(makeSeries(), { theme: 'light', width: w, height: h })).toThrow(RangeError);
    }
  });

  it('renders the PNG at the asked size, twice the pixels with dpr 2', () => {
    const size = (png: Buffer): [number, number] => [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(size(renderChartPng(makeSeries(), { theme: 'light' }))).toEqual([640, 320]);
    expect(size(renderChartPng(makeSeries(), { theme: 'light', dpr: 2 }))).toEqual([1280, 640]);
    expect(size(renderChartPng(makeSeries(), { theme: 'dark', width: 400, height: 200, dpr: 2 }))).toEqual([800, 400]);
    expect(size(renderChartPng(makeSeries(), { theme: 'auto', width: 400, height: 200 }))).toEqual([400, 200]);
    expect(size(renderChartPng(makeSeries(), { theme: 'auto', width: 1280, height: 640 }))).toEqual([1280, 640]);
  });

  it('draws no PNG beyond 1280 × 640 device pixels', () => {
    expect(pngSizeAllowed(640, 320, 2)).toBe(true);
    expect(pngSizeAllowed(1280, 640, 1)).toBe(true);
    for (const [w, h] of [
      [641, 320],
      [640, 321],
      [1280, 640],
    ]) {
      expect(pngSizeAllowed(w!, h!, 2)).toBe(false);
      expect(() => renderChartPng(makeSeries(), { theme: 'light', width: w, height: h, dpr: 2 })).toThrow(RangeError);
    }
  });
});
