import { escapeXml } from './escape.js';
import { uniqueId } from './ids.js';
import { BADGE_COLOURS, type BadgeRole } from './palette.js';
import { fullNumber, ratingAverage, shortNumber } from './short-number.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth } from './text-width.js';
import type { BadgeOptions, BadgeVariant, EmbedBot, NotFoundBadgeOptions, Theme } from './types.js';

/** shields.io "flat" geometry: 20 px high, 11 px Verdana, 6 px padding per side. */
const HEIGHT = 20;
const FONT_SIZE = 11;
const PADDING = 6;
const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif';

interface BadgeContent {
  label: string;
  value: string;
  valueRole: BadgeRole;
  /** Spoken by screen readers and shown as tooltip; contains the bot name. */
  description: string;
}

/**
 * `votes` shows the votes of the current month (`votesMonth`), labelled "/month": it is
 * the number the directory ranks by and it reflects current activity, whereas
 * `votesTotal` only ever grows.
 */
function badgeContent(bot: EmbedBot, variant: BadgeVariant): BadgeContent {
  const name = bot.name.trim() || bot.id;
  switch (variant) {
    case 'votes':
      return {
        label: 'votes',
        value: `${shortNumber(bot.votesMonth)}/month`,
        valueRole: 'value-votes',
        description: `${name}: ${fullNumber(bot.votesMonth)} votes this month`,
      };
    case 'servers':
      return {
        label: 'servers',
        value: shortNumber(bot.serverCount),
        valueRole: 'value-servers',
        description: `${name}: ${fullNumber(bot.serverCount)} servers`,
      };
    case 'rating': {
      const { average, count } = bot.rating;
      if (count <= 0) {
        return { label: 'rating', value: 'no ratings', valueRole: 'value-rating', description: `${name}: no ratings yet` };
      }
      return {
        label: 'rating',
        value: `${ratingAverage(average)} ★ (${shortNumber(count)})`,
        valueRole: 'value-rating',
        description: `${name}: rated ${ratingAverage(average)} out of 5 from ${fullNumber(count)} ratings`,
      };
    }
  }
}

export function renderBadge(bot: EmbedBot, opts: BadgeOptions): string {
  const id = uniqueId('bdg', [bot.id, opts.variant, opts.theme, opts.compact]);
  return drawBadge(id, badgeContent(bot, opts.variant), opts.theme, opts.compact);
}

/** Served with status 404 for an unknown or unpublished bot, so an `<img>` still shows something. */
export function renderNotFoundBadge(opts: NotFoundBadgeOptions): string {
  return renderErrorBadge('not found', 'Bot not found', opts);
}

/** A grey "bot | <problem>" badge for answers that are not a bot's figures (404, 422). */
export function renderErrorBadge(value: string, description: string, opts: NotFoundBadgeOptions): string {
  const id = uniqueId('bdg', ['error', value, opts.theme, opts.compact]);
  const content: BadgeContent = { label: 'bot', value, valueRole: 'value-notFound', description };
  return drawBadge(id, content, opts.theme, opts.compact);
}

function drawBadge(id: string, content: BadgeContent, theme: Theme | undefined, compact: boolean): string {
  const paint = new SvgPaint(id, BADGE_COLOURS, theme);
  const labelTextWidth = compact ? 0 : textWidth(content.label, { size: FONT_SIZE });
  const valueTextWidth = textWidth(content.value, { size: FONT_SIZE });
  const labelWidth = compact ? 0 : Math.round(labelTextWidth + 2 * PADDING);
  const valueWidth = Math.round(valueTextWidth + 2 * PADDING);
  const width = labelWidth + valueWidth;
  const description = escapeXml(content.description);

  const label = compact
    ? ''
    : `<rect width="${labelWidth}" height="${HEIGHT}" ${paint.attrs({ fill: 'labelBg' })}/>` +
      sectionText(content.label, labelTextWidth, labelWidth / 2, paint.attrs({ fill: 'labelText' }));
  const value =
    `<rect x="${labelWidth}" width="${valueWidth}" height="${HEIGHT}" ${paint.attrs({ fill: content.valueRole })}/>` +
    sectionText(content.value, valueTextWidth, labelWidth + valueWidth / 2, paint.attrs({ fill: 'valueText' }));
  // The hairline keeps a light label visible on a white page (and a dark one on black).
  const border = `<rect x=".5" y=".5" width="${width - 1}" height="${HEIGHT - 1}" rx="2.5" fill="none" stroke-opacity=".6" ${paint.attrs({ stroke: 'border' })}/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${description}">` +
    `<title>${description}</title>` +
    paint.style() +
    `<clipPath id="${id}-r"><rect width="${width}" height="${HEIGHT}" rx="3"/></clipPath>` +
    `<g clip-path="url(#${id}-r)">${label}${value}</g>` +
    border +
    `</svg>`
  );
}

/**
 * `textLength` pins the text to the measured width, so the layout holds even where
 * Verdana is missing and the browser substitutes a font with other metrics.
 */
function sectionText(text: string, width: number, centreX: number, paintAttrs: string): string {
  return (
    `<text x="${centreX}" y="14" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" ` +
    `textLength="${width.toFixed(1)}" ${paintAttrs}>${escapeXml(text)}</text>`
  );
}
