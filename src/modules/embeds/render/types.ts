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

export type BadgeVariant = 'votes' | 'servers' | 'rating';

export interface BadgeOptions {
  variant: BadgeVariant;
  theme?: Theme;
  compact: boolean;
}

export interface NotFoundBadgeOptions {
  theme?: Theme;
  compact: boolean;
}

export interface WidgetOptions {
  theme?: Theme;
  lang: Lang;
  /** Absolute http(s) URL of the bot's page on the operator's site (SITE_URL + slug). */
  voteUrl: string;
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
}
