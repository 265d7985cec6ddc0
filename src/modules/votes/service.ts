import type { Database } from '../../db/index.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { Coalescer } from '../../lib/coalescer.js';
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { uuidv7 } from '../../lib/uuid.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { BanCheck } from '../bans/service.js';
import type { PublishedBots } from '../bots/catalog.js';
import type { Changes } from '../changes/change.js';
import { voteRepository, type VoteOutcome, type VoteRecord } from './repository.js';
import type { VoteCreate, VoteEntry, VoteStatus } from './schemas.js';

/** A vote counts (and blocks the next one) for 12 hours. */
export const VOTE_WINDOW_MS = 12 * 60 * 60 * 1000;

/**
 * Votes written at once: two batches under way keep the database busy while the next batch forms
 * (more would only split the queue into smaller batches), and a batch of 100 is one statement of
 * a few milliseconds.
 */
const WRITE_BATCHES = { inFlight: 2, maxBatch: 100, failsAll: isDatabaseUnavailable };

/** The longest a vote status is kept. */
const STATUS_LIFE_MS = 30_000;

const NOT_VOTED: VoteStatus = { voted: false, votedAt: null, expiresAt: null };

/** The status of a user whose latest vote inside the window (if any) was at `votedAt`. */
function statusOf(votedAt: Date | undefined, now: Date): VoteStatus {
  if (!votedAt || votedAt > now) return NOT_VOTED;
  return { voted: true, votedAt: votedAt.toISOString(), expiresAt: new Date(votedAt.getTime() + VOTE_WINDOW_MS).toISOString() };
}

export interface BulkVoteStatus extends VoteStatus {
  userId: string;
}

/** Votes: writing them (the vote page, the management API), and the owner's reads of them. */
export class VoteService {
  /** Votes that arrive while others are being written go to the database together. */
  private readonly toWrite: Coalescer<VoteRecord, VoteOutcome>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
    /** Every published bot, in memory: reads ask it, not the database, whether the bot is listed. */
    private readonly catalog: PublishedBots,
    /** A banned user's vote is refused (403). */
    private readonly bans?: BanCheck,
  ) {
    this.toWrite = new Coalescer((votes) => voteRepository.recordMany(db, votes), WRITE_BATCHES);
  }

  /** A published bot's votes, newest first; with `hours`, only those of the last `hours` hours. */
  async recent(botId: string, limit: number, hours: number | undefined): Promise<VoteEntry[]> {
    await this.assertPublished(botId);
    const since = hours === undefined ? undefined : new Date(this.clock.now().getTime() - hours * 3_600_000);
    return voteRepository.list(this.db.reads, botId, limit, since);
  }

  /** Whether the user voted for the published bot within the last 12 hours: 11:59:59 yes, 12:00:00 no. */
  async status(botId: string, userId: string): Promise<VoteStatus> {
    await this.assertPublished(botId);
    const now = this.clock.now();
    return statusOf(await voteRepository.latestSince(this.db.reads, botId, userId, new Date(now.getTime() - VOTE_WINDOW_MS)), now);
  }

  /** The statuses of up to 100 users at once, in the order asked: one query (an index range per user). */
  async statuses(botId: string, userIds: string[]): Promise<BulkVoteStatus[]> {
    await this.assertPublished(botId);
    const now = this.clock.now();
    const latest = await voteRepository.latestSinceMany(
      this.db.reads,
      botId,
      [...new Set(userIds)],
      new Date(now.getTime() - VOTE_WINDOW_MS),
    );
    return userIds.map((userId) => ({ userId, ...statusOf(latest.get(userId), now) }));
  }

  /**
   * A vote, its counters and its `vote` event, written with the votes that arrived meanwhile; 409
   * inside another vote's 12 hours, 403 from a banned user.
   */
  async add(botId: string, input: VoteCreate): Promise<VoteEntry> {
    const now = this.clock.now();
    const votedAt = input.votedAt ? new Date(input.votedAt) : now;
    if (votedAt > now) throw AppError.validation([{ field: 'votedAt', message: 'must not be in the future' }]);
    if (!isSnowflakeId(botId)) throw AppError.notFound('No bot with that application ID');
    await this.bans?.assertUserAllowed(input.user);
    const vote = { user: input.user, username: input.username, flagged: input.flagged ?? false, votedAt: votedAt.toISOString() };
    const month = utcDay(startOfUtcMonth(votedAt));
    const window = { from: new Date(votedAt.getTime() - VOTE_WINDOW_MS), to: new Date(votedAt.getTime() + VOTE_WINDOW_MS) };
    // The vote event gets the counters the vote left (votesTotal, votesMonth) inside record_vote;
    // its reminder is due when the window ends (src/db/functions).
    const recorded = await this.toWrite.submit({
      vote: { id: uuidv7(), botId, ...vote, votedAt, month },
      window,
      event: {
        id: uuidv7(now.getTime()),
        payload: { ...vote, expiresAt: window.to.toISOString() },
        createdAt: now,
        reminderId: uuidv7(now.getTime()),
      },
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

  /**
   * How long a status may be kept: until it would change by itself (its window ends), and not
   * long even then, should a vote go unannounced (a vote drops it at once: `fact.voter`).
   */
  statusLifeMs(status: VoteStatus): number {
    if (status.expiresAt === null) return STATUS_LIFE_MS;
    return Math.min(STATUS_LIFE_MS, Date.parse(status.expiresAt) - this.clock.now().getTime());
  }

  /**
   * The owner's reads ask the catalog, as the public bot does, whether the bot is published (this
   * process's own changes read back first), which saves each read a round trip.
   */
  private async assertPublished(botId: string): Promise<void> {
    if (!(await this.catalog.entry(botId))) throw AppError.notFound();
  }
}
