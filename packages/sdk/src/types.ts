/** Friendly names for the generated schema types (packages/sdk/src/generated/openapi.ts). */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type Query<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

export type Bot = Schemas['Bot'];
export type BotList = Schemas['BotList'];
export type Pagination = Schemas['Pagination'];
export type Review = Schemas['Review'];
export type ReviewList = Schemas['ReviewList'];
export type HistoryResponse = Schemas['HistoryResponse'];
export type HistoryPoint = Schemas['HistoryPoint'];
export type SearchHit = Schemas['SearchHit'];
export type SearchResponse = Schemas['SearchResponse'];
export type VoteEntry = Schemas['VoteEntry'];
export type VoteStatus = Schemas['VoteStatus'];
export type PremiumStatus = Schemas['PremiumStatus'];
export type StatsRecord = Schemas['StatsRecord'];
export type StoredStats = Schemas['StoredStats'];
export type BotAnalytics = Schemas['BotAnalytics'];
export type AnalyticsDay = Schemas['AnalyticsDay'];
export type TopEntry = Schemas['TopEntry'];

export type ListBotsQuery = Query<'listBots'>;
export type ReviewsQuery = Query<'listBotReviews'>;
export type HistoryQuery = Query<'getBotHistory'>;
export type SearchQuery = Omit<Query<'searchBots'>, 'q'>;
export type VotesQuery = Query<'listVotes'>;
export type AnalyticsQuery = Query<'getBotAnalytics'>;
