import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';

const CHANNEL = 'bot_changes';
/** NOTIFY payloads must stay under 8000 bytes; changes beyond that go out in further notifications. */
const MAX_PAYLOAD = 7000;
/** How long changes of the traffic kinds gather before one NOTIFY carries them all. */
export const FLUSH_DELAY_MS = 5;

/** How a change travels in a notification: one line each way, and when it is announced. */
export interface ChangeCodec<C> {
  /** One line without a newline. */
  encode(change: C): string;
  /** The change a line stands for; undefined for a line this version does not know. */
  decode(line: string): C | undefined;
  /**
   * Whether the change comes at traffic rates. PostgreSQL serialises the commits of every
   * transaction that sends a NOTIFY (a database-wide lock held through the commit's flush), so
   * such changes are announced after their commit, many per NOTIFY. The price: a process that dies
   * in the few milliseconds between commit and announcement leaves the others unaware (the
   * listeners must bound that, as the catalog's sweep does). Every other change is announced inside
   * its transaction, where a rollback cancels it.
   */
  batched(change: C): boolean;
}

export type ChangeListener<C> = (change: C) => void;

/**
 * Tells every process what changed. Writers run their transaction through `commit`, which
 * announces the change to this process at once (before the writer answers) and to the others
 * through NOTIFY. A process ignores its own notifications: it already reacted.
 */
export class ChangeFeed<C> {
  private readonly origin = randomUUID().slice(0, 8);
  private readonly listeners = new Set<ChangeListener<C>>();
  private unlisten: (() => Promise<void>) | undefined;
  private db: Database | undefined;
  private pending: string[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly codec: ChangeCodec<C>) {}

  async start(db: Database): Promise<void> {
    this.db = db;
    this.unlisten = await db.listen(CHANNEL, (payload) => this.receive(payload));
  }

  async stop(): Promise<void> {
    await this.flush();
    await this.unlisten?.();
    this.db = undefined;
  }

  subscribe(listener: ChangeListener<C>): void {
    this.listeners.add(listener);
  }

  /**
   * Runs `fn` in one transaction and announces what it changed once it has committed. `change`
   * may be computed from fn's result (undefined: nothing to announce).
   */
  async commit<T>(
    db: Database,
    change: C | readonly C[] | ((result: T) => C | readonly C[] | undefined),
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    let changes: readonly C[] = [];
    const result = await db.transaction(async (tx) => {
      const value = await fn(tx);
      const decided = typeof change === 'function' ? (change as (result: T) => C | readonly C[] | undefined)(value) : change;
      changes = decided === undefined ? [] : Array.isArray(decided) ? (decided as readonly C[]) : [decided as C];
      const inTransaction = changes.filter((c) => !this.codec.batched(c)).map((c) => this.codec.encode(c));
      if (inTransaction.length > 0) await this.send(tx, inTransaction);
      return value;
    });
    for (const c of changes) {
      if (this.codec.batched(c)) this.queue(this.codec.encode(c));
      this.emit(c);
    }
    return result;
  }

  /**
   * Announces a change already committed (a single statement that committed on its own): here at
   * once, to the other processes in the next batch.
   */
  announce(change: C): void {
    this.queue(this.codec.encode(change));
    this.emit(change);
  }

  /** Announces a change to this process's listeners only. */
  emit(change: C): void {
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

  private receive(payload: string): void {
    const [origin, ...lines] = payload.split('\n');
    if (origin === this.origin) return;
    for (const line of lines) {
      const change = this.codec.decode(line);
      if (change) this.emit(change);
    }
  }
}
