import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.js';
import { startPeriodic, type Periodic } from '../../lib/background.js';
import type { Metrics } from '../../lib/metrics.js';
import { DAY_MS, DayCounts, dayString } from './day-counts.js';
import { writeBatch } from './flush.js';
import { ADDED_COUNTS, type AddedCount } from './metrics.js';
import { analyticsRepository } from './repository.js';
import { imageProxySite, isCountable, referrerHost, searchFromReferrer } from './request-facts.js';
import { saltSeed, visitorHash } from './visitor-hash.js';

/**
 * Bots and days one process counts between two flushes: with full top lists about 40 KB each, so
 * at most some 160 MB even when every list is flooded; a busy directory's hour fits many times.
 */
const MAX_BOT_DAYS = 4096;
/** After a failed flush, a full table waits this long before it asks for the next one. */
const EARLY_FLUSH_PAUSE_MS = 1000;

/** What counting reads of a request (a FastifyRequest is one). */
export interface RequestFacts {
  method: string;
  headers: IncomingHttpHeaders;
  ip: string;
}

/** What a route counts; search clicks are found in a view's Referer. */
export type CountedKind = Exclude<AddedCount, 'search_clicks'>;

export interface AnalyticsDeps {
  db: Database;
  /** Milliseconds since the epoch (the app's clock). */
  now: () => number;
  enabled: boolean;
  flushMs: number;
  /** Our own host names: a Referer from them is no referrer (and from the search page, a search click). */
  ownHosts: readonly string[];
  /** Only published bots are counted (ids from embed URLs may be anything). */
  isPublished: (botId: string) => boolean;
  metrics: Metrics;
}

/**
 * The counts of issue 33 in this process: added in memory per bot and UTC day, written every
 * ANALYTICS_FLUSH_MS and at shutdown, one transaction per flush (flush.ts). A crash loses what was
 * counted since the last flush (docs/privacy.md).
 */
export class AnalyticsService {
  private readonly counts = new DayCounts(MAX_BOT_DAYS, () => this.flushEarly());
  /** The seeds of today's and tomorrow's salts, by day number (read ahead, so midnight needs no query). */
  private readonly salts = new Map<number, Uint32Array>();
  private readonly hashWords = new Uint32Array(2);
  private readonly ownHosts: Set<string>;
  private periodic: Periodic | undefined;
  private log: FastifyBaseLogger | undefined;
  private earlyFlushAfter = 0;
  /** Counted events by kind, and what the bounds dropped: read by Prometheus (app-metrics.ts). */
  readonly events = Object.fromEntries(ADDED_COUNTS.map((kind) => [kind, 0])) as Record<AddedCount, number>;
  readonly dropped = { bot_days: 0, visitors: 0 };

  constructor(private readonly deps: AnalyticsDeps) {
    this.ownHosts = new Set(deps.ownHosts);
  }

  /** Reads today's salt, then flushes every ANALYTICS_FLUSH_MS. */
  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    if (!this.deps.enabled) return;
    await this.readSalts();
    this.periodic = startPeriodic(() => this.flush(), this.deps.flushMs);
  }

  /** Stops the timer and writes what is left (the app's close). */
  async stop(): Promise<void> {
    await this.periodic?.stop();
    this.periodic = undefined;
    await this.flush();
  }

  /**
   * One request of a person for this bot. A view also notes the referring host, or the search it
   * came from (a click on a search result: our own search page as Referer), and the visitor.
   */
  count(kind: CountedKind, botId: string, request: RequestFacts): void {
    if (!this.deps.enabled || !isCountable(request.method, request.headers) || !this.deps.isPublished(botId)) return;
    const day = Math.floor(this.deps.now() / DAY_MS);
    this.events[kind]++;
    const entry = this.counts.add(kind, botId, day);
    if (!entry) return;
    if (kind === 'invites' || kind === 'search_impressions') return;
    const referer = request.headers.referer;
    const host = referrerHost(referer);
    if (kind !== 'views') {
      const site = host ?? imageProxySite(request.headers['user-agent']);
      if (site && !this.ownHosts.has(site)) this.counts.addTop(entry, 'embed_referrers', site);
      return;
    }
    if (host && !this.ownHosts.has(host)) this.counts.addTop(entry, 'referrers', host);
    else if (host) {
      const term = searchFromReferrer(referer!);
      if (term !== undefined) {
        this.events.search_clicks++;
        this.counts.add('search_clicks', botId, day);
        this.counts.addTop(entry, 'search_terms', term);
      }
    }
    const seed = this.salts.get(day);
    if (!seed) {
      this.dropped.visitors++;
      return;
    }
    visitorHash(seed, request.ip, request.headers['user-agent'] ?? '', this.hashWords);
    this.counts.addVisitor(entry, this.hashWords[0]!, this.hashWords[1]!);
  }

  /** The bots of a page of search results, each shown once. */
  shown(botIds: readonly string[], request: RequestFacts): void {
    for (const botId of botIds) this.count('search_impressions', botId, request);
  }

  /**
   * Writes what was counted since the last flush, in one transaction; a failed write keeps its
   * counts for the next (within the same bounds). Never rejects.
   */
  async flush(): Promise<void> {
    if (!this.deps.enabled) return;
    await this.readSalts().catch((error: unknown) => this.log?.error({ err: error }, 'analytics salts could not be read'));
    const batch = this.counts.take();
    this.dropped.bot_days += this.counts.dropped;
    this.counts.dropped = 0;
    if (batch.length === 0) return;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await this.deps.db.transaction((tx) => writeBatch(tx, batch));
      this.deps.metrics.analyticsFlush.observe({ result: 'succeeded' }, seconds());
    } catch (error) {
      this.counts.restore(batch);
      this.earlyFlushAfter = this.deps.now() + EARLY_FLUSH_PAUSE_MS;
      this.deps.metrics.analyticsFlush.observe({ result: 'failed' }, seconds());
      // The error alone: the batch holds hosts and search terms, which stay out of logs.
      const { message, code } = error as { message?: string; code?: string };
      this.log?.error({ error: message, code, botDays: batch.length }, 'analytics flush failed; its counts wait for the next one');
    }
  }

  /** Today's and tomorrow's salts, made by whichever process asks first; older ones forgotten. */
  private async readSalts(): Promise<void> {
    const today = Math.floor(this.deps.now() / DAY_MS);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    for (const day of [today, today + 1]) {
      if (this.salts.has(day)) continue;
      const salt = await analyticsRepository.salt(this.deps.db, dayString(day), randomBytes(32));
      this.salts.set(day, saltSeed(salt));
    }
  }

  /** The table is full: flush now rather than at the next tick, unless a flush just failed. */
  private flushEarly(): void {
    if (!this.periodic || this.deps.now() < this.earlyFlushAfter) return;
    this.earlyFlushAfter = this.deps.now() + EARLY_FLUSH_PAUSE_MS;
    void this.periodic.run();
  }
}
