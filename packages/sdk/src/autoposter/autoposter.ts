import { BotDirectory, type ClientOptions } from '../client.js';
import { BotDirectoryError } from '../errors.js';
import type { StoredStats } from '../types.js';
import { Emitter } from './emitter.js';
import { statsReader, type StatsReader, type StatsSnapshot, type StatsSource } from './sources.js';

/** The spec advises reporting "every few minutes at most". */
export const MIN_INTERVAL_MS = 5 * 60_000;
export const DEFAULT_INTERVAL_MS = 30 * 60_000;
/** How often the poster looks (locally, without a request) whether it is ready or the shard count changed. */
const CHECK_MS = 60_000;
/** Backoff after a failed post: 1 min, doubling, never beyond the interval. */
const FIRST_BACKOFF_MS = 60_000;
/** How often a source that is not ready yet (client logging in, shards spawning) is looked at. */
const READY_POLL_MS = 5_000;

/** Timers and clock of the poster; tests pass a manual one. */
export interface Scheduler {
  now(): number;
  /** Runs `task` after `ms`; returns a function that cancels it. */
  setTimer(task: () => void, ms: number): () => void;
}

export interface AutoPosterOptions extends Partial<Omit<ClientOptions, 'retry'>> {
  /** A client to post with, instead of `token` + `baseUrl`. */
  client?: BotDirectory;
  /** Time between posts. Default 30 min; less than 5 min is raised to 5 min. */
  intervalMs?: number;
  /** Where the one line about a refused key (and errors nobody listens to) goes. Default `console`. */
  logger?: { warn(message: string): void; error(message: string): void };
  scheduler?: Scheduler;
}

export interface AutoPosterEvents {
  /** A post went through: what was sent and what the service stored. */
  posted: StatsSnapshot & { stored: StoredStats };
  /** A post or a read of the counts failed; the poster carries on (or stops, see `stopped`). */
  error: Error;
  /** The poster stopped: `stop()` was called, or the key was refused (401/403). */
  stopped: { reason: 'stopped' | 'unauthorized' | 'forbidden' };
}

/**
 * Posts the bot's server and shard counts on start, on a timer and when the shard count changes.
 * Never throws into the bot: failures are `error` events (or one log line each when nothing
 * listens); 429 and 5xx back off; a refused key (401/403) stops it with one log line.
 */
export class StatsPoster extends Emitter<AutoPosterEvents> {
  private readonly reader: StatsReader;
  private readonly client: BotDirectory;
  private readonly intervalMs: number;
  private readonly logger: NonNullable<AutoPosterOptions['logger']>;
  private readonly scheduler: Scheduler;
  private readonly fixedBotId: string | undefined;
  private cancelTimer: (() => void) | undefined;
  private running = false;
  private posting = false;
  private nextPostAt = 0;
  private lastPostAt: number | undefined;
  private lastShardCount: number | undefined;
  private backoffMs = FIRST_BACKOFF_MS;

  constructor(options: AutoPosterOptions, source: StatsSource) {
    super();
    this.reader = statsReader(source);
    this.client = options.client ?? new BotDirectory({ ...(options as ClientOptions), retry: false });
    this.fixedBotId = options.botId;
    this.intervalMs = Math.max(MIN_INTERVAL_MS, options.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.logger = options.logger ?? console;
    this.scheduler = options.scheduler ?? realScheduler;
  }

  /** Whether this process posts (with sharding, the one holding shard or cluster 0 posts for all). */
  get leader(): boolean {
    return this.reader.leader;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts posting (the first post as soon as the source is ready). Does nothing on a shard that is not the leader. */
  start(): this {
    if (this.running || !this.reader.leader) return this;
    this.running = true;
    this.nextPostAt = this.scheduler.now();
    this.arm(0);
    return this;
  }

  stop(): void {
    this.halt('stopped');
  }

  /**
   * Posts now and resolves with the stored values, or undefined when the post failed (the failure
   * is an `error` event). Never rejects.
   */
  async post(): Promise<StoredStats | undefined> {
    if (this.posting) return undefined;
    this.posting = true;
    try {
      const snapshot = await this.reader.read();
      if (!Number.isSafeInteger(snapshot.serverCount) || snapshot.serverCount < 0) {
        throw new TypeError(`the server count to post is ${snapshot.serverCount}, not a whole number >= 0`);
      }
      const botId = this.fixedBotId ?? (await this.reader.botId());
      if (!botId) throw new TypeError('AutoPoster: no bot id (pass botId, or log the client in before posting)');
      const body =
        snapshot.shardCount === undefined
          ? { serverCount: snapshot.serverCount }
          : { serverCount: snapshot.serverCount, shardCount: snapshot.shardCount };
      const stored = await this.client.stats.post(botId, body);
      this.lastPostAt = this.scheduler.now();
      this.lastShardCount = snapshot.shardCount;
      this.backoffMs = FIRST_BACKOFF_MS;
      this.nextPostAt = this.lastPostAt + this.intervalMs;
      this.emit('posted', { ...body, stored }, (error) => this.report(error));
      return stored;
    } catch (failure) {
      this.failed(failure);
      return undefined;
    } finally {
      this.posting = false;
    }
  }

  private failed(failure: unknown): void {
    const error = failure instanceof Error ? failure : new Error(String(failure));
    const now = this.scheduler.now();
    if (error instanceof BotDirectoryError && (error.status === 401 || error.status === 403)) {
      this.logger.error(
        `[bot-directory] stats autoposter stopped: the service refused the API key (${error.status} ${error.code}: ${error.message}). ` +
          'Check the token and that it has the stats:write scope for this bot.',
      );
      this.emit('error', error, (listenerError) => this.report(listenerError));
      this.halt(error.status === 401 ? 'unauthorized' : 'forbidden');
      return;
    }
    const retryable = !(error instanceof BotDirectoryError) || error.status === 0 || error.status === 429 || error.status >= 500;
    if (retryable) {
      const retryAfterMs = error instanceof BotDirectoryError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
      this.nextPostAt = now + Math.max(this.backoffMs, retryAfterMs);
      this.backoffMs = Math.min(this.intervalMs, this.backoffMs * 2);
    } else {
      // A 422 or the like will not heal by repeating soon: try again at the next interval.
      this.nextPostAt = now + this.intervalMs;
    }
    if (this.listenerCount('error') > 0) this.emit('error', error, (listenerError) => this.report(listenerError));
    else this.report(error);
  }

  private report(error: unknown): void {
    this.logger.warn(`[bot-directory] stats autoposter: ${error instanceof Error ? error.message : String(error)}`);
  }

  private arm(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.scheduler.setTimer(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    const now = this.scheduler.now();
    if (this.reader.ready()) {
      const shardCountChanged = this.lastPostAt !== undefined && this.reader.shardCount() !== this.lastShardCount;
      const due = now >= this.nextPostAt || (shardCountChanged && now - (this.lastPostAt ?? 0) >= MIN_INTERVAL_MS);
      if (due) await this.post();
    }
    if (!this.running) return;
    const untilDue = this.nextPostAt - this.scheduler.now();
    // Not due yet: sleep until then (looking at the shard count every minute); overdue (source not
    // ready, or a post of the caller's own still running): look again shortly.
    this.arm(untilDue > 0 ? Math.min(CHECK_MS, untilDue) : READY_POLL_MS);
  }

  private halt(reason: AutoPosterEvents['stopped']['reason']): void {
    if (!this.running) return;
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.emit('stopped', { reason }, (error) => this.report(error));
  }
}

/**
 * Starts a {@link StatsPoster} for a discord.js client, a sharding/cluster manager, or a callback.
 *
 * ```ts
 * AutoPoster({ token: process.env.BOT_DIRECTORY_TOKEN, baseUrl: 'https://bots.example.org' }, client);
 * ```
 */
export function AutoPoster(options: AutoPosterOptions, source: StatsSource): StatsPoster {
  return new StatsPoster(options, source).start();
}

const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimer(task, ms) {
    const timer = setTimeout(task, ms);
    // The poster must not keep a bot's process alive on its own.
    (timer as { unref?: () => void }).unref?.();
    return () => clearTimeout(timer);
  },
};
