/**
 * Five stars for the `rating_stars` badge, drawn as paths (a ★ glyph differs per font and
 * some fonts lack it). The average fills them from the left, to a tenth of a star: empty
 * stars are the text colour at low opacity, the filled part is the same stars clipped.
 */

const OUTER_RADIUS = 5;
const INNER_RADIUS = 2.1;
const STAR_PITCH = 11;
/** Width of the five stars. */
export const STARS_WIDTH = 4 * STAR_PITCH + 2 * OUTER_RADIUS;

/** Corner offsets of one star around its centre, computed once. */
const CORNERS = Array.from({ length: 10 }, (_, index) => {
  const angle = -Math.PI / 2 + (index * Math.PI) / 5;
  const radius = index % 2 === 0 ? OUTER_RADIUS : INNER_RADIUS;
  return [radius * Math.cos(angle), radius * Math.sin(angle)] as const;
});

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function starsPath(left: number, centreY: number): string {
  let d = '';
  for (let star = 0; star < 5; star++) {
    const centreX = left + OUTER_RADIUS + star * STAR_PITCH;
    d += CORNERS.map(([dx, dy], index) => `${index === 0 ? 'M' : 'L'}${round2(centreX + dx)} ${round2(centreY + dy)}`).join('') + 'Z';
  }
  return d;
}

/**
 * Stars starting at `left`, centred on `centreY`, filled to `average` (0–5). `paintAttrs` gives
 * the colour; `clipId` must be unique in the page.
 */
export function starsMarkup(average: number, left: number, centreY: number, paintAttrs: string, clipId: string): string {
  const d = starsPath(left, centreY);
  const filled = Math.min(5, Math.max(0, Math.round(average * 10) / 10));
  // Whole stars fill to their tips; a fraction fills that share of its star's width.
  const whole = Math.floor(filled);
  const fraction = filled - whole;
  const fillWidth = whole * STAR_PITCH + (fraction > 0 ? fraction * 2 * OUTER_RADIUS : whole > 0 ? -(STAR_PITCH - 2 * OUTER_RADIUS) : 0);
  return (
    `<path d="${d}" fill-opacity=".35" ${paintAttrs}/>` +
    (fillWidth > 0
      ? `<clipPath id="${clipId}"><rect x="${left}" y="${round2(centreY - OUTER_RADIUS)}" width="${round2(fillWidth)}" height="${2 * OUTER_RADIUS}"/></clipPath>` +
        `<path d="${d}" clip-path="url(#${clipId})" ${paintAttrs}/>`
      : '')
  );
}
