/** The SQL of the audit log: an entry appended in the caller's transaction, pages read by keyset, old entries dropped. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import { SqlFilter } from '../../lib/sql-filter.js';
import type { ActorKind, AuditAction, AuditEntry, Diff, Via } from './entry.js';

export interface AuditRow {
  id: string;
  at: Date;
  bot_id: string | null;
  actor_kind: ActorKind;
  actor_id: string | null;
  via: Via;
  action: AuditAction;
  target: string | null;
  diff: Diff | null;
  note: string | null;
}

/** What a page of the log is narrowed to; every filter is optional. */
export interface AuditFilter {
  botId?: string;
  actorId?: string;
  action?: AuditAction;
  /** From this instant on (inclusive). */
  from?: Date;
  /** Before this instant (exclusive). */
  to?: Date;
}

// The id as text (a bigint is a number on node-postgres, another type on PGlite); the order names
// the table's own columns, not this alias.
const COLUMNS = 'id::text AS id, at, bot_id, actor_kind, actor_id, via, action, target, diff, note';

export const auditRepository = {
  /**
   * Appends `entry` in `tx`, the transaction of the change it records: both are stored, or neither.
   * `at`: the service's clock when the change was made.
   */
  async record(tx: Queryable, entry: AuditEntry, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO audit_log (at, bot_id, actor_kind, actor_id, via, action, target, diff, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        at,
        entry.botId,
        entry.actor.kind,
        entry.actor.id,
        entry.actor.via,
        entry.action,
        entry.target ?? null,
        entry.diff ? JSON.stringify(entry.diff) : null,
        entry.note ?? null,
      ],
    );
  },

  /**
   * Up to `limit` entries, newest first, after `after`. The equality filters (bot, actor, action)
   * pick the index whose leading columns they are (034, 036: one for every combination), and the
   * time range and the position bound its (at, id) columns: one index range in its order, whatever
   * is filtered, so a page reads its own rows and no more.
   */
  async page(db: Queryable, filter: AuditFilter, after: KeysetPosition | undefined, limit: number): Promise<AuditRow[]> {
    const { where, values } = new SqlFilter()
      .when(filter.botId, (n, botId) => `bot_id = ${n(botId)}`)
      .when(filter.actorId, (n, actorId) => `actor_id = ${n(actorId)}`)
      .when(filter.action, (n, action) => `action = ${n(action)}`)
      .when(filter.from, (n, from) => `at >= ${n(from)}`)
      .when(filter.to, (n, to) => `at < ${n(to)}`)
      .when(after, (n, position) => `(at, id) < (${n(position.at)}, ${n(position.id)}::bigint)`)
      .build(2);
    const { rows } = await db.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_log a ${where} ORDER BY a.at DESC, a.id DESC LIMIT $1`, [
      limit,
      ...values,
    ]);
    return rows;
  },

  /**
   * Deletes up to `limit` entries written before `cutoff`, oldest first: the far end of
   * audit_log_time, so a batch reads the rows it deletes and no others. Answers how many it deleted.
   */
  async pruneBefore(db: Queryable, cutoff: Date, limit: number): Promise<number> {
    const { rowCount } = await db.query(
      `DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < $1 ORDER BY at, id LIMIT $2)`,
      [cutoff, limit],
    );
    return rowCount;
  },
};
