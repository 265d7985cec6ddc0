/** renderSeriesSvg: the server-count chart's drawing for any daily count, with the caller's texts (the dashboard's analytics). */
import { describe, expect, it } from 'vitest';
import { renderChartSvg, renderSeriesSvg, type SeriesChart } from '../../../../src/modules/embeds/render/index.js';
import { makeSeries } from './fixtures.js';
import { expectWellFormedXml, idsIn } from './xml.js';

function chart(overrides: Partial<SeriesChart> = {}): SeriesChart {
  return {
    points: Array.from({ length: 7 }, (_, i) => ({ date: `2026-03-0${i + 1}`, value: i * 10 })),
    rangeDays: 7,
    title: 'Page views <&>',
    subtitle: 'Last 7 days',
    headline: { value: '210', detail: 'in total' },
    legend: 'Page views per day',
    message: { title: 'No data yet', detail: 'Soon.' },
    description: 'Page views of "Bot" per day',
    ...overrides,
  };
}

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

describe('renderSeriesSvg', () => {
  it('draws the line with the caller’s texts, escaped, from zero', () => {
    const svg = renderSeriesSvg(chart(), { theme: 'light', width: 480, height: 240 });
    expectWellFormedXml(svg);
    expect(svg).toContain('width="480" height="240"');
    expect(svg).toContain('aria-label="Page views of &quot;Bot&quot; per day"');
    expect(texts(svg)).toEqual(
      expect.arrayContaining(['Page views &lt;&amp;&gt;', 'Last 7 days', '210', 'in total', 'Page views per day', '0']),
    );
    expect(svg).toMatch(/<path d="M[\d.,L]+"/);
  });

  it('shows the message with fewer than two days, and follows the viewer’s theme for auto', () => {
    const svg = renderSeriesSvg(chart({ points: [{ date: '2026-03-01', value: 3 }] }), { theme: 'auto' });
    expect(texts(svg)).toEqual(expect.arrayContaining(['No data yet', 'Soon.']));
    expect(svg).not.toContain('<path');
    expect(renderSeriesSvg(chart(), { theme: 'auto' })).toContain('@media (prefers-color-scheme:dark)');
  });

  it('gives each chart ids of its own, apart from the server-count chart’s', () => {
    const a = idsIn(renderSeriesSvg(chart(), { theme: 'auto' }));
    const b = idsIn(renderSeriesSvg(chart({ title: 'Votes' }), { theme: 'auto' }));
    const c = idsIn(renderChartSvg(makeSeries({ rangeDays: 7 }), { theme: 'auto' }));
    for (const id of a) {
      expect(b).not.toContain(id);
      expect(c).not.toContain(id);
    }
  });
});
