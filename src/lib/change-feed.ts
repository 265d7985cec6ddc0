import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';

const CHANNEL = 'bot_changes';
/** NOTIFY payloads must stay under 8000 bytes; changes beyond that go out in further notifications. */
const MAX_PAYLOAD = 7000;
/** How long changes of the traffic kinds gather before one NOTIFY carries them all. */
export const FLUSH_DELAY_MS = 5;

/**
 * What changed about a bot: `votes` (a vote; `userId` is the voter), `stats` (a server-count
 * report), `reviews` (a review and the rating), `premium` (a subscription: the owner's premium
 * reads only), `profile` (anything else, including publication and deletion: every answer about
 * the bot may differ).
 */
export type BotAspect = 'profile' | 'votes' | 'stats' | 'reviews' | 'premium';

/**
 * The bot's counters as the write left them, so that no process needs to read the bot back:
 * `changedUs` (bots.changed_at) orders reports that arrive out of order. `votesMonth` counts the
 * UTC month `month` (a back-dated vote may count an earlier one).
 */
export type BotCounters =
  | { votesTotal: number; votesMonth: number; month: string; changedUs: number }
  | { serverCount: number; shardCount: number; changedUs: number };

export type Change =
  /** `routing`: the write left an event that awaits routing to the bot's webhook endpoints. */
  | { kind: 'bot'; botId: string; aspect: BotAspect; userId?: string; counters?: BotCounters; routing?: true }
  /** The nightly history collection (every bot's history grew a day). */
  | { kind: 'history' }
  | { kind: 'keys' }
  | { kind: 'synonyms' };
export type ChangeListener = (change: Change) => void;

/**
 * Votes and stats reports arrive at traffic rates. PostgreSQL serialises the commits of every
 * transaction that sends a NOTIFY (a database-wide lock held through the commit's flush), which
 * capped votes at ~730/s; so these are announced after the commit, many per NOTIFY. The price:
 * a process that dies in the few milliseconds between commit and announcement leaves the others
 * unaware; the catalog's sweep (bots.changed_at) and the caches' deadlines bound that. Every
 * other change is rare and announced inside its transaction, where a rollback cancels it.
 */
function batched(change: Change): boolean {
  return change.kind === 'bot' && (change.aspect === 'votes' || change.aspect === 'stats');
}

/**
 * Tells every process what changed. Writers run their transaction through `commit`, which
 * announces the change to this process at once (before the writer answers) and to the others
 * through NOTIFY. A process ignores its own notifications: it already reacted.
 */
export class ChangeFeed {
  private readonly origin = randomUUID().slice(0, 8);
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: (() => Promise<void>) | undefined;
  private db: Database | undefined;
  private pending: string[] = [];
  private flushing: Promise<void> | undefined;

  async start(db: Database): Promise<void> {
    this.db = db;
    this.unlisten = await db.listen(CHANNEL, (payload) => this.receive(payload));
  }

  async stop(): Promise<void> {
    await this.flush();
    await this.unlisten?.();
    this.db = undefined;
  }

  subscribe(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  /**
   * Runs `fn` in one transaction and announces what it changed once it has committed. `change`
   * may be computed from fn's result (undefined: nothing to announce).
   */
  async commit<T>(
    db: Database,
    change: Change | readonly Change[] | ((result: T) => Change | readonly Change[] | undefined),
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    let changes: readonly Change[] = [];
    const result = await db.transaction(async (tx) => {
      const value = await fn(tx);
      const decided = typeof change === 'function' ? change(value) : change;
      changes = decided === undefined ? [] : Array.isArray(decided) ? decided : [decided as Change];
      const inTransaction = changes.filter((c) => !batched(c)).map((c) => this.encode(c));
      if (inTransaction.length > 0) await this.send(tx, inTransaction);
      return value;
    });
    for (const c of changes) {
      if (batched(c)) this.queue(this.encode(c));
      this.emit(c);
    }
    return result;
  }

  /**
   * Announces a change already committed (a single statement that committed on its own): here at
   * once, to the other processes in the next batch.
   */
  announce(change: Change): void {
    this.queue(this.encode(change));
    this.emit(change);
  }

  /** Announces a change to this process's listeners only. */
  emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Sends what is queued now; resolves when it has been sent (or failed: the sweep covers that). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0 || !this.db) return;
    const lines = this.pending;
    this.pending = [];
    const db = this.db;
    this.flushing = this.send(db, lines)
      .catch(() => undefined)
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  private queue(line: string): void {
    if (!this.db) return;
    const first = this.pending.length === 0;
    this.pending.push(line);
    if (first) setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  private async send(q: Queryable, lines: readonly string[]): Promise<void> {
    let payload = this.origin;
    for (const line of lines) {
      if (payload.length + line.length + 1 > MAX_PAYLOAD) {
        await q.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
        payload = this.origin;
      }
      payload += `\n${line}`;
    }
    if (payload !== this.origin) await q.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  private encode(change: Change): string {
    if (change.kind !== 'bot') return change.kind;
    const { aspect, botId, userId, counters, routing } = change;
    return `bot:${aspect}:${botId}:${userId ?? ''}:${counters ? encodeCounters(counters) : ''}${routing ? ':r' : ''}`;
  }

  private receive(payload: string): void {
    const [origin, ...lines] = payload.split('\n');
    if (origin === this.origin) return;
    for (const line of lines) {
      const change = decode(line);
      if (change) this.emit(change);
    }
  }
}

const ASPECTS: readonly string[] = ['profile', 'votes', 'stats', 'reviews', 'premium'];

function decode(line: string): Change | undefined {
  const [kind, aspect, botId, userId, counters, routing] = line.split(':');
  if (kind === 'bot' && aspect && ASPECTS.includes(aspect) && botId) {
    const change: Change = { kind, aspect: aspect as BotAspect, botId };
    if (userId) change.userId = userId;
    const decoded = counters ? decodeCounters(counters) : undefined;
    if (decoded) change.counters = decoded;
    if (routing === 'r') change.routing = true;
    return change;
  }
  if (kind === 'history' || kind === 'keys' || kind === 'synonyms') return { kind };
  return undefined;
}

function encodeCounters(c: BotCounters): string {
  return 'votesTotal' in c ? `v,${c.votesTotal},${c.votesMonth},${c.month},${c.changedUs}` : `s,${c.serverCount},${c.shardCount},${c.changedUs}`;
}

function decodeCounters(text: string): BotCounters | undefined {
  const [type, ...fields] = text.split(',');
  const whole = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);
  if (type === 'v' && fields.length === 4 && /^\d{4}-\d{2}-01$/.test(fields[2]!)) {
    const [votesTotal, votesMonth, changedUs] = [whole(fields[0]), whole(fields[1]), whole(fields[3])];
    if (votesTotal !== undefined && votesMonth !== undefined && changedUs !== undefined) {
      return { votesTotal, votesMonth, month: fields[2]!, changedUs };
    }
  }
  if (type === 's' && fields.length === 3) {
    const [serverCount, shardCount, changedUs] = fields.map(whole);
    if (serverCount !== undefined && shardCount !== undefined && changedUs !== undefined) return { serverCount, shardCount, changedUs };
  }
  return undefined;
}
