import measure from 'anafanafo';

/**
 * Text widths from real font metrics: Verdana character-width tables (shields.io's
 * `anafanafo`). Verdana is one of the widest common sans-serif fonts, so a width
 * measured with it is a safe upper bound when the viewer's browser falls back to
 * another font. Characters missing from the tables count as one "m".
 */
export function textWidth(text: string, opts: { size: number; bold?: boolean }): number {
  const widths = opts.bold ? BOLD_10PX : NORMAL_11PX;
  let width = 0;
  for (const char of text) width += widths.of(char);
  return (width * opts.size) / widths.size;
}

/**
 * anafanafo adds up per-character widths (no kerning), so caching each character's width
 * gives the same result several times faster: badges are rendered on every cache miss.
 */
class CharWidths {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly font: '11px Verdana' | 'bold 10px Verdana',
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
const BOLD_10PX = new CharWidths('bold 10px Verdana', 10);

/**
 * Cuts `text` so that it fits `maxWidth`, ending in "…". SVG has no text-overflow, so the
 * chart title needs this to stay inside the image.
 */
export function truncateToWidth(
  text: string,
  maxWidth: number,
  font: { size: number; bold?: boolean },
): string {
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
