import { Type, type Static } from 'typebox';
import { named } from '../../lib/schemas.js';
import { ANALYTICS_WINDOWS } from './metrics.js';

export const AnalyticsQuery = Type.Object({
  days: Type.Integer({ enum: [...ANALYTICS_WINDOWS], default: 30, description: 'Window in days, today included: 7, 30 or 90' }),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Count = Type.Integer({ minimum: 0 });
const count = (description: string) => Type.Integer({ minimum: 0, description });

/** The counts of one day, or of the whole window (the names the API uses for DAILY_COUNTS). */
const counts = {
  views: count('Views of the bot page'),
  visitors: count('Unique visitors of the bot page, estimated per day (see the privacy page); a total is the sum of the days'),
  invites: count('Invite clicks through the directory'),
  votes: Count,
  widgetViews: count('Impressions of the embeddable widget'),
  cardViews: count('Impressions of the embeddable card'),
  badgeViews: count('Impressions of the badges'),
  searchImpressions: count('Times the bot was shown in a search result'),
  searchClicks: count('Times the bot was opened from a search result'),
};

export const AnalyticsDay = named(
  'AnalyticsDay',
  Type.Object({ date: Type.String({ format: 'date', description: 'UTC day' }), ...counts }, { additionalProperties: false }),
);
export type AnalyticsDay = Static<typeof AnalyticsDay>;

export const AnalyticsTotals = named('AnalyticsTotals', Type.Object(counts, { additionalProperties: false }));
export type AnalyticsTotals = Static<typeof AnalyticsTotals>;

const rate = (description: string) => Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description });

export const AnalyticsConversion = named(
  'AnalyticsConversion',
  Type.Object(
    {
      invites: rate('Invite clicks ÷ views over the window (4 decimals); null without views'),
      votes: rate('Votes ÷ views over the window (4 decimals); null without views'),
    },
    { additionalProperties: false },
  ),
);
export type AnalyticsConversion = Static<typeof AnalyticsConversion>;

export const TopEntry = named(
  'TopEntry',
  Type.Object(
    { value: Type.String(), count: Count },
    { additionalProperties: false, description: 'A host or search term and its count over the window' },
  ),
);
export type TopEntry = Static<typeof TopEntry>;

const Top = (description: string) => Type.Array(TopEntry, { maxItems: 20, description });

export const BotAnalytics = named(
  'BotAnalytics',
  Type.Object(
    {
      days: Type.Integer({ description: 'Days in the window' }),
      from: Type.String({ format: 'date', description: 'First day of the window (UTC)' }),
      to: Type.String({ format: 'date', description: 'Last day of the window: today (UTC), counted so far' }),
      daily: Type.Array(AnalyticsDay, { description: 'One item per day of the window, oldest first, days without activity included' }),
      totals: AnalyticsTotals,
      conversion: AnalyticsConversion,
      referrers: Top('Hosts that referred views of the bot page, most first (at most 20)'),
      searchTerms: Top('Search terms after which the bot was opened from a search result, most first (at most 20)'),
      embedReferrers: Top('Hosts of pages that showed the widget, card or a badge, most first (at most 20)'),
    },
    { additionalProperties: false },
  ),
);
export type BotAnalytics = Static<typeof BotAnalytics>;

export const AnalyticsResponse = named('AnalyticsResponse', Type.Object({ data: BotAnalytics }));
