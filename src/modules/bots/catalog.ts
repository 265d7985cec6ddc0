import type { Queryable } from '../../db/index.js';
import { startPeriodic, type Periodic } from '../../lib/background.js';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { BotRanking } from './ranking.js';
import type { BotCounters } from '../changes/change.js';
import { botOf, toEntry, withCounts, type CatalogEntry } from './catalog-entry.js';
import { botRepository, toPublicBot, type BotRow, type BotVersion } from './repository.js';
import type { Bot } from './schemas.js';

/**
 * Something that keeps an index of the published bots (search, slugs) but not the bots: it is
 * handed each bot as it changes, with the version it was handed before.
 */
export interface CatalogFollower {
  /** A load of every published bot begins: `add` is handed each, `finish` replaces what was held. */
  rebuild(): Rebuild;
  /** `bot` is new or changed; `previous` is what the follower was last handed of it. */
  upsert(bot: Bot, previous: Bot | undefined): void;
  /** Only the bot's counts changed (a vote, a stats report): these are its popularity now. */
  counted(id: string, popularity: { votesMonth: number; serverCount: number }): void;
  /** `previous` (what the follower was last handed) is no longer published. */
  remove(previous: Bot): void;
}

export interface Rebuild {
  add(bot: Bot): void;
  finish(): void;
}

export type { CatalogEntry } from './catalog-entry.js';

/** Published bots read per query while loading: the rows of one batch are all the load holds at once. */
const LOAD_BATCH = 5_000;

/**
 * How often each process compares its copy with the database (see `sweep`): a scan of bots,
 * linear in the bots, because changed_at is not indexed (votes and stats reports then stay HOT
 * updates of the bot row).
 */
export const SWEEP_MS = 10_000;
/** Each sweep looks back this far before the previous one: a write commits well within it. */
const SWEEP_OVERLAP_MS = 10_000;
/** Every this many sweeps (5 minutes), every published bot is compared (deletions leave no changed row). */
const FULL_SWEEP_EVERY = 30;
/** How long a read waits for changes to be read back while the database does not answer. */
const WAIT_MS = 1_000;

/**
 * Every published bot of the directory, in this process's memory, in each list order: the bot
 * list, the single bot and the search index are served from here without a query. Loaded at
 * start and at the start of each UTC month (votesMonth restarts), then kept current one bot at a
 * time as the change feed reports changes (read back from the database, many at once). A sweep
 * every ten seconds compares `bots.changed_at` with what is held, so a notification that never
 * arrived (a process that died right after its commit, a lost LISTEN connection) costs seconds of
 * staleness, not a wrong answer for good.
 */
export class PublishedBots {
  readonly ranking = new BotRanking<CatalogEntry>();
  private entries = new Map<string, CatalogEntry>();
  /** Numbers (`seq`) of bots no longer published, for the next bots to be published. */
  private readonly freeSeqs: number[] = [];
  private readonly followers: CatalogFollower[] = [];
  /** Bots announced changed and not read back yet, with the number of their latest announcement. */
  private readonly dirty = new Map<string, number>();
  private refreshing: Promise<void> | undefined;
  /** Changes announced to this process so far, the latest of them that changed a bot's text, and how many have been read back. */
  private announced = 0;
  private textAnnounced = 0;
  private applied = 0;
  private readonly waiters: { upTo: number; done: () => void }[] = [];
  /** The bots of the read-back under way, with the announcement each was queued for. */
  private readonly reading = new Map<string, number>();
  private loading: Promise<void> | undefined;
  private loadedMonth = '';
  private sweepFrom: Date | undefined;
  private monthSpan = { key: '', from: 0, to: 0 };
  private sweeps = 0;
  private sweeper: Periodic | undefined;

  /** `reads`: the catalog only reads, and only what has committed (Database.reads). */
  constructor(
    private readonly reads: Queryable,
    private readonly clock: Clock,
    /** Bots read per query while loading (LOAD_BATCH; the tests take a few to cross batches). */
    private readonly loadBatch = LOAD_BATCH,
  ) {}

  follow(follower: CatalogFollower): void {
    this.followers.push(follower);
  }

  get size(): number {
    return this.entries.size;
  }

  get loaded(): boolean {
    return this.loadedMonth !== '';
  }

  /** Loads every published bot (again); concurrent calls share one load. */
  load(): Promise<void> {
    this.loading ??= this.build().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /**
   * Resolves when the copy is of the current month and reflects the changes announced to this
   * process before the call (not those announced while it waits: under a steady stream of votes
   * there is always another): `text`, every change of a bot's text or publication; `all`, every
   * change, counters included. Undefined when it already does, so hot paths take no promise.
   * While the database cannot be read, it waits at most WAIT_MS.
   */
  ready(changes: 'none' | 'text' | 'all'): Promise<void> | undefined {
    if (this.month() !== this.loadedMonth) return this.load();
    const upTo = changes === 'all' ? this.announced : changes === 'text' ? this.textAnnounced : 0;
    if (this.applied >= upTo) return undefined;
    return this.until(upTo);
  }

  /** The published bot with this id, once the changes to it announced so far have been read back. */
  entry(id: string): CatalogEntry | undefined | Promise<CatalogEntry | undefined> {
    const month = this.ready('none');
    const pending = this.pendingFor(id);
    if (!month && pending === undefined) return this.entries.get(id);
    return (async () => {
      await month;
      if (pending !== undefined) await this.until(pending);
      return this.entries.get(id);
    })();
  }

  /** The published bot with this id as held now (for the followers' answers, which change in the same tick). */
  held(id: string): CatalogEntry | undefined {
    return this.entries.get(id);
  }

  /** The announcement this bot waits to be read back for, if any (queued, or in the read under way). */
  private pendingFor(id: string): number | undefined {
    const queued = this.dirty.get(id) ?? this.reading.get(id);
    return queued !== undefined && queued > this.applied ? queued : undefined;
  }

  private until(upTo: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, WAIT_MS);
      timer.unref();
      this.waiters.push({ upTo, done: () => (clearTimeout(timer), resolve()) });
    });
  }

  /**
   * A bot changed (this process or another said so). With the counters the write left, they are
   * applied here and now; otherwise (or when they cannot be) the bot is read again. `text`: the
   * change may touch its text or publication, which readers of lists wait for (`ready('text')`).
   */
  changed(id: string, change: { counters?: BotCounters; text: boolean }): void {
    if (change.counters && this.patch(id, change.counters)) return;
    this.dirty.set(id, ++this.announced);
    if (change.text) this.textAnnounced = this.announced;
    this.refreshing ??= this.refresh();
  }

  /**
   * Applies reported counters to the bot held; false when it must be read back instead: not held,
   * a newer month, or a read-back already due (the counters would land on a stale profile).
   */
  private patch(id: string, counters: BotCounters): boolean {
    const held = this.entries.get(id);
    // While a load runs, changes are read back after it (what it replaces would lose them).
    if (!held || this.loading || this.dirty.has(id) || this.reading.has(id)) return false;
    if (counters.changedUs <= held.changedUs) return true; // what is held is newer
    if ('votesTotal' in counters && counters.month > this.loadedMonth) return false;
    const counts =
      'votesTotal' in counters
        ? { votesTotal: counters.votesTotal, ...(counters.month === this.loadedMonth ? { votesMonth: counters.votesMonth } : {}) }
        : { serverCount: counters.serverCount, shardCount: counters.shardCount };
    const next = withCounts(held, counts, counters.changedUs);
    this.put(held, next);
    for (const follower of this.followers) follower.counted(id, next);
    return true;
  }

  /** Starts the periodic sweep; `stop` ends it. */
  startSweeping(): void {
    this.sweeper ??= startPeriodic(() => this.sweep(), SWEEP_MS);
  }

  async stop(): Promise<void> {
    await this.sweeper?.stop();
    this.sweeper = undefined;
    await this.refreshing;
  }

  /**
   * Compares what is held with the database: bots changed since shortly before the previous
   * sweep (a scan of changed_at, which returns few rows), and every published bot once in a while. What differs
   * is read again. Failures are left to the next sweep.
   */
  async sweep(): Promise<void> {
    try {
      const now = await botRepository.databaseNow(this.reads);
      const full = this.sweeps++ % FULL_SWEEP_EVERY === FULL_SWEEP_EVERY - 1 || !this.sweepFrom;
      if (full) {
        const versions = await botRepository.publishedVersions(this.reads);
        const seen = new Set(versions.map((v) => v.id));
        for (const id of this.entries.keys()) if (!seen.has(id)) this.changed(id, { text: true });
        this.compare(versions);
      } else {
        this.compare(await botRepository.changedSince(this.reads, this.sweepFrom!));
      }
      this.sweepFrom = new Date(now.getTime() - SWEEP_OVERLAP_MS);
    } catch {
      // The database is away; the next sweep looks back from the last good one.
    }
  }

  private compare(versions: readonly BotVersion[]): void {
    for (const { id, published, changed_us: changedUs } of versions) {
      const held = this.entries.get(id);
      if (published ? !held || held.changedUs < changedUs : held) this.changed(id, { text: true });
    }
  }

  /**
   * Reads every published bot, in batches by id, beside what is held (served until the end).
   * Changes that commit meanwhile are announced (read back after the load) or found by the next
   * sweep, which looks back from before the load.
   */
  private async build(): Promise<void> {
    const upTo = this.announced;
    const month = this.month();
    const now = await botRepository.databaseNow(this.reads);
    const entries = new Map<string, CatalogEntry>();
    const rebuilds = this.followers.map((follower) => follower.rebuild());
    // The next batch is read while this one is taken apart.
    let next = botRepository.publishedAfter(this.reads, month, '', this.loadBatch);
    for (;;) {
      const rows = await next;
      const last = rows.length === this.loadBatch ? rows[rows.length - 1]!.id : undefined;
      if (last !== undefined) {
        next = botRepository.publishedAfter(this.reads, month, last, this.loadBatch);
        next.catch(() => undefined); // awaited on the next turn; this only keeps a failure from going unhandled
      }
      for (const row of rows) {
        const bot = toPublicBot(row);
        entries.set(row.id, toEntry(bot, row.changed_us, entries.size));
        for (const rebuild of rebuilds) rebuild.add(bot);
      }
      if (last === undefined) break;
    }
    this.entries = entries;
    this.freeSeqs.length = 0;
    this.ranking.reset([...entries.values()]);
    for (const rebuild of rebuilds) rebuild.finish();
    this.loadedMonth = month;
    this.sweepFrom = new Date(now.getTime() - SWEEP_OVERLAP_MS);
    this.settle(upTo);
  }

  /** Reads the changed bots back until none is left; while the database fails, retries each second. */
  private async refresh(): Promise<void> {
    // Let the changes of this tick gather before reading them back in one query.
    await Promise.resolve();
    while (this.dirty.size > 0) {
      if (this.loading) await this.loading;
      const upTo = this.announced;
      for (const [id, n] of this.dirty) this.reading.set(id, n);
      const ids = [...this.dirty.keys()];
      this.dirty.clear();
      const month = this.loadedMonth;
      try {
        const rows = await botRepository.findPublishedByIds(this.reads, ids, month);
        if (month !== this.loadedMonth) {
          this.requeue();
          continue;
        }
        this.apply(ids, rows);
        this.reading.clear();
        this.settle(upTo);
      } catch {
        this.requeue();
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
    this.refreshing = undefined;
  }

  /** The read under way did not land: its bots are queued again (unless announced again meanwhile). */
  private requeue(): void {
    for (const [id, n] of this.reading) if (!this.dirty.has(id)) this.dirty.set(id, n);
    this.reading.clear();
  }

  /** Every change announced up to `upTo` has been read back: release who waited for them. */
  private settle(upTo: number): void {
    this.applied = Math.max(this.applied, upTo);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.upTo > this.applied) continue;
      this.waiters.splice(i, 1);
      waiter.done();
    }
  }

  private apply(ids: readonly string[], rows: readonly BotRow[]): void {
    const published = new Set<string>();
    for (const row of rows) {
      published.add(row.id);
      const previous = this.entries.get(row.id);
      if (previous && previous.changedUs > row.changed_us) continue; // an older read lost the race
      const bot = toPublicBot(row);
      const before = previous && botOf(previous);
      this.put(previous, toEntry(bot, row.changed_us, previous?.seq ?? this.freeSeqs.pop() ?? this.entries.size, previous));
      for (const follower of this.followers) follower.upsert(bot, before);
    }
    for (const id of ids) {
      const previous = this.entries.get(id);
      if (published.has(id) || !previous) continue;
      this.entries.delete(id);
      this.freeSeqs.push(previous.seq);
      this.ranking.remove(previous);
      const before = botOf(previous);
      for (const follower of this.followers) follower.remove(before);
    }
  }

  private put(previous: CatalogEntry | undefined, next: CatalogEntry): void {
    this.entries.set(next.id, next);
    this.ranking.replace(previous, next);
  }

  /** The current UTC month (`YYYY-MM-01`), worked out again only when the clock leaves it: every read asks. */
  private month(): string {
    const now = this.clock.now();
    const t = now.getTime();
    if (t < this.monthSpan.from || t >= this.monthSpan.to) {
      const from = startOfUtcMonth(now);
      this.monthSpan = { key: utcDay(from), from: from.getTime(), to: startOfNextUtcMonth(now).getTime() };
    }
    return this.monthSpan.key;
  }
}
