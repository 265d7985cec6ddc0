/**
 * `@bot-directory/sdk`: a typed client of the Bot Directory API and a shard-aware stats
 * autoposter. Runs wherever `fetch` does (Node 20+, Deno, Bun, browsers). Webhook receiving is in
 * `@bot-directory/sdk/webhooks`.
 */
export { BotDirectory } from './client.js';
export type { ClientOptions } from './client.js';
export { BotDirectoryError } from './errors.js';
export type { BotDirectoryErrorInit, ErrorCode, ErrorDetail, ServiceErrorCode } from './errors.js';
export type { RateLimit } from './rate-limit.js';
export type { RetryOptions } from './retry.js';
export type { VoteCacheOptions } from './vote-cache.js';
export type { EmbedUrls } from './embeds.js';
export { AutoPoster, StatsPoster, DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS } from './autoposter/autoposter.js';
export type { AutoPosterEvents, AutoPosterOptions, Scheduler } from './autoposter/autoposter.js';
export type { DiscordClientLike, ShardManagerLike, StatsCallback, StatsSnapshot, StatsSource } from './autoposter/sources.js';
export type * from './types.js';
export type { paths, components, operations, webhooks } from './generated/openapi.js';
