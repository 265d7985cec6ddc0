import { initialOf } from '../../../lib/initial.js';
import { dataIcon } from './badge-logo.js';
import { escapeXml } from './escape.js';
import { uniqueId } from './ids.js';
import { WIDGET_COLOURS, type WidgetRole } from './palette.js';
import { fullNumber, ratingAverage, shortNumber } from './short-number.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth, truncateToWidth, wrapToWidth, type FontSpec } from './text-width.js';
import type { CardOptions, EmbedBot } from './types.js';
import { WIDGET_LABELS } from './widget-labels.js';
import { VERIFIED_ICON } from './widget.js';

export const CARD_WIDTH = 420;
export const CARD_HEIGHT = 140;
const PAD = 14;
const ICON = 56;
const TEXT_LEFT = PAD + ICON + 12;
const TEXT_ROOM = CARD_WIDTH - TEXT_LEFT - PAD;
const NAME_FONT: FontSpec = { size: 16, bold: true };
const DESCRIPTION_FONT: FontSpec = { size: 12 };
const STAT_FONT: FontSpec = { size: 15, bold: true };
const STAT_LABEL_FONT: FontSpec = { size: 11 };
const STAT_GAP = 18;
const VERIFIED_SIZE = 16;
/** Verdana first: the layout is measured with Verdana's metrics (DejaVu Sans is close). */
const FONT_FAMILY = 'Verdana,DejaVu Sans,Geneva,sans-serif';

/**
 * The widget as an SVG image of 420 × 140, for places that allow images only (GitHub READMEs,
 * forums): icon, name with the verified mark, description in `lang` (two lines at most),
 * server count, monthly votes and rating. No button: an image cannot hold a link, so pages wrap
 * it in one (`[![name](card.svg)](vote URL)`). Nothing external is loaded, nothing runs: the
 * bot's icon appears only when it is stored as data, otherwise the tile shows its initial.
 */
export function renderCard(bot: EmbedBot, opts: CardOptions): string {
  const labels = WIDGET_LABELS[opts.lang];
  const id = uniqueId('card', [bot.id, opts.theme, opts.lang]);
  const paint = new SvgPaint<WidgetRole>(id, WIDGET_COLOURS, opts.theme);
  const name = bot.name.trim() || bot.id;
  const description = bot.shortDescription[opts.lang];
  const text = (x: number, y: number, font: FontSpec, role: WidgetRole, content: string, extra = ''): string =>
    `<text x="${x}" y="${y}" font-size="${font.size}"${font.bold ? ' font-weight="bold"' : ''}${extra} ${paint.attrs({ fill: role })}>${escapeXml(content)}</text>`;

  const nameRoom = TEXT_ROOM - (bot.isVerified ? VERIFIED_SIZE + 5 : 0);
  const shownName = truncateToWidth(name, nameRoom, NAME_FONT);
  const nameWidth = textWidth(shownName, NAME_FONT);
  const verified = bot.isVerified
    ? `<g transform="translate(${round(TEXT_LEFT + nameWidth + 5)} 20)" ${paint.attrs({ fill: 'verified' })}>` +
      `<title>${escapeXml(labels.verified)}</title>${VERIFIED_ICON.replace('fill="currentColor"', 'fill="inherit"')}</g>`
    : '';
  const head =
    icon(id, name, bot.iconUrl, paint) +
    text(TEXT_LEFT, 33, NAME_FONT, 'text', shownName, ` textLength="${round(nameWidth)}"`) +
    verified +
    wrapToWidth(description, TEXT_ROOM, DESCRIPTION_FONT, 2)
      .map((line, index) => text(TEXT_LEFT, 54 + index * 16, DESCRIPTION_FONT, 'muted', line))
      .join('');

  const { average, count } = bot.rating;
  const stats = [
    { value: shortNumber(bot.serverCount, opts.lang), label: labels.servers },
    { value: shortNumber(bot.votesMonth, opts.lang), label: labels.votesMonth },
    count > 0
      ? { value: ratingAverage(average, opts.lang), label: labels.rating, star: true, count: `(${shortNumber(count, opts.lang)})` }
      : { value: '–', label: labels.rating, star: true },
  ];
  let x = PAD;
  let foot = '';
  for (const stat of stats) {
    const star = stat.star ? text(x, 112, STAT_FONT, 'star', '★') : '';
    const valueX = x + (stat.star ? textWidth('★', STAT_FONT) + 4 : 0);
    const valueWidth = textWidth(stat.value, STAT_FONT);
    const countText = 'count' in stat && stat.count ? text(round(valueX + valueWidth + 3), 112, STAT_LABEL_FONT, 'muted', stat.count) : '';
    const used = valueX - x + valueWidth + ('count' in stat && stat.count ? 3 + textWidth(stat.count, STAT_LABEL_FONT) : 0);
    foot += star + text(round(valueX), 112, STAT_FONT, 'text', stat.value) + countText + text(x, 127, STAT_LABEL_FONT, 'muted', stat.label);
    x = round(x + Math.max(used, textWidth(stat.label, STAT_LABEL_FONT)) + STAT_GAP);
  }

  const summary = [
    `${name}: ${description}`,
    labels.serversTooltip(fullNumber(bot.serverCount, opts.lang)),
    labels.votesTooltip(fullNumber(bot.votesMonth, opts.lang)),
    count > 0 ? labels.ratingTooltip(ratingAverage(average, opts.lang), fullNumber(count, opts.lang)) : labels.noRatings,
  ]
    .map((part) => (/[.!?…]$/.test(part.trim()) ? part.trim() : `${part.trim()}.`))
    .join(' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" ` +
    `role="img" aria-label="${escapeXml(summary)}" font-family="${FONT_FAMILY}">` +
    `<title>${escapeXml(summary)}</title>` +
    `<rect x=".5" y=".5" width="${CARD_WIDTH - 1}" height="${CARD_HEIGHT - 1}" rx="11.5" ${paint.attrs({ fill: 'bg', stroke: 'border' })}/>` +
    head +
    foot +
    paint.style() +
    `</svg>`
  );
}

/** The icon tile: the bot's initial, covered by its icon when that is stored as data. */
function icon(id: string, name: string, iconUrl: string, paint: SvgPaint<WidgetRole>): string {
  const initial = initialOf(name);
  const image = dataIcon(iconUrl);
  return (
    `<rect x="${PAD}" y="${PAD}" width="${ICON}" height="${ICON}" rx="12" ${paint.attrs({ fill: 'iconBg' })}/>` +
    `<text x="${PAD + ICON / 2}" y="${PAD + ICON / 2 + 8}" text-anchor="middle" font-size="24" font-weight="bold" ${paint.attrs({ fill: 'muted' })}>${escapeXml(initial)}</text>` +
    (image
      ? `<clipPath id="${id}-icon"><rect x="${PAD}" y="${PAD}" width="${ICON}" height="${ICON}" rx="12"/></clipPath>` +
        `<image x="${PAD}" y="${PAD}" width="${ICON}" height="${ICON}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${id}-icon)" href="${escapeXml(image)}"/>`
      : '')
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
