import type { Database } from '../../db/index.js';
import { addDays, consecutiveDays, daysBetween, utcDay, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Changes } from '../changes/change.js';
import { historyRepository, type HistoryFacts } from './repository.js';
import type { HistoryPoint, HistoryResponse } from './schemas.js';

export class HistoryService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
  ) {}

  /** The daily server count of a published bot over the last `days` days (today's point is live); 404 otherwise. */
  async history(botId: string, days: number): Promise<HistoryResponse> {
    const today = utcDay(this.clock.now());
    const firstDay = addDays(today, -(days - 1));
    const facts = await historyRepository.facts(this.db.reads, botId, firstDay, today);
    if (!facts) throw AppError.notFound();
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
