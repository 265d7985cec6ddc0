import type { Database } from '../../db/index.js';
import { utcDay, type Clock } from '../../lib/clock.js';
import { Coalescer } from '../../lib/coalescer.js';
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { snowflakeTime } from '../../lib/snowflake.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { botRepository } from '../bots/repository.js';
import type { Changes } from '../changes/change.js';
import { historyRepository } from '../history/repository.js';
import { statsRepository, type StoredCounts, type TotalReport } from './repository.js';
import type { HistoryBackfill, ShardList, ShardsQuery, StatsReport } from './schemas.js';

/**
 * A shard's report counts towards the bot's sum this long: a shard whose process stopped
 * reporting drops out of the sum at the next report of any shard after it.
 */
export const SHARD_REPORT_TTL_MS = 2 * 60 * 60 * 1000;

/** Reports of a bot's total that queue go to the database together (as votes do). */
const WRITE_BATCHES = { inFlight: 2, maxBatch: 100, failsAll: isDatabaseUnavailable };

/** The owner's server counts: reports of the total or per shard, and past days of history. */
export class StatsService {
  private readonly totalsToWrite: Coalescer<TotalReport, StoredCounts | undefined>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
  ) {
    this.totalsToWrite = new Coalescer((reports) => statsRepository.reportMany(db, reports), WRITE_BATCHES);
  }

  /**
   * The owner's report replaces the platform's count at once (bot, lists, history source, search).
   * A total, one shard's count (the bot shows the sum of its shards reported within
   * SHARD_REPORT_TTL_MS), or every shard's count.
   */
  async report(botId: string, stats: StatsReport): Promise<{ serverCount: number; shardCount: number }> {
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

  /** The latest report of each of a published bot's shards, by shard id, a page at a time. */
  async shards(botId: string, query: ShardsQuery): Promise<ShardList> {
    const shards = isSnowflakeId(botId) ? await statsRepository.shards(this.db.reads, botId, query.after ?? -1, query.limit) : undefined;
    if (!shards) throw AppError.notFound();
    const last = shards.length === query.limit ? shards[shards.length - 1] : undefined;
    return { data: shards, nextAfter: last ? last.shardId : null };
  }

  /**
   * Past days of the bot's server-count history (a bot moving here from another directory): each
   * date before today and not before the bot was created (the time in its application ID; it may
   * well be older than its entry here), written or replaced, so sending the same points again
   * changes nothing. Today belongs to the nightly collection.
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
      historyRepository.upsertMany(
        tx,
        botId,
        points.map((p) => ({ day: p.date, servers: p.serverCount })),
      ),
    );
    return { stored: points.length };
  }
}
