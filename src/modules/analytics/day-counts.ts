import { ADDED_COUNTS, TOP_LISTS, type AddedCount, type TopList as TopListName } from './metrics.js';
import { addHash, emptySketch, mergeSketch, type Sketch } from './sketch.js';
import { TopList } from './top-list.js';
import { utcDay } from '../../lib/clock.js';

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a day number (days since 1970-01-01, UTC). */
export function dayString(day: number): string {
  return utcDay(new Date(day * DAY_MS));
}

/** Where each added count sits in a BotDay's `counts`. */
export const COUNT_INDEX = Object.fromEntries(ADDED_COUNTS.map((name, index) => [name, index])) as Record<AddedCount, number>;

/** What one process counted for one bot on one UTC day since its last flush. */
export interface BotDay {
  botId: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  /** In the order of ADDED_COUNTS. */
  counts: number[];
  tops: Partial<Record<TopListName, TopList>>;
  sketch: Sketch | undefined;
}

/**
 * The counts of one flush interval: at most `maxBotDays` bots and days, each with its bounded top
 * lists and a 1 KiB sketch, so no traffic grows it further. What does not fit is dropped and
 * counted (`dropped`); the owner asks for an early flush when it fills (`onFull`).
 */
export class DayCounts {
  private days = new Map<number, Map<string, BotDay>>();
  private size = 0;
  dropped = 0;

  constructor(
    private readonly maxBotDays: number,
    private readonly onFull: () => void,
  ) {}

  get botDays(): number {
    return this.size;
  }

  add(kind: AddedCount, botId: string, day: number, by = 1): BotDay | undefined {
    const entry = this.entry(botId, day);
    if (entry) entry.counts[COUNT_INDEX[kind]]! += by;
    return entry;
  }

  addTop(entry: BotDay, list: TopListName, key: string): void {
    (entry.tops[list] ??= new TopList()).add(key);
  }

  addVisitor(entry: BotDay, high: number, low: number): void {
    addHash((entry.sketch ??= emptySketch()), high, low);
  }

  /** Everything counted so far, leaving this empty. */
  take(): BotDay[] {
    const taken: BotDay[] = [];
    for (const bots of this.days.values()) for (const entry of bots.values()) taken.push(entry);
    this.days = new Map();
    this.size = 0;
    return taken;
  }

  /** A batch that could not be written, added back (as far as it fits) for the next flush. */
  restore(batch: readonly BotDay[]): void {
    for (const old of batch) {
      const entry = this.entry(old.botId, old.day);
      if (!entry) continue;
      old.counts.forEach((count, index) => (entry.counts[index]! += count));
      for (const list of TOP_LISTS) {
        const top = old.tops[list];
        if (top) (entry.tops[list] ??= new TopList()).merge(top);
      }
      if (old.sketch) mergeSketch((entry.sketch ??= emptySketch()), old.sketch);
    }
  }

  private entry(botId: string, day: number): BotDay | undefined {
    let bots = this.days.get(day);
    if (!bots) this.days.set(day, (bots = new Map<string, BotDay>()));
    let entry = bots.get(botId);
    if (entry) return entry;
    if (this.size >= this.maxBotDays) {
      this.dropped++;
      this.onFull();
      return undefined;
    }
    entry = { botId, day, counts: ADDED_COUNTS.map(() => 0), tops: {}, sketch: undefined };
    bots.set(botId, entry);
    this.size++;
    return entry;
  }
}
