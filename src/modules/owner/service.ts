import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import type { Change, ChangeFeed } from '../../lib/change-feed.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MaybePromise } from '../../lib/maybe-promise.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import { ReadCache, type CachedResponse } from '../../lib/read-cache.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { PublishedBots } from '../bots/catalog.js';
import { botRepository } from '../bots/repository.js';
import { historyRepository } from '../history/repository.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordEvent } from '../webhooks/outbox.js';
import { donationRepository } from './donations-repository.js';
import type { Donation, DonationCreate, Subscription, SubscriptionListQuery, SubscriptionPatch, SubscriptionUpsert, StatsReport, HistoryBackfill, VoteCreate, VoteEntry } from './schemas.js';
import { subscriptionRepository, type SubscriptionWrite } from './subscriptions-repository.js';
import { statsRepository, type StoredCounts, type TotalReport } from './stats-repository.js';
import { voteRepository, type VoteOutcome, type VoteRecord } from './votes-repository.js';
import { Coalescer } from '../../lib/coalescer.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { PremiumStatuses, type PremiumScope } from './premium-statuses.js';
import { VoteChecks, VOTE_WINDOW_MS, type BulkVoteStatus } from './vote-checks.js';

export { VOTE_WINDOW_MS };


/**
 * A shard's report counts towards the bot's sum this long: a shard whose process stopped
 * reporting drops out of the sum at the next report of any shard after it.
 */
export const SHARD_REPORT_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * Votes and stats reports written at once: two batches under way keep the database busy while
 * the next batch forms (more would only split the queue into smaller batches), and a batch of 100
 * is one statement of a few milliseconds.
 */
const WRITE_BATCHES = { inFlight: 2, maxBatch: 100, failsAll: isDatabaseUnavailable };

/**
 * How long a bot's recent votes may be answered from memory when no vote arrives: a list bounded by
 * `hours` moves with the clock, so it lives one second (its window at most a second behind).
 */
const RECENT_VOTES_TTL_MS = 30_000;
const RECENT_VOTES_WINDOW_TTL_MS = 1_000;

/** Lapsed subscriptions ended per transaction by the sweep. */
export const LAPSE_BATCH = 100;

type SubscriptionFields = Omit<SubscriptionWrite, 'announced'>;

/** The `premium` event's payload; `active` says whether the subscription begins or ends. */
function premiumPayload(s: SubscriptionFields, active: boolean): Record<string, unknown> {
  const { userId, guildId, tierId, tierName, interval, expiresAt, cancelAtPeriodEnd } = s;
  return { user: userId, guildId, tierId, tierName, interval, active, expiresAt, cancelAtPeriodEnd };
}

/** When a platform ID was created: Discord snowflakes carry milliseconds since 2015 in their top bits. */
export function snowflakeTime(id: string): Date {
  return new Date(Number(BigInt(id) >> 22n) + 1_420_070_400_000);
}

export class OwnerService {
  /** Vote checks: the hottest owner call, answered from memory between votes. */
  private readonly checks: VoteChecks;
  /** Recent votes by bot, dropped by the bot's next vote: a bot that polls them asks the database once per vote. */
  private readonly recentVotes: ReadCache;
  /** Premium statuses, answered from memory until a subscription of the bot is written or runs out. */
  private readonly premiumStatuses: PremiumStatuses;
  /** Votes that arrive while others are being written go to the database together. */
  private readonly votesToWrite: Coalescer<VoteRecord, VoteOutcome>;
  /** And so do reports of a bot's total. */
  private readonly totalsToWrite: Coalescer<TotalReport, StoredCounts | undefined>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: ChangeFeed,
    /** Every published bot, in memory: the owner's reads ask it, not the database, whether the bot is listed. */
    private readonly catalog: PublishedBots,
  ) {
    this.checks = new VoteChecks(db.reads, clock, catalog);
    this.recentVotes = new ReadCache(clock);
    this.premiumStatuses = new PremiumStatuses(db.reads, clock, catalog);
    this.votesToWrite = new Coalescer((votes) => voteRepository.recordMany(db, votes), WRITE_BATCHES);
    this.totalsToWrite = new Coalescer((reports) => statsRepository.reportMany(db, reports), WRITE_BATCHES);
  }

  /**
   * A vote of `userId` for the bot changes that user's status and the recent votes; any other
   * change of the bot (its profile, publication) every owner answer about it.
   */
  forget(botId: string, userId?: string): void {
    this.checks.forget(botId, userId);
    this.recentVotes.invalidate(botId);
    if (userId === undefined) this.premiumStatuses.forget(botId);
  }

  /** A subscription of the bot was written (here or in another process). */
  forgetPremium(botId: string): void {
    this.premiumStatuses.forget(botId);
  }

  /** `{data: [Vote]}` as JSON, newest first; kept until the bot's next vote or change (exact), see RECENT_VOTES_TTL_MS. */
  recentVotesJson(botId: string, limit: number, hours: number | undefined): Promise<CachedResponse> {
    const ttl = hours === undefined ? RECENT_VOTES_TTL_MS : RECENT_VOTES_WINDOW_TTL_MS;
    return this.recentVotes.fetch(
      `votes:${botId}:${limit}:${hours ?? ''}`,
      botId,
      async () => JSON.stringify({ data: await this.votes(botId, limit, hours) }),
      ttl,
    );
  }

  async votes(botId: string, limit: number, hours: number | undefined): Promise<VoteEntry[]> {
    await this.assertPublished(botId);
    const since = hours === undefined ? undefined : new Date(this.clock.now().getTime() - hours * 3_600_000);
    return voteRepository.list(this.db.reads, botId, limit, since);
  }

  /** `{data: Vote status}` as JSON (see VoteChecks). */
  voteStatusJson(botId: string, userId: string): MaybePromise<CachedResponse> {
    return this.checks.statusJson(botId, userId);
  }

  /** The statuses of up to 100 users at once (see VoteChecks). */
  voteStatuses(botId: string, userIds: string[]): Promise<BulkVoteStatus[]> {
    return this.checks.statuses(botId, userIds);
  }

  /** `{data: Premium status}` as JSON (see PremiumStatuses). */
  premiumJson(botId: string, scope: PremiumScope): MaybePromise<CachedResponse> {
    return this.premiumStatuses.statusJson(botId, scope);
  }

  /**
   * The owner's report replaces the platform's count at once (bot, lists, history source, search).
   * A total, one shard's count (the bot shows the sum of its shards reported within
   * SHARD_REPORT_TTL_MS), or every shard's count.
   */
  async reportStats(botId: string, stats: StatsReport): Promise<{ serverCount: number; shardCount: number }> {
    const now = this.clock.now();
    if ('shardId' in stats && stats.shardId >= stats.shardCount) {
      throw AppError.validation([{ field: 'shardId', message: 'must be below shardCount' }]);
    }
    // One statement each (totals with the others that queue): it checks publication, writes, and commits on its own.
    const stored = !isSnowflakeId(botId)
      ? undefined
      : 'shards' in stats
        ? await statsRepository.reportShards(this.db, botId, stats.shards, now)
        : 'shardId' in stats
          ? await statsRepository.reportShard(this.db, botId, stats, now, new Date(now.getTime() - SHARD_REPORT_TTL_MS))
          : await this.totalsToWrite.submit({ botId, serverCount: stats.serverCount, shardCount: stats.shardCount ?? null, at: now });
    if (!stored) throw AppError.notFound();
    this.feed.announce({ kind: 'bot', botId, aspect: 'stats', counters: stored });
    return { serverCount: stored.serverCount, shardCount: stored.shardCount };
  }

  /**
   * Past days of the bot's server-count history (a bot moving here from another directory): each
   * date before today and not before the bot was created (the time in its application ID; it may
   * well be older than its entry here), written or replaced, so sending the same
   * points again changes nothing. Today belongs to the nightly collection.
   */
  async backfillHistory(botId: string, points: HistoryBackfill['points']): Promise<{ stored: number }> {
    const today = utcDay(this.clock.now());
    if (!isSnowflakeId(botId) || !(await botRepository.isPublished(this.db, botId))) throw AppError.notFound();
    const firstDay = utcDay(snowflakeTime(botId));
    const seen = new Set<string>();
    const problems = points.flatMap(({ date }, i) => {
      const field = `points.${i}.date`;
      if (seen.has(date)) return [{ field, message: 'is given twice' }];
      seen.add(date);
      if (date >= today) return [{ field, message: `must be before today (${today})` }];
      if (date < firstDay) return [{ field, message: `must not be before the bot was added (${firstDay})` }];
      return [];
    });
    if (problems.length > 0) throw AppError.validation(problems);
    await this.feed.commit(this.db, { kind: 'bot', botId, aspect: 'stats' }, (tx) =>
      historyRepository.upsertMany(tx, botId, points.map((p) => ({ day: p.date, servers: p.serverCount, source: 'self' as const }))),
    );
    return { stored: points.length };
  }

  /** A vote, its counters and its `vote` event, written with the votes that arrived meanwhile; 409 inside another vote's 12 hours. */
  async addVote(botId: string, input: VoteCreate): Promise<VoteEntry> {
    const now = this.clock.now();
    const votedAt = input.votedAt ? new Date(input.votedAt) : now;
    if (votedAt > now) throw AppError.validation([{ field: 'votedAt', message: 'must not be in the future' }]);
    if (!isSnowflakeId(botId)) throw AppError.notFound('No bot with that application ID');
    const vote = { user: input.user, username: input.username, flagged: input.flagged ?? false, votedAt: votedAt.toISOString() };
    const month = utcDay(startOfUtcMonth(votedAt));
    const window = { from: new Date(votedAt.getTime() - VOTE_WINDOW_MS), to: new Date(votedAt.getTime() + VOTE_WINDOW_MS) };
    // The vote event gets the counters the vote left (votesTotal, votesMonth) inside record_vote;
    // its reminder is due when the window ends (015_webhook_endpoints.sql).
    const recorded = await this.votesToWrite.submit({
      vote: { id: uuidv7(), botId, ...vote, votedAt, month },
      window,
      event: { id: uuidv7(now.getTime()), payload: { ...vote, expiresAt: window.to.toISOString() }, createdAt: now, reminderId: uuidv7(now.getTime()) },
    });
    if (recorded === 'no_bot') throw AppError.notFound('No bot with that application ID');
    if (recorded === 'duplicate') throw new AppError('conflict', 'This user already voted for this bot within the last 12 hours');
    // After the commit and batched with others; when the event awaits routing, it also wakes the delivery workers.
    this.feed.announce({
      kind: 'bot',
      botId,
      aspect: 'votes',
      userId: input.user,
      counters: { ...recorded.counters, month },
      ...(recorded.routing ? { routing: true } : {}),
    });
    return vote;
  }

  /** Creates or updates a subscription by id; a change of `active` records a `premium` event. */
  async upsertSubscription(botId: string, input: SubscriptionUpsert): Promise<{ subscription: Subscription; created: boolean }> {
    const id = input.id ?? randomUUID();
    const write: SubscriptionFields = {
      id,
      botId,
      userId: input.userId,
      guildId: input.guildId ?? null,
      tierId: input.tierId,
      tierName: input.tierName,
      interval: input.interval,
      expiresAt: new Date(input.expiresAt).toISOString(),
      cancelAtPeriodEnd: input.cancelAtPeriodEnd ?? false,
      active: input.active,
    };
    return this.writeSubscription(id, botId, () => write);
  }

  async listSubscriptions(query: SubscriptionListQuery): Promise<Page<Subscription>> {
    const filter = { botId: query.bot, userId: query.user, guildId: query.guild, active: query.active };
    const { items, total } = await subscriptionRepository.list(this.db, filter, query.limit, offsetOf(query));
    return page(items, total, query);
  }

  async patchSubscription(id: string, patch: SubscriptionPatch): Promise<Subscription> {
    const { subscription } = await this.writeSubscription(id, undefined, (existing) => {
      if (!existing) throw AppError.notFound('No subscription with that ID');
      return {
        ...existing,
        ...patch,
        expiresAt: patch.expiresAt ? new Date(patch.expiresAt).toISOString() : existing.expiresAt,
      };
    });
    return subscription;
  }

  async addDonation(botId: string, input: DonationCreate): Promise<Donation> {
    if (Math.round(input.amount * 100) / 100 !== input.amount) {
      throw AppError.validation([{ field: 'amount', message: 'must have at most two decimals' }]);
    }
    const now = this.clock.now();
    const donation: Donation = {
      id: randomUUID(),
      botId,
      user: input.user,
      username: input.username ?? null,
      amount: input.amount,
      currency: input.currency,
      createdAt: now.toISOString(),
    };
    await this.db.transaction(async (tx) => {
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      await donationRepository.insert(tx, donation);
      const { user, username, amount, currency } = donation;
      await recordEvent(tx, { botId, type: 'donation', payload: { user, username, amount, currency }, createdAt: now });
    });
    return donation;
  }

  /**
   * Writes the premium "ends" events of subscriptions whose paid period ran out without anyone
   * ending them, at most `limit` per call (the workers call it until it returns less). Answers
   * how many it wrote; every process may call it at once, each lapse is written once.
   */
  async recordLapsedPremium(limit = LAPSE_BATCH): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const lapsed = await subscriptionRepository.takeLapsed(tx, now, limit);
      for (const subscription of lapsed) {
        await recordEvent(tx, { botId: subscription.botId, type: 'premium', payload: premiumPayload(subscription, false), createdAt: now });
      }
      return lapsed.length;
    });
  }

  /**
   * Premium events follow whether a subscription is in force (active and paid beyond now), not
   * just its `active` flag: a renewal after a lapse begins it again, a write that leaves it
   * expired announces nothing, and the lapse sweep ends what runs out by itself.
   */
  private async writeSubscription(
    id: string,
    botId: string | undefined,
    build: (existing: Subscription | undefined) => SubscriptionFields,
  ): Promise<{ subscription: Subscription; created: boolean }> {
    const now = this.clock.now();
    // Announced in the transaction (subscriptions change rarely): every process forgets the bot's premium statuses.
    const written = (result: { owner: string }): Change => ({ kind: 'bot', botId: result.owner, aspect: 'premium' });
    const { created } = await this.feed.commit(this.db, written, async (tx) => {
      if (botId !== undefined && !(await botRepository.lock(tx, botId))) {
        throw AppError.notFound('No bot with that application ID');
      }
      const locked = await subscriptionRepository.lock(tx, id);
      const existing = locked?.subscription;
      if (existing && botId !== undefined && existing.botId !== botId) {
        throw new AppError('conflict', 'A subscription with this id belongs to a different bot');
      }
      const fields = build(existing);
      const inForce = fields.active && Date.parse(fields.expiresAt) > now.getTime();
      const next: SubscriptionWrite = { ...fields, announced: inForce };
      if (existing) await subscriptionRepository.update(tx, next, now);
      else await subscriptionRepository.insert(tx, next, now);
      if (inForce !== (locked?.announced ?? false)) {
        await recordEvent(tx, { botId: next.botId, type: 'premium', payload: premiumPayload(next, inForce), createdAt: now });
      }
      return { created: !existing, owner: next.botId };
    });
    return { subscription: (await subscriptionRepository.find(this.db, id)) as Subscription, created };
  }

  /**
   * Before the owner's reads (votes, premium): the catalog answers as it does for the public bot
   * (this process's own changes read back first), which saves each read a round trip.
   */
  private async assertPublished(botId: string): Promise<void> {
    if (!(await this.catalog.entry(botId))) throw AppError.notFound();
  }
}
