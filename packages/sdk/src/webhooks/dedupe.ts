/**
 * Remembers handled event ids. Every attempt and redelivery of an event carries the same `id`, so
 * a receiver that claims ids before acting handles each event once. With several receiver
 * processes, pass a shared store (Redis `SET id 1 NX PX ttl`, a unique database row, …).
 */
export interface DedupeStore {
  /** true when `id` was not claimed within `ttlMs` (and claims it now); false for a repeat. */
  claim(id: string, ttlMs: number): boolean | Promise<boolean>;
  /** Forgets a claim, so a repeat is handled again (called when handling failed). */
  release(id: string): void | Promise<void>;
}

export interface MemoryStoreOptions {
  /** Most ids remembered; the oldest go first. Default 100,000 (a few MB). */
  maxEntries?: number;
  now?: () => number;
}

/** The default store: this process's memory. */
export class MemoryDedupeStore implements DedupeStore {
  private readonly seen = new Map<string, number>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 100_000);
    this.now = options.now ?? Date.now;
  }

  claim(id: string, ttlMs: number): boolean {
    const now = this.now();
    const until = this.seen.get(id);
    if (until !== undefined && until > now) return false;
    this.seen.delete(id);
    this.seen.set(id, now + ttlMs);
    this.evict(now);
    return true;
  }

  release(id: string): void {
    this.seen.delete(id);
  }

  get size(): number {
    return this.seen.size;
  }

  /** Drops expired ids from the oldest end, then the oldest beyond the size bound. */
  private evict(now: number): void {
    for (const [id, until] of this.seen) {
      if (this.seen.size <= this.maxEntries && until > now) break;
      this.seen.delete(id);
    }
  }
}
