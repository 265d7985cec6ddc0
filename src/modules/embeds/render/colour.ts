/**
 * Colours a caller may choose for a badge (`color`, `labelColor`): a hex colour or a name of
 * shields.io's palette, nothing else. The strict grammar is what keeps a query string from
 * writing into an SVG attribute: every accepted value becomes `#rrggbb`.
 */

/** shields.io's named colours and their aliases, so badge URLs copied from there keep working. */
export const NAMED_BADGE_COLOURS: Readonly<Record<string, string>> = {
  brightgreen: '#44cc11',
  green: '#97ca00',
  yellowgreen: '#a4a61d',
  yellow: '#dfb317',
  orange: '#fe7d37',
  red: '#e05d44',
  blue: '#007ec6',
  grey: '#555555',
  gray: '#555555',
  lightgrey: '#9f9f9f',
  lightgray: '#9f9f9f',
  success: '#44cc11',
  important: '#fe7d37',
  critical: '#e05d44',
  informational: '#007ec6',
  inactive: '#9f9f9f',
};

/**
 * The grammar as a JSON-Schema pattern (for the query schema): 3 or 6 hex digits with or
 * without `#` (a `#` must be sent as `%23` in a URL, so shields.io takes hex without it), or a
 * palette name in lower case.
 */
export const BADGE_COLOUR_PATTERN = `^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|${Object.keys(NAMED_BADGE_COLOURS).join('|')})$`;

const HEX = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#rrggbb` for a value of the grammar, or undefined for anything else. */
export function parseBadgeColour(value: string): string | undefined {
  if (Object.hasOwn(NAMED_BADGE_COLOURS, value)) return NAMED_BADGE_COLOURS[value];
  const match = HEX.exec(value);
  if (!match) return undefined;
  const digits = match[1]!.toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((digit) => digit + digit).join('')}` : `#${digits}`;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (index: number): number => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#000000';

/**
 * White or black text, whichever contrasts more with a background the caller chose. One of the
 * two always reaches 4.58:1 (√21), above WCAG AA's 4.5:1, whatever the background.
 */
export function readableTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}
