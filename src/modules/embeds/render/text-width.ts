import measure from 'anafanafo';

/**
 * A font as the renderers measure it. `family` picks the character-width table: Verdana for
 * everything but the `social` badge, which shields.io sets in bold Helvetica.
 */
export interface FontSpec {
  size: number;
  bold?: boolean;
  family?: 'verdana' | 'helvetica';
}

/**
 * Text widths from real font metrics: the character-width tables of shields.io's `anafanafo`
 * (Verdana 10 px and 11 px regular, Verdana 10 px bold, Helvetica 11 px bold). Verdana is one
 * of the widest common sans-serif fonts, so a width measured with it is a safe upper bound when
 * the viewer's browser falls back to another font. A size that has its own table is measured
 * with it; other sizes scale the nearest table of the same face. Characters missing from the
 * tables count as one "m".
 */
export function textWidth(text: string, font: FontSpec): number {
  const widths = tableFor(font);
  let width = 0;
  for (const char of text) width += widths.of(char);
  return (width * font.size) / widths.size;
}

/**
 * anafanafo adds up per-character widths (no kerning), so caching each character's width
 * gives the same result several times faster: badges are rendered on every cache miss.
 */
class CharWidths {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly font: '10px Verdana' | '11px Verdana' | 'bold 10px Verdana' | 'bold 11px Helvetica',
    readonly size: number,
  ) {}

  of(char: string): number {
    let width = this.cache.get(char);
    if (width === undefined) {
      width = measure(char, { font: this.font, guess: true });
      this.cache.set(char, width);
    }
    return width;
  }
}

const NORMAL_11PX = new CharWidths('11px Verdana', 11);
const NORMAL_10PX = new CharWidths('10px Verdana', 10);
const BOLD_10PX = new CharWidths('bold 10px Verdana', 10);
const HELVETICA_BOLD_11PX = new CharWidths('bold 11px Helvetica', 11);

function tableFor(font: FontSpec): CharWidths {
  if (font.family === 'helvetica') return HELVETICA_BOLD_11PX;
  if (font.bold) return BOLD_10PX;
  return font.size === 10 ? NORMAL_10PX : NORMAL_11PX;
}

/**
 * Cuts `text` so that it fits `maxWidth`, ending in "…". SVG has no text-overflow, so the
 * chart title needs this to stay inside the image.
 */
export function truncateToWidth(text: string, maxWidth: number, font: FontSpec): string {
  if (textWidth(text, font) <= maxWidth) return text;
  // Code points, not UTF-16 units, so an emoji is never cut in half.
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(chars.slice(0, mid).join('').trimEnd() + '…', font) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('').trimEnd() + '…';
}

/**
 * Breaks `text` into at most `maxLines` lines of `maxWidth`, at spaces where it can (inside a
 * word too long for a line), the last line cut with "…". SVG text does not wrap by itself.
 */
export function wrapToWidth(text: string, maxWidth: number, font: FontSpec, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text.trim().replace(/\s+/g, ' ');
  while (rest !== '' && lines.length < maxLines - 1) {
    if (textWidth(rest, font) <= maxWidth) break;
    const chars = Array.from(rest);
    // The longest prefix that fits (at least one character, so the loop always advances).
    let low = 1;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (textWidth(chars.slice(0, mid).join(''), font) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    const space = chars.lastIndexOf(' ', low);
    const cut = space > 0 ? space : low;
    lines.push(chars.slice(0, cut).join('').trimEnd());
    rest = chars.slice(cut).join('').trimStart();
  }
  if (rest !== '') lines.push(truncateToWidth(rest, maxWidth, font));
  return lines;
}
