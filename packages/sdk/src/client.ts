import createClient, { type Client as OpenApiClient } from 'openapi-fetch';
import { embedUrls, type EmbedUrls } from './embeds.js';
import { BotDirectoryError } from './errors.js';
import type { paths } from './generated/openapi.js';
import { readRateLimit, type RateLimit } from './rate-limit.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type {
  AnalyticsQuery,
  Bot,
  BotAnalytics,
  BotList,
  HistoryQuery,
  HistoryResponse,
  ListBotsQuery,
  PremiumStatus,
  ReviewList,
  ReviewsQuery,
  SearchQuery,
  SearchResponse,
  StatsRecord,
  StoredStats,
  VoteEntry,
  VoteStatus,
  VotesQuery,
} from './types.js';
import { VoteCache, type VoteCacheOptions } from './vote-cache.js';

export interface ClientOptions {
  /** Address of the directory, e.g. `https://bots.example.org` (self-hosted directories too). */
  baseUrl: string;
  /** API key (`bdk_…`) for the owner endpoints; the public reads work without one (at a lower rate limit). */
  token?: string;
  /** The bot the key belongs to: the default of every owner call and of {@link BotDirectory.hasVoted}. */
  botId?: string;
  /** Repeats of failed calls (429, 5xx, network errors), or `false`. See {@link RetryOptions}. */
  retry?: RetryOptions | false;
  /** Time limit of one attempt. Default 10 s. */
  timeoutMs?: number;
  /** The `hasVoted` cache. */
  voteCache?: VoteCacheOptions;
  /** Replaces the global `fetch` (a proxy agent, tests). */
  fetch?: typeof fetch;
}

/** `{data: T}` → T; a failed call → {@link BotDirectoryError}. */
type Call<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * A typed client of the Bot Directory API v1. Every method rejects with a {@link BotDirectoryError}.
 *
 * ```ts
 * const directory = new BotDirectory({ baseUrl: 'https://bots.example.org', token: process.env.BOT_DIRECTORY_TOKEN, botId: '123' });
 * const { data: bots } = await directory.bots.list({ sort: 'servers', limit: 10 });
 * ```
 */
export class BotDirectory {
  /** The openapi-fetch client underneath, for calls that need the whole `Response`. Same retries and headers. */
  readonly raw: OpenApiClient<paths>;
  /** URLs of the badge, widget, chart and card of a bot, for `<img>` and `<iframe>`. */
  readonly embeds: EmbedUrls;
  private readonly defaultBotId: string | undefined;
  private readonly votesCache: VoteCache;
  private lastRateLimit: RateLimit | undefined;

  constructor(options: ClientOptions) {
    if (typeof options?.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError('BotDirectory: baseUrl must be an http(s) URL, e.g. https://bots.example.org');
    }
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.defaultBotId = options.botId;
    const fetcher = retryingFetch(
      options.fetch ?? globalThis.fetch.bind(globalThis),
      options.retry ?? {},
      options.timeoutMs ?? 10_000,
      (response) => {
        this.lastRateLimit = readRateLimit(response.headers) ?? this.lastRateLimit;
      },
    );
    this.raw = createClient<paths>({
      baseUrl,
      fetch: fetcher,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
    this.embeds = embedUrls(baseUrl);
    this.votesCache = new VoteCache(options.voteCache);
  }

  /** The `x-ratelimit-*` headers of the latest answer: how many calls are left in this window. */
  get rateLimit(): RateLimit | undefined {
    return this.lastRateLimit;
  }

  /** Public reads: the bot list, one bot, its reviews and its server-count history. */
  readonly bots = {
    list: (query: ListBotsQuery = {}): Promise<BotList> => this.body('GET', this.raw.GET('/api/v1/bots', { params: { query } })),
    get: (id: string): Promise<Bot> => this.data('GET', this.raw.GET('/api/v1/bots/{id}', { params: { path: { id } } })),
    reviews: (id: string, query: ReviewsQuery = {}): Promise<ReviewList> =>
      this.body('GET', this.raw.GET('/api/v1/bots/{id}/reviews', { params: { path: { id }, query } })),
    history: (id: string, query: HistoryQuery = {}): Promise<HistoryResponse> =>
      this.body('GET', this.raw.GET('/api/v1/bots/{id}/history', { params: { path: { id }, query } })),
  };

  /** Typo-tolerant search meant for what a person types; `bots.list({search})` is the plain substring match. */
  search(q: string, query: SearchQuery = {}): Promise<SearchResponse> {
    return this.body('GET', this.raw.GET('/api/v1/search', { params: { query: { ...query, q } } }));
  }

  /** Owner calls (key with `votes:read`). `botId` defaults to the client's `botId`. */
  readonly votes = {
    /** Recent votes, newest first. */
    list: async (botId = this.botId(), query: VotesQuery = {}): Promise<VoteEntry[]> =>
      this.data('GET', this.raw.GET('/api/v1/bots/{id}/votes', { params: { path: { id: botId }, query } })),
    /** Whether the user voted in the last 12 hours (always asks the service; see {@link BotDirectory.hasVoted}). */
    check: (botId: string, userId: string): Promise<VoteStatus> =>
      this.data('GET', this.raw.GET('/api/v1/bots/{id}/check/{userId}', { params: { path: { id: botId, userId } } })),
  };

  /** Owner calls (key with `premium:read`): a user's or a server's subscription. */
  readonly premium = {
    user: (botId: string, userId: string): Promise<PremiumStatus> =>
      this.data('GET', this.raw.GET('/api/v1/bots/{id}/premium/{userId}', { params: { path: { id: botId, userId } } })),
    guild: (botId: string, guildId: string): Promise<PremiumStatus> =>
      this.data('GET', this.raw.GET('/api/v1/bots/{id}/premium/guild/{guildId}', { params: { path: { id: botId, guildId } } })),
  };

  /** Owner call (key with `stats:write`). For a running bot, the {@link AutoPoster} does this for you. */
  readonly stats = {
    post: (botId: string, stats: StatsRecord): Promise<StoredStats> =>
      this.data('POST', this.raw.POST('/api/v1/bots/{id}/stats', { params: { path: { id: botId } }, body: stats })),
  };

  /** Owner call (key with `analytics:read`): the bot's daily counts, totals, conversion and top lists over 7, 30 (default) or 90 days. */
  readonly analytics = {
    get: (botId = this.botId(), query: AnalyticsQuery = {}): Promise<BotAnalytics> =>
      this.data('GET', this.raw.GET('/api/v1/bots/{id}/analytics', { params: { path: { id: botId }, query } })),
  };

  /**
   * Whether the user has voted within the 12-hour window, answered from memory until the vote's
   * `expiresAt`: a bot that checks on every command sends one request per voter and window.
   */
  async hasVoted(userId: string, botId = this.botId()): Promise<boolean> {
    const key = `${botId}\u0000${userId}`;
    const cached = this.votesCache.get(key);
    if (cached !== undefined) return cached;
    const status = await this.votes.check(botId, userId);
    this.votesCache.set(key, status);
    return status.voted;
  }

  private botId(): string {
    if (this.defaultBotId === undefined) {
      throw new BotDirectoryError({
        code: 'validation_failed',
        message: 'No botId: pass it to the call or to new BotDirectory({ botId })',
      });
    }
    return this.defaultBotId;
  }

  /** The whole body of a successful answer. */
  private async body<T>(method: string, call: Call<T>): Promise<T> {
    let result: Awaited<Call<T>>;
    try {
      result = await call;
    } catch (failure) {
      throw BotDirectoryError.fromFailure(failure, method);
    }
    if (!result.response.ok || result.data === undefined) {
      throw BotDirectoryError.fromResponse(result.response, result.error, method);
    }
    return result.data;
  }

  /** The `data` of a successful answer. */
  private async data<T>(method: string, call: Call<{ data: T }>): Promise<T> {
    return (await this.body(method, call)).data;
  }
}
