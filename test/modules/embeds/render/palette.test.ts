import { describe, expect, it } from 'vitest';
import { BADGE_COLOURS, CHART_COLOURS, WIDGET_COLOURS } from '../../../../src/modules/embeds/render/palette.js';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string): number => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('palettes', () => {
  it.each(['light', 'dark'] as const)('meet WCAG AA (4.5:1) for text in the %s theme', (theme) => {
    const badge = BADGE_COLOURS[theme];
    const pairs: [string, string][] = [
      [badge.labelText, badge.labelBg],
      [badge.valueText, badge['value-votes']],
      [badge.valueText, badge['value-servers']],
      [badge.valueText, badge['value-rating']],
      [badge.valueText, badge['value-notFound']],
      [WIDGET_COLOURS[theme].text, WIDGET_COLOURS[theme].bg],
      [WIDGET_COLOURS[theme].muted, WIDGET_COLOURS[theme].bg],
      [WIDGET_COLOURS[theme].buttonText, WIDGET_COLOURS[theme].button],
      [CHART_COLOURS[theme].title, CHART_COLOURS[theme].bg],
      [CHART_COLOURS[theme].muted, CHART_COLOURS[theme].bg],
    ];
    for (const [text, background] of pairs) expect(contrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });
});
