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
  /** Connections of the pool: open, idle, and callers waiting for one (undefined in process). */
  pool(): { total: number; idle: number; waiting: number } | undefined;
}
