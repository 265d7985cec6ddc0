import type { BadgeLogo } from './badge-logo.js';
import type { BadgeRole } from './palette.js';
import type { BadgeStyle, Theme } from './types.js';

export interface BadgeContent {
  label: string;
  value: string;
  valueRole: BadgeRole;
  /** Spoken by screen readers and shown as tooltip; contains the bot name. */
  description: string;
  /** `rating_stars`: the average (0–5) the stars show, drawn before `value`. */
  stars?: number;
}

/** How a badge is drawn, beyond what it says. */
export interface BadgeLook {
  theme: Theme | undefined;
  /** No label section. */
  compact: boolean;
  style: BadgeStyle;
  colours: Record<Theme, Record<BadgeRole, string>>;
  logo: BadgeLogo | undefined;
}
