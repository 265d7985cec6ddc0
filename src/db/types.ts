/** The one query interface every repository uses; PGlite and node-postgres both sit behind it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted by the statement. */
  rowCount: number;
}

export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  /**
   * For reads that need no transaction: on a PostgreSQL server connections of their own, so a
   * read never waits for a connection behind writes (DATABASE_READ_POOL_SIZE; 0 shares the write
   * pool). It sees every commit at once (the same server), but not a transaction still open.
   * On PGlite, one connection in process, the database itself.
   */
  readonly reads: Queryable;
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Whether the database answers; see DatabaseHealth. */
  readonly health: DatabaseHealth;
  close(): Promise<void>;
}

export interface DatabaseHealth {
  /** False from a failed liveness check until the next one succeeds. PGlite, in process, always answers. */
  available(): boolean;
  /**
   * `false` when the database stops answering; `true` when it answers again after that, or after
   * its notification connection was replaced (NOTIFYs may have been missed meanwhile).
   */
  subscribe(listener: (available: boolean) => void): () => void;
  /** Connections of each pool: open, idle, and callers waiting for one (none in process). */
  pools(): PoolUse[];
}

export interface PoolUse {
  /** `writes`: transactions, writes and every other query; `reads`: `Database.reads`. */
  name: 'writes' | 'reads';
  total: number;
  idle: number;
  waiting: number;
}
