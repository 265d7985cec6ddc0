import type { BadgeContent, BadgeLook } from './badge-look.js';
import { LOGO_SIZE, logoMarkup } from './badge-logo.js';
import { STARS_WIDTH, starsMarkup } from './badge-stars.js';
import { escapeXml } from './escape.js';
import { SOCIAL_BADGE_COLOURS, type SocialBadgeRole } from './palette.js';
import { SvgPaint } from './svg-theme.js';
import { textWidth, type FontSpec } from './text-width.js';

/**
 * shields.io's `social` style: the label in a light box and the value in a speech bubble
 * beside it, bold 11 px Helvetica, the label capitalised. Its colours are fixed per theme
 * (GitHub-like neutral boxes), so `color` and `labelColor` do not apply.
 */
const HEIGHT = 20;
const INNER_HEIGHT = 19;
const BOX_PADDING = 5;
const BUBBLE_PADDING = 4;
const GUTTER = 6;
const GAP = 3;
const BASELINE = 14;
const FONT: FontSpec = { size: 11, bold: true, family: 'helvetica' };
const FONT_FAMILY = 'Helvetica Neue,Helvetica,Arial,sans-serif';

export function drawSocialBadge(id: string, content: BadgeContent, look: BadgeLook): string {
  const paint = new SvgPaint<SocialBadgeRole>(id, SOCIAL_BADGE_COLOURS, look.theme);
  // Compact: the value alone in the box, no bubble.
  const boxText = look.compact ? content.value : capitalise(content.label);
  const boxStars = look.compact ? content.stars : undefined;
  const bubbleStars = look.compact ? undefined : content.stars;
  const logoLead = look.logo ? LOGO_SIZE + GAP : 0;
  const starsLead = (stars: number | undefined): number => (stars === undefined ? 0 : STARS_WIDTH + GAP);

  const boxTextWidth = textWidth(boxText, FONT);
  const boxLead = logoLead + starsLead(boxStars);
  const boxWidth = Math.round(boxTextWidth + boxLead + 2 * BOX_PADDING);
  const bubbleTextWidth = look.compact ? 0 : textWidth(content.value, FONT);
  const bubbleWidth = look.compact ? 0 : Math.round(bubbleTextWidth + starsLead(bubbleStars) + 2 * BUBBLE_PADDING);
  const bubbleX = boxWidth + GUTTER;
  const width = look.compact ? boxWidth + 1 : bubbleX + bubbleWidth + 1;
  const description = escapeXml(content.description);
  const text = (value: string, measured: number, centreX: number): string =>
    `<text x="${centreX}" y="${BASELINE}" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="bold" font-size="11" ` +
    `textLength="${measured.toFixed(1)}" ${paint.attrs({ fill: 'text' })}>${escapeXml(value)}</text>`;
  const stars = (average: number | undefined, left: number): string =>
    average === undefined ? '' : starsMarkup(average, left, HEIGHT / 2 + 0.5, paint.attrs({ fill: 'text' }), `${id}-s`);

  const box =
    `<rect x=".5" y=".5" width="${boxWidth}" height="${INNER_HEIGHT}" rx="2" ${paint.attrs({ fill: 'box', stroke: 'border' })}/>` +
    (look.logo
      ? logoMarkup(
          look.logo,
          BOX_PADDING + 0.5,
          (HEIGHT - LOGO_SIZE) / 2,
          look.logo.kind === 'directory' ? paint.attrs({ fill: 'text' }) : '',
          `${id}-l`,
        )
      : '') +
    stars(boxStars, 0.5 + BOX_PADDING + logoLead) +
    text(boxText, boxTextWidth, 0.5 + boxLead + (boxWidth - boxLead) / 2);
  // The bubble's notch points at the box; a patch in the bubble's colour hides the bubble's
  // own border where the notch joins it.
  const bubble = look.compact
    ? ''
    : `<rect x="${bubbleX + 0.5}" y=".5" width="${bubbleWidth}" height="${INNER_HEIGHT}" rx="2" ${paint.attrs({ fill: 'bubble', stroke: 'border' })}/>` +
      `<path d="M${bubbleX + 0.5} 6.5l-3 3v1l3 3" ${paint.attrs({ fill: 'bubble', stroke: 'border' })}/>` +
      `<rect x="${bubbleX}" y="7" width="1.5" height="7" ${paint.attrs({ fill: 'bubble' })}/>` +
      stars(bubbleStars, bubbleX + 0.5 + BUBBLE_PADDING) +
      text(content.value, bubbleTextWidth, bubbleX + 0.5 + starsLead(bubbleStars) + (bubbleWidth - starsLead(bubbleStars)) / 2);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${description}">` +
    `<title>${description}</title>` +
    paint.style() +
    box +
    bubble +
    `</svg>`
  );
}

/** "servers" → "Servers", by code point (a label may start with an emoji). */
function capitalise(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join('');
}
