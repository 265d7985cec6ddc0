import pg from 'pg';
import { asUnavailable, DatabaseUnavailableError } from './errors.js';
import { ControlConnection, destroy } from './postgres-control.js';
import type { Database, PoolUse, Queryable, QueryResult } from './types.js';

const INT8_OID = 20;
/** Counts fit comfortably in a double; strings would leak into every caller. */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown;
  },
};

/** How long the service waits for PostgreSQL; see DB_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS. */
export interface DatabaseTimeouts {
  /** Connecting, waiting for a free connection of the pool, and each liveness check. */
  connectMs: number;
  /** `statement_timeout` of every session: the server cancels a statement that runs longer. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 2000, statementMs: 30_000 };

/** A transaction left open by a client that vanished (a partition) releases its locks after this. */
const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * Connections to a PostgreSQL server, with every wait bounded: connecting and taking a
 * connection from a pool (`connectMs`), each statement (`statementMs`, enforced by the server),
 * and a silent server (a partition) noticed by the control connection's liveness check, which
 * then fails every waiting query and refuses new ones until the server answers again.
 * Two pools: `poolSize` connections for writes, transactions and everything else, and
 * `readPoolSize` of their own for `Database.reads` (0: reads share the first pool). A pool opens
 * connections only as they are asked for.
 */
export async function openPostgres(
  connectionString: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  readPoolSize = 0,
): Promise<Database> {
  const clients = new Set<pg.PoolClient>();
  const writePool = openPool(connectionString, poolSize, timeouts, clients);
  const readPool = readPoolSize > 0 ? openPool(connectionString, readPoolSize, timeouts, clients) : undefined;
  const pools: [PoolUse['name'], pg.Pool][] = readPool
    ? [
        ['writes', writePool],
        ['reads', readPool],
      ]
    : [['writes', writePool]];

  const control = new ControlConnection({
    connectionString,
    timeoutMs: timeouts.connectMs,
    intervalMs: Math.max(250, Math.round(timeouts.connectMs / 4)),
    // The connections share the control connection's network path: queries waiting on them would
    // otherwise wait for TCP to give up (many minutes). Destroyed, they fail now and leave the pool.
    onLost: () => {
      for (const client of clients) destroy(client);
    },
  });
  await control.open();

  /** Runs fn on a connection of the pool; an error that means "unreachable" becomes DatabaseUnavailableError. */
  async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (!control.isAvailable()) throw new DatabaseUnavailableError('The database did not answer its latest liveness check');
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw asUnavailable(error) ?? error;
    }
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      const unavailable = asUnavailable(error);
      if (unavailable) {
        broken = unavailable;
        throw unavailable;
      }
      throw error;
    } finally {
      // A connection that failed is not handed out again.
      client.release(broken);
    }
  }

  const wrap = (client: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  });

  const queryOn =
    (pool: pg.Pool) =>
    <T>(sql: string, params?: readonly unknown[]) =>
      withClient(pool, (client) => wrap(client).query<T>(sql, params));

  return {
    kind: 'postgres',
    query: queryOn(writePool),
    reads: { query: queryOn(readPool ?? writePool) },
    transaction: (fn) =>
      withClient(writePool, async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // Without a connection there is nothing to roll back: the server aborts the transaction itself.
          if (!asUnavailable(error)) await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    listen: (channel, onPayload) => control.listen(channel, onPayload),
    health: {
      available: () => control.isAvailable(),
      subscribe: (listener) => control.subscribe(listener),
      pools: () =>
        pools.map(([name, pool]) => ({
          name,
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
        })),
    },
    async close() {
      await control.close();
      // pool.end() waits for every connection to end; one behind a partition never would.
      const ended = Promise.all(pools.map(([, pool]) => pool.end()));
      const timer = setTimeout(() => {
        for (const client of clients) destroy(client);
      }, timeouts.connectMs);
      await ended;
      clearTimeout(timer);
    },
  };
}

/** A pool with the session settings every connection of the service has; its connections join `clients`. */
function openPool(connectionString: string, max: number, timeouts: DatabaseTimeouts, clients: Set<pg.PoolClient>): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    options: '-c TimeZone=UTC',
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    clients.add(client);
    // The pool listens for errors of idle connections only; one that fails while checked out
    // (destroyed on a lost server, or dropped by the server) reports through its query instead.
    client.on('error', () => {});
  });
  pool.on('remove', (client) => clients.delete(client));
  return pool;
}
