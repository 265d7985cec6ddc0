import type { VoteStatus } from './types.js';

export interface VoteCacheOptions {
  /** Most users remembered; the oldest entries go first. Default 10,000. */
  maxEntries?: number;
  /**
   * How long a "not voted" answer is remembered. Default 0 (never): a user who has just voted
   * expects the next command to know it.
   */
  negativeTtlMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** Vote answers by user, each kept until the vote's `expiresAt` (the end of its 12-hour window). */
export class VoteCache {
  private readonly entries = new Map<string, { voted: boolean; until: number }>();
  private readonly maxEntries: number;
  private readonly negativeTtlMs: number;
  private readonly now: () => number;

  constructor(options: VoteCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.negativeTtlMs = Math.max(0, options.negativeTtlMs ?? 0);
    this.now = options.now ?? Date.now;
  }

  get(key: string): boolean | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.voted;
  }

  set(key: string, status: VoteStatus): void {
    const until = status.voted && status.expiresAt ? Date.parse(status.expiresAt) : this.now() + this.negativeTtlMs;
    if (!(until > this.now())) return;
    this.entries.delete(key);
    this.entries.set(key, { voted: status.voted, until });
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
