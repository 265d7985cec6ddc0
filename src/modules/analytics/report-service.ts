import type { Database } from '../../db/index.js';
import { addDays, consecutiveDays, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AnalyticsWindow, DailyCount } from './metrics.js';
import { analyticsReadRepository, type AnalyticsFacts, type TopCount } from './read-repository.js';
import type { AnalyticsDay, AnalyticsTotals, BotAnalytics, TopEntry } from './schemas.js';

/** Days back from today whose votes are read live from bot_vote_days (today included); older ones from bot_days. */
export const LIVE_VOTE_DAYS = 7;

/** The API's name of each daily count. */
const API_NAMES: Record<DailyCount, keyof AnalyticsTotals> = {
  views: 'views',
  visitors: 'visitors',
  invites: 'invites',
  votes: 'votes',
  widget_views: 'widgetViews',
  card_views: 'cardViews',
  badge_views: 'badgeViews',
  search_impressions: 'searchImpressions',
  search_clicks: 'searchClicks',
};
const NAMES = Object.entries(API_NAMES) as [DailyCount, keyof AnalyticsTotals][];

/** What a bot's owners see of its audience: daily counts over 7, 30 or 90 days, totals, conversion, top lists. */
export class AnalyticsReports {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The last `days` UTC days of a published bot, today included (counted so far); 404 otherwise. */
  async forBot(botId: string, days: AnalyticsWindow): Promise<BotAnalytics> {
    const to = utcDay(this.clock.now());
    const from = addDays(to, -(days - 1));
    const dates = consecutiveDays(from, days);
    const window = { firstDay: from, lastDay: to, liveVotesFrom: addDays(to, -(LIVE_VOTE_DAYS - 1)) };
    const facts = await analyticsReadRepository.window(this.db.reads, botId, window, dates);
    if (!facts) throw AppError.notFound();
    return analyticsOf(facts, dates);
  }
}

/** The domain value of a window's facts: one item per day, totals, conversion rates, top lists. */
export function analyticsOf(facts: AnalyticsFacts, dates: string[]): BotAnalytics {
  const totals = {} as AnalyticsTotals;
  for (const [name, api] of NAMES) totals[api] = facts.counts[name].reduce((sum, value) => sum + value, 0);
  const daily = dates.map((date, i) => {
    const day = { date } as AnalyticsDay;
    for (const [name, api] of NAMES) day[api] = facts.counts[name][i] ?? 0;
    return day;
  });
  return {
    days: dates.length,
    from: dates[0]!,
    to: dates.at(-1)!,
    daily,
    totals,
    conversion: { invites: rate(totals.invites, totals.views), votes: rate(totals.votes, totals.views) },
    referrers: entries(facts.tops.referrers),
    searchTerms: entries(facts.tops.search_terms),
    embedReferrers: entries(facts.tops.embed_referrers),
  };
}

/** `part` ÷ `whole` to four decimals; null when there is no whole. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

function entries(tops: TopCount[]): TopEntry[] {
  return tops.map(({ key, count }) => ({ value: key, count }));
}
