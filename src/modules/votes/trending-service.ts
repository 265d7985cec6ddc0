import type { Database } from '../../db/index.js';
import { startPeriodic, type Periodic } from '../../lib/background.js';
import { utcDay, type Clock } from '../../lib/clock.js';
import type { PublishedBots } from '../bots/catalog.js';
import { botOf } from '../bots/catalog-entry.js';
import type { Bot } from '../bots/schemas.js';
import { trendingRepository, type RisingBot } from './trending-repository.js';

/** How often each process asks the database again: trending moves over days, not seconds. */
export const TRENDING_REFRESH_MS = 5 * 60_000;
/** Rising bots kept: the home page shows a few, and some may have left the catalog since. */
const KEPT = 100;

export interface TrendingBot {
  bot: Bot;
  /** Votes of the last 7 days minus those of the 7 days before (> 0). */
  rise: number;
  /** Votes of the last 7 days. */
  recent: number;
}

/**
 * Trending: the published bots whose votes rose most over 7 days (the last 7 UTC days, today
 * included, against the 7 before), from the per-day vote counters record_vote keeps
 * (bot_vote_days). Worked out in the background every TRENDING_REFRESH_MS, never per request;
 * pages read the list held. The same refresh deletes day counters older than 14 days, once a day.
 */
export class TrendingService {
  private rising: RisingBot[] = [];
  private prunedDay = '';
  private periodic: Periodic | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly catalog: PublishedBots,
  ) {}

  /** Refreshes now and then every TRENDING_REFRESH_MS, until `stop`. */
  start(): void {
    this.periodic ??= startPeriodic(() => this.refresh().catch(() => undefined), TRENDING_REFRESH_MS);
  }

  async stop(): Promise<void> {
    await this.periodic?.stop();
    this.periodic = undefined;
  }

  /** Reads the rising bots again (and prunes old counters once a UTC day). A failure keeps the list held. */
  async refresh(): Promise<void> {
    const today = utcDay(this.clock.now());
    this.rising = await trendingRepository.rising(this.db.reads, today, KEPT);
    if (this.prunedDay !== today) {
      await trendingRepository.prune(this.db, today);
      this.prunedDay = today;
    }
  }

  /**
   * Up to `limit` trending bots that are published now, largest rise first: after the changes of
   * publication announced to this process so far are read back, as every list waits for.
   */
  async top(limit: number): Promise<TrendingBot[]> {
    await this.catalog.ready('text');
    const found: TrendingBot[] = [];
    for (const { botId, recent, earlier } of this.rising) {
      const entry = this.catalog.held(botId);
      if (!entry) continue;
      found.push({ bot: botOf(entry), rise: recent - earlier, recent });
      if (found.length === limit) break;
    }
    return found;
  }
}
