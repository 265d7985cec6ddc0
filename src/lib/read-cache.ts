/**
 * Serialized responses of public reads, kept until a change to their bot or a deadline.
 * Each entry is tagged with the bots it shows; `invalidate(botId)` drops those and every list.
 * A generation counter stops a read that started before an invalidation from storing its
 * (possibly stale) result after it.
 */
import { AppError } from './errors.js';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from './clock.js';

/** How long an entry may live when nothing invalidates it (a lost LISTEN connection, say). */
const TTL_MS = 30_000;

export interface CachedResponse {
  body: string;
  expiresAt: number;
}

interface Entry extends CachedResponse {
  botId: string | undefined;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The cached body for key, or compute(month) stored under it; undefined from compute means
   * "no such published bot". Entries die at the end of the UTC month at the latest, because
   * votesMonth starts again from zero then.
   */
  async fetch(
    key: string,
    botId: string | undefined,
    compute: (month: string) => Promise<string | undefined>,
  ): Promise<string> {
    const now = this.clock.now();
    const hit = this.get(key, now.getTime());
    if (hit) return hit.body;
    const ticket = this.generation;
    const body = await compute(utcDay(startOfUtcMonth(now)));
    if (body === undefined) throw AppError.notFound();
    this.set(key, ticket, botId, body, Math.min(now.getTime() + TTL_MS, startOfNextUtcMonth(now).getTime()));
    return body;
  }

  private get(key: string, now: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private set(key: string, ticket: number, botId: string | undefined, body: string, expiresAt: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: dropping the first entry drops the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expiresAt, botId });
  }

  /** A bot changed: forget its own responses and every list (lists may show it). */
  invalidate(botId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (entry.botId === undefined || entry.botId === botId) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
