/**
 * Premium statuses (spec: GET premium, by user and by guild), answered from memory between
 * changes. A bot asks for every command it runs behind a paid tier, as it asks for vote checks.
 */
import type { Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MaybePromise } from '../../lib/maybe-promise.js';
import { ReadCache, type CachedResponse } from '../../lib/read-cache.js';
import type { PublishedBots } from '../bots/catalog.js';
import type { PremiumStatus, Subscription } from './schemas.js';
import { subscriptionRepository } from './subscriptions-repository.js';

/** How long a status may be served from memory at most, should a change notification be lost. */
const STATUS_TTL_MS = 30_000;
/** Statuses kept at most (as vote checks: repeated asks are kept, a flood of one-off ones is not). */
const STATUS_CACHE_ENTRIES = 20_000;

export type PremiumScope = { userId: string } | { guildId: string };

const NO_PREMIUM: PremiumStatus = {
  active: false,
  tierId: null,
  tierName: null,
  interval: null,
  guildId: null,
  expiresAt: null,
  cancelAtPeriodEnd: false,
};

function statusOf(subscription: Subscription | undefined): PremiumStatus {
  if (!subscription) return NO_PREMIUM;
  const { tierId, tierName, interval, guildId, expiresAt, cancelAtPeriodEnd } = subscription;
  return { active: true, tierId, tierName, interval, guildId, expiresAt, cancelAtPeriodEnd };
}

export class PremiumStatuses {
  private readonly cache: ReadCache;

  constructor(
    /** Statuses only read, and a subscription has committed before it is announced (Database.reads). */
    private readonly reads: Queryable,
    private readonly clock: Clock,
    private readonly catalog: PublishedBots,
  ) {
    // A status past its paid period is wrong, not stale: no old answers while the database is down.
    this.cache = new ReadCache(clock, { maxEntries: STATUS_CACHE_ENTRIES, staleWhenDown: false });
  }

  /** A subscription of the bot was written, or the bot changed: every status of the bot may differ. */
  forget(botId: string): void {
    this.cache.invalidate(botId);
  }

  /**
   * `{data: Premium status}` as JSON, cached per bot and user (or guild) until the subscription in
   * force would end by itself (its `expiresAt`) or a subscription of the bot is written.
   */
  statusJson(botId: string, scope: PremiumScope): MaybePromise<CachedResponse> {
    const key = 'userId' in scope ? `user:${botId}:${scope.userId}` : `guild:${botId}:${scope.guildId}`;
    // Looked at before `get`: a hit then makes no closures.
    const hit = this.cache.peek(key);
    if (hit) return hit;
    let ttlMs = STATUS_TTL_MS;
    return this.cache.get(
      key,
      botId,
      async () => {
        if (!(await this.catalog.entry(botId))) throw AppError.notFound();
        const now = this.clock.now();
        const subscription = await subscriptionRepository.current(this.reads, botId, scope, now);
        if (subscription) ttlMs = Math.min(STATUS_TTL_MS, Date.parse(subscription.expiresAt) - now.getTime());
        return JSON.stringify({ data: statusOf(subscription) });
      },
      () => ttlMs,
    );
  }
}
