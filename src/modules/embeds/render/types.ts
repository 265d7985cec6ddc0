/**
 * Inputs of the embeddable-asset renderers. The renderers are pure functions: the
 * integrator loads the bot (and its history) and decides caching; nothing here touches
 * the network, the database or the clock.
 */

export type Lang = 'de' | 'en';

/** `undefined` means "follow the viewer's system setting" (CSS `prefers-color-scheme`). */
export type Theme = 'dark' | 'light';

export type ChartTheme = 'auto' | Theme;

export interface EmbedBot {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  shortDescription: { de: string; en: string };
  iconUrl: string;
  isVerified: boolean;
  serverCount: number;
  votesMonth: number;
  votesTotal: number;
  rating: { average: number; count: number };
}

export type BadgeVariant = 'votes' | 'servers' | 'rating' | 'votes_total' | 'status' | 'rating_stars';

/** shields.io's styles; `flat` is the badge as it has always looked here. */
export type BadgeStyle = 'flat' | 'flat-square' | 'for-the-badge' | 'plastic' | 'social';

export interface BadgeOptions {
  variant: BadgeVariant;
  theme?: Theme;
  compact: boolean;
  /** Default `flat`. */
  style?: BadgeStyle;
  /** Replaces the variant's label; `''` drops the label as `compact` does. */
  label?: string;
  /** Background of the value: hex or a palette name (colour.ts); text colour follows by contrast. */
  color?: string;
  /** Background of the label, as `color`. */
  labelColor?: string;
  /** A 14 px logo before the first text: the bot's icon when stored as data, else the directory's. */
  logo?: boolean;
  /** The language of labels and numbers; default `en`. */
  lang?: Lang;
}

export interface NotFoundBadgeOptions {
  theme?: Theme;
  compact: boolean;
  style?: BadgeStyle;
  /** The language of the label ("bot"); default `en`. */
  lang?: Lang;
}

export interface WidgetOptions {
  theme?: Theme;
  lang: Lang;
  /** Absolute http(s) URL of the bot's page on the operator's site (SITE_URL + slug). */
  voteUrl: string;
  /** Absolute http(s) URL of our invite redirect for the bot (SITE_URL + slug + `/invite`), which counts the click. */
  inviteUrl: string;
}

export interface ChartSeries {
  botName: string;
  /** 'self': counts reported by the bot owner; 'platform': the chat platform's own count. */
  source: 'self' | 'platform';
  points: { date: string /* YYYY-MM-DD */; servers: number }[];
  rangeDays: 7 | 30 | 90 | 365;
}

export interface ChartOptions {
  theme: ChartTheme;
  /**
   * The value axis: `auto` (default) starts near the data but always spans at least
   * MIN_RELATIVE_SPAN of its top value; `zero` starts at 0.
   */
  scale?: 'auto' | 'zero';
  /** Pixels; default CHART_WIDTH × CHART_HEIGHT, within CHART_SIZE_LIMITS. */
  width?: number;
  height?: number;
  /** The language of labels, numbers and dates; default `en`. */
  lang?: Lang;
}

export interface ChartPngOptions extends ChartOptions {
  /** Device pixels per CSS pixel: 2 gives a sharp image on high-density screens. Default 1. */
  dpr?: 1 | 2;
}

export interface CardOptions {
  /** `undefined`: follow the viewer's system setting. */
  theme?: Theme;
  lang: Lang;
}
