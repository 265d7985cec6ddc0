import { escapeXml } from './escape.js';

/** Logos are 14 × 14, as on shields.io badges. */
export const LOGO_SIZE = 14;

/**
 * What `logo=1` shows: the bot's own icon only when it is stored as data we serve (a `data:`
 * URI of a raster image), else the directory's logo. Nothing is ever fetched to draw a badge,
 * and an SVG shown through `<img>` could not load a remote icon anyway.
 */
export type BadgeLogo = { kind: 'directory' } | { kind: 'image'; href: string };

/**
 * A `data:` URI of a PNG, JPEG, GIF or WebP image in base64, at most 32 KiB. Raster types only:
 * an SVG icon could carry markup of its own. Larger icons would make every badge that heavy.
 */
const DATA_ICON = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_DATA_ICON_LENGTH = 32 * 1024;

export function badgeLogo(iconUrl: string): BadgeLogo {
  return iconUrl.length <= MAX_DATA_ICON_LENGTH && DATA_ICON.test(iconUrl) ? { kind: 'image', href: iconUrl } : { kind: 'directory' };
}

/** The icon stored as data, if the bot has one (for the card's icon tile). */
export function dataIcon(iconUrl: string): string | undefined {
  const logo = badgeLogo(iconUrl);
  return logo.kind === 'image' ? logo.href : undefined;
}

/**
 * The directory's logo, a robot head on a 14 × 14 grid: one path, even-odd so the eyes are
 * holes and the badge's background shows through. Drawn in the text colour of its section.
 */
const DIRECTORY_LOGO_PATH =
  'M6.3 2.3h1.4v2.2H6.3zM7 .3a1.1 1.1 0 1 0 0 2.2A1.1 1.1 0 1 0 7 .3z' +
  'M4 4.5h6a2.5 2.5 0 0 1 2.5 2.5v3.5A2.5 2.5 0 0 1 10 13H4a2.5 2.5 0 0 1-2.5-2.5V7A2.5 2.5 0 0 1 4 4.5z' +
  'M5 7.4a1.3 1.3 0 1 0 0 2.6A1.3 1.3 0 1 0 5 7.4zM9 7.4a1.3 1.3 0 1 0 0 2.6A1.3 1.3 0 1 0 9 7.4z' +
  'M.3 7.6h1.2v3H.3zM12.5 7.6h1.2v3h-1.2z';

/**
 * The logo's markup at (x, y). `paintAttrs` colours the directory logo; a data icon is clipped
 * to a rounded square (`clipId` names that clip path, unique per badge).
 */
export function logoMarkup(logo: BadgeLogo, x: number, y: number, paintAttrs: string, clipId: string): string {
  if (logo.kind === 'directory') {
    return `<path transform="translate(${x} ${y})" fill-rule="evenodd" d="${DIRECTORY_LOGO_PATH}" ${paintAttrs}/>`;
  }
  return (
    `<clipPath id="${clipId}"><rect x="${x}" y="${y}" width="${LOGO_SIZE}" height="${LOGO_SIZE}" rx="3"/></clipPath>` +
    `<image x="${x}" y="${y}" width="${LOGO_SIZE}" height="${LOGO_SIZE}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${clipId})" href="${escapeXml(logo.href)}"/>`
  );
}
