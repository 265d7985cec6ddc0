/** Needles whose matches are kept (the oldest goes first). */
const RECENT_NEEDLES = 256;

/** The bots whose name contains a needle: how many, a test of a bot, and the bots as listed now. */
export interface Matches<T> {
  readonly count: number;
  has(bot: T): boolean;
  bots(): T[];
}

/** A listed bot as the name search sees it: `seq` is its number in the catalog, kept while it is listed. */
export interface Named {
  readonly seq: number;
  readonly nameLower: string;
}

/**
 * Bots' lower-cased names for the list's `search` filter (a substring of the name): every name
 * in one string, NUL between them (PostgreSQL text never holds NUL, and the API refuses it in a
 * query), so that finding the bots whose name contains a needle is a run of `indexOf` over a
 * couple of megabytes instead of a walk over every bot object scattered in the heap. A bot's
 * slot is its catalog number (`seq`), so testing a bot of an order is one array read; the
 * joined string is made again on the first search after a name changed (rare: votes and stats
 * reports do not change names).
 */
export class NameSearch<T extends Named> {
  /** Slot (seq) → lower-cased name; '' for a bot no longer listed. */
  private readonly names: string[] = [];
  /** Slot → the bot as listed now. */
  private readonly bots: (T | undefined)[] = [];
  private joined = '';
  /** Where each slot's name starts in `joined`, and one more entry for the end. */
  private starts = new Int32Array(1);
  private stale = false;
  /** The matches of recent needles; valid while no name changes (votes and reports change none). */
  private readonly recent = new Map<string, Matches<T>>();

  reset(bots: readonly T[]): void {
    this.names.length = 0;
    this.bots.length = 0;
    for (const bot of bots) this.set(bot);
    this.stale = true;
  }

  set(bot: T): void {
    while (this.names.length <= bot.seq) {
      this.names.push('');
      this.bots.push(undefined);
    }
    this.bots[bot.seq] = bot;
    if (this.names[bot.seq] !== bot.nameLower) {
      this.names[bot.seq] = bot.nameLower;
      this.stale = true;
    }
  }

  remove(bot: T): void {
    this.bots[bot.seq] = undefined;
    if (this.names[bot.seq]) {
      this.names[bot.seq] = '';
      this.stale = true;
    }
  }

  /** The bots whose name contains `needle` (lower case, not empty). */
  matching(needle: string): Matches<T> {
    if (this.stale) {
      this.rejoin();
      this.recent.clear();
    }
    const known = this.recent.get(needle);
    if (known) return known;
    const found = new Uint8Array(this.names.length);
    const slots: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.joined.indexOf(needle, from);
      if (at === -1) break;
      const slot = this.slotAt(at);
      found[slot] = 1;
      slots.push(slot);
      // One match per name is enough: go on after this name.
      from = this.starts[slot + 1] as number;
    }
    const matches: Matches<T> = {
      count: slots.length,
      has: (bot) => found[bot.seq] === 1,
      bots: () => slots.map((slot) => this.bots[slot] as T),
    };
    // A bitmap of one byte per bot each (100 KB at 100,000 bots): a few hundred needles at most.
    if (this.recent.size >= RECENT_NEEDLES) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(needle, matches);
    return matches;
  }
  private rejoin(): void {
    this.joined = this.names.join('\u0000');
    this.starts = new Int32Array(this.names.length + 1);
    let at = 0;
    this.names.forEach((name, slot) => {
      this.starts[slot] = at;
      at += name.length + 1;
    });
    this.starts[this.names.length] = at;
    this.stale = false;
  }

  /** The slot whose name covers position `at` of `joined`. */
  private slotAt(at: number): number {
    let lo = 0;
    let hi = this.names.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
