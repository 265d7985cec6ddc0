import type { Database } from '../../db/index.js';
import { startPeriodic, type Periodic } from '../../lib/background.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { etagOf } from '../../lib/read-cache.js';
import { BotRanking, type ListedBot } from './ranking.js';
import { botRepository, sortKey, toPublicBot, type BotRow, type BotVersion } from './repository.js';
import type { Bot } from './schemas.js';

/** Something else that keeps a copy of the published bots (the search index). */
export interface CatalogFollower {
  /** Every published bot, replacing what was there. */
  reset(bots: readonly Bot[]): void;
  upsert(bot: Bot): void;
  remove(id: string): void;
}

/** How often each process compares its copy with the database (see `sweep`). */
export const SWEEP_MS = 5_000;
/** Each sweep looks back this far before the previous one: a write commits well within it. */
const SWEEP_OVERLAP_MS = 10_000;
/** Every this many sweeps, every published bot is compared (deletions leave no changed row). */
const FULL_SWEEP_EVERY = 60;
/** How long a read waits for changes to be read back while the database does not answer. */
const WAIT_MS = 1_000;

export interface CatalogEntry extends ListedBot {
  readonly changedUs: number;
  /** `{data: Bot}` and its ETag, made on the first request for the bot. */
  single?: { body: string; etag: string };
}

/**
 * Every published bot of the directory, in this process's memory, in each list order: the bot
 * list, the single bot and the search index are served from here without a query. Loaded at
 * start and at the start of each UTC month (votesMonth restarts), then kept current one bot at a
 * time as the change feed reports changes (read back from the database, many at once). A sweep
 * every few seconds compares `bots.changed_at` with what is held, so a notification that never
 * arrived (a process that died right after its commit, a lost LISTEN connection) costs seconds of
 * staleness, not a wrong answer for good.
 */
export class PublishedBots {
  readonly ranking = new BotRanking();
  private readonly entries = new Map<string, CatalogEntry>();
  private readonly followers: CatalogFollower[] = [];
  private readonly dirty = new Set<string>();
  private refreshing: Promise<void> | undefined;
  /** Changes announced to this process so far, and how many of them have been read back. */
  private announced = 0;
  private applied = 0;
  private readonly waiters: { upTo: number; done: () => void }[] = [];
  private loading: Promise<void> | undefined;
  private loadedMonth = '';
  private sweepFrom: Date | undefined;
  private sweeps = 0;
  private sweeper: Periodic | undefined;
  /** Grows with every change applied: a page built at the same version is still exact. */
  version = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
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
   * Resolves when the copy is of the current month and, with `changes`, reflects every change
   * announced to this process before the call (not those announced while it waits: under a
   * steady stream of votes there is always another); undefined when it already does, so hot
   * paths take no promise. While the database cannot be read, it waits at most WAIT_MS.
   */
  ready(changes: boolean): Promise<void> | undefined {
    if (this.month() !== this.loadedMonth) return this.load();
    if (!changes || this.applied >= this.announced) return undefined;
    const upTo = this.announced;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, WAIT_MS);
      timer.unref();
      this.waiters.push({ upTo, done: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** The published bot with this id, once the changes announced so far have been read back. */
  entry(id: string): CatalogEntry | undefined | Promise<CatalogEntry | undefined> {
    const waiting = this.ready(true);
    if (!waiting) return this.entries.get(id);
    return waiting.then(() => this.entries.get(id));
  }

  /** `{data: Bot}` of a published bot, from memory. */
  single(entry: CatalogEntry): { body: string; etag: string } {
    if (!entry.single) {
      const body = `{"data":${entry.json}}`;
      entry.single = { body, etag: etagOf(body) };
    }
    return entry.single;
  }

  /** A bot changed (this process or another said so): read it again. */
  changed(id: string): void {
    this.dirty.add(id);
    this.announced++;
    this.refreshing ??= this.refresh();
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
   * sweep (an index range on changed_at), and every published bot once in a while. What differs
   * is read again. Failures are left to the next sweep.
   */
  async sweep(): Promise<void> {
    try {
      const now = await botRepository.databaseNow(this.db);
      const full = this.sweeps++ % FULL_SWEEP_EVERY === FULL_SWEEP_EVERY - 1 || !this.sweepFrom;
      if (full) {
        const versions = await botRepository.publishedVersions(this.db);
        const seen = new Set(versions.map((v) => v.id));
        for (const id of this.entries.keys()) if (!seen.has(id)) this.changed(id);
        this.compare(versions);
      } else {
        this.compare(await botRepository.changedSince(this.db, this.sweepFrom!));
      }
      this.sweepFrom = new Date(now.getTime() - SWEEP_OVERLAP_MS);
    } catch {
      // The database is away; the next sweep looks back from the last good one.
    }
  }

  private compare(versions: readonly BotVersion[]): void {
    for (const { id, published, changed_us: changedUs } of versions) {
      const held = this.entries.get(id);
      if (published ? !held || held.changedUs < changedUs : held) this.changed(id);
    }
  }

  private async build(): Promise<void> {
    const upTo = this.announced;
    const month = this.month();
    const now = await botRepository.databaseNow(this.db);
    const rows = await botRepository.listAll(this.db, month);
    const bots = rows.map(toPublicBot);
    this.entries.clear();
    rows.forEach((row, i) => this.entries.set(row.id, toEntry(row, bots[i]!)));
    this.ranking.reset([...this.entries.values()]);
    for (const follower of this.followers) follower.reset(bots);
    this.loadedMonth = month;
    this.sweepFrom = new Date(now.getTime() - SWEEP_OVERLAP_MS);
    this.version++;
    this.settle(upTo);
  }

  /** Reads the changed bots back until none is left; while the database fails, retries each second. */
  private async refresh(): Promise<void> {
    // Let the changes of this tick gather before reading them back in one query.
    await Promise.resolve();
    while (this.dirty.size > 0) {
      if (this.loading) await this.loading;
      const upTo = this.announced;
      const ids = [...this.dirty];
      this.dirty.clear();
      const month = this.loadedMonth;
      try {
        const rows = await botRepository.findPublishedByIds(this.db, ids, month);
        if (month !== this.loadedMonth) {
          for (const id of ids) this.dirty.add(id);
          continue;
        }
        this.apply(ids, rows);
        this.settle(upTo);
      } catch {
        for (const id of ids) this.dirty.add(id);
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
    this.refreshing = undefined;
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
      const bot = toPublicBot(row);
      const next = toEntry(row, bot);
      const previous = this.entries.get(row.id);
      if (previous && previous.changedUs > next.changedUs) continue; // an older read lost the race
      this.entries.set(row.id, next);
      this.ranking.replace(previous, next);
      for (const follower of this.followers) follower.upsert(bot);
    }
    for (const id of ids) {
      const previous = this.entries.get(id);
      if (published.has(id) || !previous) continue;
      this.entries.delete(id);
      this.ranking.remove(previous);
      for (const follower of this.followers) follower.remove(id);
    }
    this.version++;
  }

  private month(): string {
    return utcDay(startOfUtcMonth(this.clock.now()));
  }
}

function toEntry(row: BotRow, bot: Bot): CatalogEntry {
  return {
    id: row.id,
    nameLower: row.name.toLowerCase(),
    sortName: sortKey(row.name),
    votesMonth: bot.votesMonth,
    votesTotal: bot.votesTotal,
    serverCount: bot.serverCount,
    publishedAt: Date.parse(bot.publishedAt),
    changedUs: row.changed_us,
    json: JSON.stringify(bot),
  };
}
