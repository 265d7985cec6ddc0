import pg from 'pg';

export interface ControlOptions {
  connectionString: string;
  /** Bound on connecting and on each liveness check's answer. */
  timeoutMs: number;
  /** Time between liveness checks. */
  intervalMs: number;
  /** Told when the database stops answering, so the pool can give up its connections at once. */
  onLost(): void;
}

/**
 * One dedicated connection per pool that carries every LISTEN of the process and checks, every
 * `intervalMs`, that the server answers `SELECT 1` within `timeoutMs`. A partition (packets held,
 * no RST) never fails a socket by itself; this check notices it within about
 * `intervalMs + timeoutMs`, declares the database unavailable (new queries fail at once, the
 * pool's connections are destroyed so waiting queries fail too) and keeps reconnecting until the
 * server answers again. A reconnect re-issues the LISTENs and tells subscribers, because
 * notifications sent meanwhile are lost.
 */
export class ControlConnection {
  private client: pg.Client | undefined;
  private available = true;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly subscribers = new Set<(available: boolean) => void>();

  constructor(private readonly options: ControlOptions) {}

  /** Connects; rejects when the server does not answer (a service must not start without its database). */
  async open(): Promise<void> {
    this.client = await this.connect();
    this.schedule();
  }

  isAvailable(): boolean {
    return this.available;
  }

  subscribe(listener: (available: boolean) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking;
    const client = this.client;
    this.client = undefined;
    if (client) await endWithin(client, this.options.timeoutMs);
  }

  private schedule(delay = this.options.intervalMs): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.checking = this.check().finally(() => {
        this.checking = undefined;
        this.schedule();
      });
    }, delay).unref();
  }

  private async check(): Promise<void> {
    if (this.client) {
      const client = this.client;
      if (await answersWithin(client.query('SELECT 1'), this.options.timeoutMs)) return this.setAvailable(true, false);
      this.client = undefined;
      destroy(client);
      // Declared now, not after a reconnect attempt that may itself wait the whole connect timeout.
      this.setAvailable(false, false);
    }
    try {
      this.client = await this.connect();
      this.setAvailable(true, true);
    } catch {
      this.setAvailable(false, false);
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: this.options.timeoutMs,
      keepAlive: true,
    });
    client.on('notification', (msg) => {
      for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    const lost = (): void => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      this.schedule(0);
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      if (!(await answersWithin(client.query('SELECT 1'), this.options.timeoutMs))) throw new Error('no answer to SELECT 1');
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      destroy(client);
      throw error;
    }
    return client;
  }

  /** `reconnected`: a new connection replaced a lost one, so subscribers resynchronise even without an outage. */
  private setAvailable(available: boolean, reconnected: boolean): void {
    const changed = available !== this.available;
    this.available = available;
    if (!available && changed) this.options.onLost();
    if (changed || (available && reconnected)) for (const subscriber of this.subscribers) subscriber(available);
  }
}

/**
 * Whether the promise settles successfully within `ms`. After the deadline one more turn of the
 * event loop lets an answer that is already in the socket buffer through: a process that was
 * busy (a long synchronous task, GC) must not mistake its own lateness for a silent database.
 */
export function answersWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => setImmediate(() => settle(false)), ms);
    promise.then(
      () => settle(true),
      () => settle(false),
    );
  });
}

/** Drops a connection now: its pending queries fail with "Connection terminated". */
export function destroy(client: pg.Client | pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** A polite end, or a destroyed socket when the server does not take part in time. */
export async function endWithin(client: pg.Client, ms: number): Promise<void> {
  if (!(await answersWithin(client.end(), ms))) destroy(client);
}
