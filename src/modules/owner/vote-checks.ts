/**
 * Vote checks (spec: GET check; issue 15: the bulk check), answered from memory between votes:
 * cached per bot and user until the status would change by itself or a vote for the bot arrives.
 */
import type { Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MaybePromise } from '../../lib/maybe-promise.js';
import { ReadCache, type CachedResponse } from '../../lib/read-cache.js';
import type { PublishedBots } from '../bots/catalog.js';
import type { VoteStatus } from './schemas.js';
import { voteRepository } from './votes-repository.js';

/** A vote counts (and blocks the next one) for 12 hours. */
export const VOTE_WINDOW_MS = 12 * 60 * 60 * 1000;
/** How long a vote check may be served from memory at most, should a change notification be lost. */
const CHECK_TTL_MS = 30_000;
/**
 * Checks kept at most: each lives 30 s, so 20,000 hold every repeated check of 660 distinct users a
 * second, and a flood of one-off checks is not kept (`Admission`). An entry costs about 0.8 KB of
 * heap (key, group index, entry, ETag): 100,000 of them were 74 MB of heap and 123 MB of RSS,
 * against a budget of 600 MB for a process at 100,000 bots (docs/scale.md).
 */
const CHECK_CACHE_ENTRIES = 20_000;

function checkKey(botId: string, userId: string): string {
  return `check:${botId}:${userId}`;
}

export interface BulkVoteStatus extends VoteStatus {
  userId: string;
}

/** `{data: Vote status}` for the user's latest vote inside the window (if any). */
function statusJson(votedAt: Date | undefined, now: Date): string {
  if (!votedAt || votedAt > now) return JSON.stringify({ data: { voted: false, votedAt: null, expiresAt: null } });
  const expiresAt = new Date(votedAt.getTime() + VOTE_WINDOW_MS);
  return JSON.stringify({ data: { voted: true, votedAt: votedAt.toISOString(), expiresAt: expiresAt.toISOString() } });
}

/** How long a status may be cached: until its window ends, CHECK_TTL_MS at most. */
function statusTtl(body: string, now: Date): number {
  const expiresAt = (JSON.parse(body) as { data: VoteStatus }).data.expiresAt;
  return expiresAt === null ? CHECK_TTL_MS : Math.min(CHECK_TTL_MS, Date.parse(expiresAt) - now.getTime());
}

export class VoteChecks {
  private readonly cache: ReadCache;

  /** `reads`: checks only read, and a vote has committed before it is announced (Database.reads). */
  constructor(
    private readonly reads: Queryable,
    private readonly clock: Clock,
    /** Whether the bot is published: asked of the catalog in memory, as the public bot is. */
    private readonly catalog: PublishedBots,
  ) {
    // A vote status past its window is wrong, not stale: no old answers while the database is down.
    this.cache = new ReadCache(clock, { maxEntries: CHECK_CACHE_ENTRIES, staleWhenDown: false });
  }

  /** A vote of `userId` for the bot changes that user's status only; any other change of the bot all of them. */
  forget(botId: string, userId?: string): void {
    if (userId === undefined) this.cache.invalidate(botId);
    else this.cache.forget(checkKey(botId, userId));
  }

  /**
   * `{data: Vote status}` as JSON, cached per bot and user until the status would change by itself
   * (the end of the 12-hour window) or a vote for the bot arrives (the change feed drops the bot's
   * entries on every process). Voted when the latest vote is less than 12 hours old: 11:59:59 yes,
   * 12:00:00 no.
   */
  statusJson(botId: string, userId: string): MaybePromise<CachedResponse> {
    const key = checkKey(botId, userId);
    // Looked at before `get`: a hit then makes no closures (the owner API's hottest call).
    const hit = this.cache.peek(key);
    if (hit) return hit;
    let ttlMs = CHECK_TTL_MS;
    return this.cache.fetch(
      key,
      botId,
      async () => {
        if (!(await this.catalog.entry(botId))) throw AppError.notFound();
        const now = this.clock.now();
        const body = statusJson(await voteRepository.latestSince(this.reads, botId, userId, new Date(now.getTime() - VOTE_WINDOW_MS)), now);
        ttlMs = statusTtl(body, now);
        return body;
      },
      () => ttlMs,
    );
  }

  /**
   * The vote status of up to 100 users at once, each exactly as `statusJson` answers it and
   * from the same cache: cached statuses cost nothing, the others one query together (an index
   * range per user) whose answers are cached for the single check too. Answers in the order asked.
   */
  async statuses(botId: string, userIds: string[]): Promise<BulkVoteStatus[]> {
    const misses = [...new Set(userIds)].filter((userId) => !this.cache.peek(checkKey(botId, userId)));
    let batch: Promise<Map<string, string> | undefined> | undefined;
    const load = () => (batch ??= this.loadStatuses(botId, misses));
    const statuses = new Map<string, Promise<CachedResponse>>();
    for (const userId of new Set(userIds)) {
      const expires = { ttlMs: CHECK_TTL_MS };
      // Every flight is registered in this same tick, before the query can answer, so a vote
      // announced meanwhile invalidates them like any single check's.
      statuses.set(
        userId,
        this.cache.fetch(
          checkKey(botId, userId),
          botId,
          async () => {
            const body = (await load())?.get(userId);
            if (body === undefined) throw AppError.notFound();
            expires.ttlMs = statusTtl(body, this.clock.now());
            return body;
          },
          () => expires.ttlMs,
        ),
      );
    }
    const bodies = await Promise.all(userIds.map((userId) => statuses.get(userId) as Promise<CachedResponse>));
    return bodies.map((cached, i) => ({ userId: userIds[i] as string, ...(JSON.parse(cached.body.toString()) as { data: VoteStatus }).data }));
  }

  /** The status JSON of each user (undefined: no published bot), in one query for the votes. */
  private async loadStatuses(botId: string, userIds: string[]): Promise<Map<string, string> | undefined> {
    if (!(await this.catalog.entry(botId))) return undefined;
    const now = this.clock.now();
    const latest = await voteRepository.latestSinceMany(this.reads, botId, userIds, new Date(now.getTime() - VOTE_WINDOW_MS));
    return new Map(userIds.map((userId) => [userId, statusJson(latest.get(userId), now)]));
  }
}
