import type { Database } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { addDays, consecutiveDays, daysBetween, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ReadCache, type CachedResponse } from '../../lib/read-cache.js';
import { historyRepository, type HistoryFacts } from './repository.js';
import type { HistoryPoint, HistoryResponse } from './schemas.js';

export class HistoryService {
  /** History answers by bot: dropped when the bot's count or the collected days change, not on votes. */
  private readonly cache: ReadCache;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: ChangeFeed,
  ) {
    this.cache = new ReadCache(clock);
  }

  /** The bot's count or publication changed: its series (today's point, `source`) may differ. */
  forget(botId: string): void {
    this.cache.invalidate(botId);
  }

  /** A collection ran: every series grew a day. */
  forgetAll(): void {
    this.cache.clear();
  }

  /** The history response as JSON text, cached per bot and `days` value. */
  async publicJson(botId: string, days: number): Promise<CachedResponse> {
    return this.cache.fetch(`history:${botId}:${days}`, botId, async () => {
      const response = await this.history(botId, days);
      if (!response) throw AppError.notFound();
      return JSON.stringify(response);
    });
  }

  async history(botId: string, days: number): Promise<HistoryResponse | undefined> {
    const today = utcDay(this.clock.now());
    const firstDay = addDays(today, -(days - 1));
    const facts = await historyRepository.facts(this.db.reads, botId, firstDay, today);
    if (!facts) return undefined;
    return { data: series(facts, firstDay, today), days, source: facts.source };
  }

  /** The nightly collection for one UTC day (default today). Returns how many rows it wrote. */
  async collect(day = utcDay(this.clock.now())): Promise<number> {
    if (day > utcDay(this.clock.now())) {
      throw AppError.validation([{ field: 'date', message: 'must not be in the future' }]);
    }
    return this.feed.commit(this.db, { kind: 'history' }, (tx) => historyRepository.collect(tx, day));
  }
}

/**
 * One point per day from the first known day in the window to today. A day the collection missed
 * repeats the day before; today, until it is collected, shows the live count, so a new bot or a
 * fresh owner report shows at once. Days before anything was known are left out, not invented.
 */
export function series(facts: HistoryFacts, firstDay: string, today: string): HistoryPoint[] {
  const days = consecutiveDays(firstDay, daysBetween(firstDay, today) + 1);
  const { offsets, servers } = facts;
  const points: HistoryPoint[] = [];
  let carry = facts.before;
  let next = 0; // the first collected day not passed yet
  for (let i = 0; i < days.length; i++) {
    const collected = offsets[next] === i ? servers[next++]! : undefined;
    const value = collected ?? (i === days.length - 1 ? (facts.current ?? carry) : carry);
    if (value !== null) points.push({ date: days[i]!, servers: value });
    carry = value;
  }
  return points;
}
