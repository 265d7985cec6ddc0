/** What the daily series store counts per bot and day (bot_days's columns, migration 039). */
export const DAILY_COUNTS = [
  'views',
  'visitors',
  'invites',
  'widget_views',
  'card_views',
  'badge_views',
  'search_impressions',
  'search_clicks',
  'votes',
] as const;
export type DailyCount = (typeof DAILY_COUNTS)[number];

/** Counts a process adds up in memory and flushes (visitors are estimated, votes copied from their counters). */
export const ADDED_COUNTS = [
  'views',
  'invites',
  'widget_views',
  'card_views',
  'badge_views',
  'search_impressions',
  'search_clicks',
] as const;
export type AddedCount = (typeof ADDED_COUNTS)[number];

/** The bounded top lists per bot and day (bot_day_tops's columns). */
export const TOP_LISTS = ['referrers', 'search_terms', 'embed_referrers'] as const;
export type TopList = (typeof TOP_LISTS)[number];

/** Entries shown per top list; each day keeps more so that merging days and processes stays close to exact. */
export const TOP_SHOWN = 20;
export const TOP_KEPT = 50;

/** The windows the dashboard and the API offer. */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];
