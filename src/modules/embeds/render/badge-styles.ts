import type { FontSpec } from './text-width.js';
import type { BadgeStyle } from './types.js';

/**
 * Geometry of the boxed styles (all but `social`, see badge-social.ts), after shields.io's
 * templates. `flat` is this directory's badge as it has always been: 20 px, 11 px Verdana, 6 px
 * padding, corners of 3 px.
 */
export interface BoxStyle {
  height: number;
  /** Horizontal padding on each side of a section's content. */
  padding: number;
  /** Corner radius; 0 draws square corners without a clip path. */
  radius: number;
  /** Baseline of the text. */
  baseline: number;
  labelFont: FontSpec;
  valueFont: FontSpec;
  uppercase: boolean;
  /** Extra space per character, counted into the measured width (textLength spreads it). */
  letterSpacing: number;
  /** Space between the logo (or the stars) and the text. */
  gap: number;
  /** `plastic`'s glossy gradient over the whole badge. */
  gloss: boolean;
}

const VERDANA_11: FontSpec = { size: 11 };

export const BOX_STYLES: Record<Exclude<BadgeStyle, 'social'>, BoxStyle> = {
  flat: {
    height: 20,
    padding: 6,
    radius: 3,
    baseline: 14,
    labelFont: VERDANA_11,
    valueFont: VERDANA_11,
    uppercase: false,
    letterSpacing: 0,
    gap: 4,
    gloss: false,
  },
  'flat-square': {
    height: 20,
    padding: 6,
    radius: 0,
    baseline: 14,
    labelFont: VERDANA_11,
    valueFont: VERDANA_11,
    uppercase: false,
    letterSpacing: 0,
    gap: 4,
    gloss: false,
  },
  plastic: {
    height: 18,
    padding: 6,
    radius: 4,
    baseline: 13,
    labelFont: VERDANA_11,
    valueFont: VERDANA_11,
    uppercase: false,
    letterSpacing: 0,
    gap: 4,
    gloss: true,
  },
  // shields.io's "for the badge": 28 px, capitals spaced 1.25 px, 10 px Verdana, the value bold.
  'for-the-badge': {
    height: 28,
    padding: 12,
    radius: 0,
    baseline: 18,
    labelFont: { size: 10 },
    valueFont: { size: 10, bold: true },
    uppercase: true,
    letterSpacing: 1.25,
    gap: 6,
    gloss: false,
  },
};

/** Height in pixels of a badge of each style (the browser test checks these). */
export const BADGE_HEIGHTS: Record<BadgeStyle, number> = {
  flat: 20,
  'flat-square': 20,
  plastic: 18,
  'for-the-badge': 28,
  social: 20,
};
