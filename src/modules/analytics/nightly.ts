/**
 * The analytics store's nightly upkeep, run with the history collection (HISTORY_CRON): the day
 * that ended gets its votes copied into the month rows, and what is past ANALYTICS_RETENTION_DAYS
 * is deleted.
 */
import type { Database } from '../../db/index.js';
import { addDays, utcDay, type Clock } from '../../lib/clock.js';
import { analyticsNightlyRepository } from './nightly-repository.js';

export class AnalyticsNightly {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** ANALYTICS_RETENTION_DAYS: days (whole months for bot_days) the daily rows are kept. */
    private readonly retentionDays: number,
  ) {}

  /**
   * Copies a finished day's votes (default yesterday, UTC) from the day counters into bot_days;
   * again for the same day changes nothing. Answers how many bots had votes that day.
   */
  copyVotes(day = addDays(utcDay(this.clock.now()), -1)): Promise<number> {
    return analyticsNightlyRepository.copyVotes(this.db, day);
  }

  /** Deletes the daily rows past retention and the visitor sketches and salts of past days. */
  prune(): Promise<Record<string, number>> {
    const today = utcDay(this.clock.now());
    return analyticsNightlyRepository.prune(this.db, addDays(today, -this.retentionDays), today);
  }
}
