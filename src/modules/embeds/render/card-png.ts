import { Resvg } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, renderCard } from './card.js';
import { bundledFontFiles } from './chart-png.js';
import type { Lang, Theme } from './types.js';

/** The size link previews (OpenGraph, Twitter's large card) show a picture at without cropping. */
export const CARD_PNG_WIDTH = 1200;
export const CARD_PNG_HEIGHT = 630;
/** Room left and right of the card: it is drawn 2.6 times its size, centred on the backdrop. */
const MARGIN = 54;
/** Behind the card: a shade apart from its own background, so its edge shows. */
const BACKDROP: Record<Theme, string> = { light: '#eaeef2', dark: '#0d1117' };

/**
 * The card (`renderCard`) as a PNG of 1200 × 630, the picture of a bot page's link preview. The
 * card's own SVG is drawn from its vectors at 2.6 times its size (sharp, not an enlarged bitmap) on
 * a backdrop of the theme; there is no `auto`, as a PNG cannot follow the viewer. resvg gets the
 * bundled DejaVu Sans only, as for the chart, so it draws the same on every machine.
 */
export function renderCardPng(bot: Parameters<typeof renderCard>[0], opts: { theme: Theme; lang: Lang }): Buffer {
  const scale = (CARD_PNG_WIDTH - 2 * MARGIN) / CARD_WIDTH;
  const top = (CARD_PNG_HEIGHT - CARD_HEIGHT * scale) / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_PNG_WIDTH}" height="${CARD_PNG_HEIGHT}" viewBox="0 0 ${CARD_PNG_WIDTH} ${CARD_PNG_HEIGHT}">` +
    `<rect width="${CARD_PNG_WIDTH}" height="${CARD_PNG_HEIGHT}" fill="${BACKDROP[opts.theme]}"/>` +
    `<g transform="translate(${MARGIN} ${top}) scale(${scale})">${renderCard(bot, opts)}</g>` +
    '</svg>';
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false, fontFiles: bundledFontFiles(), defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
  });
  return resvg.render().asPng();
}
