import { BADGE_LABELS } from './badge-labels.js';
import { badgeLogo, LOGO_SIZE, logoMarkup } from './badge-logo.js';
import type { BadgeContent, BadgeLook } from './badge-look.js';
import { drawSocialBadge } from './badge-social.js';
import { STARS_WIDTH, starsMarkup } from './badge-stars.js';
import { BOX_STYLES } from './badge-styles.js';
import { parseBadgeColour, readableTextOn } from './colour.js';
import { escapeXml } from './escape.js';
import { uniqueId } from './ids.js';
import { BADGE_COLOURS, type BadgeRole } from './palette.js';
import { fullNumber, ratingAverage, shortNumber } from './short-number.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth, type FontSpec } from './text-width.js';
import type { BadgeOptions, BadgeStyle, BadgeVariant, EmbedBot, Lang, NotFoundBadgeOptions } from './types.js';

const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif';

/**
 * `votes` shows the votes of the current month (`votesMonth`), labelled "/month": it is
 * the number the directory ranks by and it reflects current activity, whereas
 * `votesTotal` only ever grows (`votes_total`, labelled "total"). In `lang` (default English).
 */
export function badgeContent(bot: EmbedBot, variant: BadgeVariant, lang: Lang = 'en'): BadgeContent {
  const name = bot.name.trim() || bot.id;
  const labels = BADGE_LABELS[lang];
  const short = (n: number): string => shortNumber(n, lang);
  const full = (n: number): string => fullNumber(n, lang);
  switch (variant) {
    case 'votes':
      return {
        label: labels.votes,
        value: labels.perMonth(short(bot.votesMonth)),
        valueRole: 'value-votes',
        description: labels.describeVotesMonth(name, full(bot.votesMonth)),
      };
    case 'votes_total':
      return {
        label: labels.votes,
        value: labels.total(short(bot.votesTotal)),
        valueRole: 'value-votes_total',
        description: labels.describeVotesTotal(name, full(bot.votesTotal)),
      };
    case 'servers':
      return {
        label: labels.servers,
        value: short(bot.serverCount),
        valueRole: 'value-servers',
        description: labels.describeServers(name, full(bot.serverCount)),
      };
    case 'status':
      return bot.isVerified
        ? { label: labels.status, value: labels.verified, valueRole: 'value-status', description: labels.describeVerified(name) }
        : { label: labels.status, value: labels.unverified, valueRole: 'value-notFound', description: labels.describeUnverified(name) };
    case 'rating':
    case 'rating_stars': {
      const { average, count } = bot.rating;
      const valueRole = variant === 'rating' ? 'value-rating' : 'value-rating_stars';
      if (count <= 0) return { label: labels.rating, value: labels.noRatings, valueRole, description: labels.describeNoRatings(name) };
      const shown = ratingAverage(average, lang);
      const description = labels.describeRating(name, shown, full(count));
      return variant === 'rating'
        ? { label: labels.rating, value: `${shown} ★ (${short(count)})`, valueRole, description }
        : { label: labels.rating, value: `(${short(count)})`, valueRole, description, stars: Number(ratingAverage(average)) };
    }
  }
}

export function renderBadge(bot: EmbedBot, opts: BadgeOptions): string {
  const style = opts.style ?? 'flat';
  // Badges without the newer options keep the ids (and so the bytes) they always had.
  const parts = [bot.id, opts.variant, opts.theme, opts.compact];
  if (style !== 'flat' || opts.label !== undefined || opts.color !== undefined || opts.labelColor !== undefined || opts.logo) {
    parts.push(style, opts.label, opts.color, opts.labelColor, opts.logo === true);
  }
  const lang = opts.lang ?? 'en';
  if (lang !== 'en') parts.push(lang);
  const content = badgeContent(bot, opts.variant, lang);
  if (opts.label !== undefined) content.label = opts.label;
  return drawBadge(uniqueId('bdg', parts), content, {
    theme: opts.theme,
    compact: opts.compact || content.label === '',
    style,
    colours: customColours(content.valueRole, colourOption(opts.color), colourOption(opts.labelColor)),
    logo: opts.logo ? badgeLogo(bot.iconUrl) : undefined,
  });
}

/** A colour of the strict grammar (colour.ts) as `#rrggbb`; anything else is a caller's bug. */
function colourOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const colour = parseBadgeColour(value);
  if (colour === undefined) throw new TypeError(`not a badge colour: ${JSON.stringify(value)}`);
  return colour;
}

/** Served with status 404 for an unknown or unpublished bot, so an `<img>` still shows something. */
export function renderNotFoundBadge(opts: NotFoundBadgeOptions): string {
  return renderErrorBadge('not found', 'Bot not found', opts);
}

/**
 * A grey "bot | <problem>" badge for answers that are not a bot's figures (404, 422): `value` is
 * the problem in `opts.lang` (BADGE_LABELS' `problem`), `description` says it in a sentence.
 */
export function renderErrorBadge(value: string, description: string, opts: NotFoundBadgeOptions): string {
  const lang = opts.lang ?? 'en';
  const parts = ['error', value, opts.theme, opts.compact];
  if (opts.style !== undefined && opts.style !== 'flat') parts.push(opts.style);
  const content: BadgeContent = { label: BADGE_LABELS[lang].bot, value, valueRole: 'value-notFound', description };
  return drawBadge(uniqueId('bdg', parts), content, {
    theme: opts.theme,
    compact: opts.compact,
    style: opts.style ?? 'flat',
    colours: BADGE_COLOURS,
    logo: undefined,
  });
}

/**
 * The palette with the caller's colours in both themes: a colour someone picked is meant to look
 * the same everywhere. Text on it is white or near-black, whichever contrasts more.
 */
function customColours(valueRole: BadgeRole, color: string | undefined, labelColor: string | undefined): BadgeLook['colours'] {
  if (color === undefined && labelColor === undefined) return BADGE_COLOURS;
  const chosen: Partial<Record<BadgeRole, string>> = {};
  if (color !== undefined) Object.assign(chosen, { [valueRole]: color, valueText: readableTextOn(color) });
  if (labelColor !== undefined) Object.assign(chosen, { labelBg: labelColor, labelText: readableTextOn(labelColor) });
  return { light: { ...BADGE_COLOURS.light, ...chosen }, dark: { ...BADGE_COLOURS.dark, ...chosen } };
}

function drawBadge(id: string, content: BadgeContent, look: BadgeLook): string {
  return look.style === 'social' ? drawSocialBadge(id, content, look) : drawBoxBadge(id, content, look);
}

/** Width of a text as drawn: measured, plus the style's spacing after every character. */
function drawnWidth(text: string, font: FontSpec, letterSpacing: number): number {
  return textWidth(text, font) + letterSpacing * (letterSpacing === 0 ? 0 : Array.from(text).length);
}

function drawBoxBadge(id: string, content: BadgeContent, look: BadgeLook): string {
  const style = BOX_STYLES[look.style as Exclude<BadgeStyle, 'social'>];
  const { height, padding } = style;
  const compact = look.compact;
  const paint = new SvgPaint(id, look.colours, look.theme);
  const labelText = style.uppercase ? content.label.toUpperCase() : content.label;
  const valueText = style.uppercase ? content.value.toUpperCase() : content.value;

  // Leading items of a section (logo, stars) come before its text, which is centred in the rest.
  const logoLead = look.logo ? LOGO_SIZE + style.gap : 0;
  const starsLead = content.stars === undefined ? 0 : STARS_WIDTH + style.gap;
  const labelLead = compact ? 0 : logoLead;
  const valueLead = (compact ? logoLead : 0) + starsLead;
  const labelTextWidth = compact ? 0 : drawnWidth(labelText, style.labelFont, style.letterSpacing);
  const valueTextWidth = drawnWidth(valueText, style.valueFont, style.letterSpacing);
  const labelWidth = compact ? 0 : Math.round(labelTextWidth + 2 * padding + labelLead);
  const valueWidth = Math.round(valueTextWidth + 2 * padding + valueLead);
  const width = labelWidth + valueWidth;
  const description = escapeXml(content.description);
  const text = (
    value: string,
    measured: number,
    sectionX: number,
    lead: number,
    sectionWidth: number,
    font: FontSpec,
    role: BadgeRole,
  ): string => sectionText(value, measured, sectionX + lead + (sectionWidth - lead) / 2, style.baseline, font, paint.attrs({ fill: role }));
  const logo = (sectionX: number, role: BadgeRole): string =>
    look.logo
      ? logoMarkup(
          look.logo,
          sectionX + padding,
          (height - LOGO_SIZE) / 2,
          look.logo.kind === 'directory' ? paint.attrs({ fill: role }) : '',
          `${id}-l`,
        )
      : '';

  const label = compact
    ? ''
    : `<rect width="${labelWidth}" height="${height}" ${paint.attrs({ fill: 'labelBg' })}/>` +
      logo(0, 'labelText') +
      text(labelText, labelTextWidth, 0, labelLead, labelWidth, style.labelFont, 'labelText');
  const stars = (): string =>
    content.stars === undefined
      ? ''
      : starsMarkup(
          content.stars,
          labelWidth + padding + valueLead - starsLead,
          height / 2 + 0.5,
          paint.attrs({ fill: 'valueText' }),
          `${id}-s`,
        );
  const value =
    `<rect x="${labelWidth}" width="${valueWidth}" height="${height}" ${paint.attrs({ fill: content.valueRole })}/>` +
    (compact ? logo(labelWidth, 'valueText') : '') +
    stars() +
    text(valueText, valueTextWidth, labelWidth, valueLead, valueWidth, style.valueFont, 'valueText');
  const gloss = style.gloss ? `<rect width="${width}" height="${height}" fill="url(#${id}-g)"/>` : '';
  const body =
    style.radius > 0
      ? `<clipPath id="${id}-r"><rect width="${width}" height="${height}" rx="${style.radius}"/></clipPath>` +
        `<g clip-path="url(#${id}-r)">${label}${value}${gloss}</g>`
      : `<g>${label}${value}${gloss}</g>`;
  // The hairline keeps a light label visible on a white page (and a dark one on black).
  const border = `<rect x=".5" y=".5" width="${width - 1}" height="${height - 1}"${style.radius > 0 ? ` rx="${style.radius - 0.5}"` : ''} fill="none" stroke-opacity=".6" ${paint.attrs({ stroke: 'border' })}/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${description}">` +
    `<title>${description}</title>` +
    paint.style() +
    (style.gloss ? GLOSS_GRADIENT.replace('ID', `${id}-g`) : '') +
    body +
    border +
    `</svg>`
  );
}

/** `plastic`'s light from above: a highlight at the top edge, a shade towards the bottom. */
const GLOSS_GRADIENT =
  '<linearGradient id="ID" x2="0" y2="100%"><stop offset="0" stop-color="#fff" stop-opacity=".5"/>' +
  '<stop offset=".1" stop-color="#aaa" stop-opacity=".1"/><stop offset=".9" stop-color="#000" stop-opacity=".2"/>' +
  '<stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>';

/**
 * `textLength` pins the text to the measured width, so the layout holds even where
 * Verdana is missing and the browser substitutes a font with other metrics.
 */
function sectionText(text: string, width: number, centreX: number, baseline: number, font: FontSpec, paintAttrs: string): string {
  return (
    `<text x="${centreX}" y="${baseline}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${font.size}"${font.bold ? ' font-weight="bold"' : ''} ` +
    `textLength="${width.toFixed(1)}" ${paintAttrs}>${escapeXml(text)}</text>`
  );
}
