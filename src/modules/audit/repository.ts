/** The SQL of the audit log: an entry appended in the caller's transaction, pages read by keyset, old entries dropped. */
import type { Queryable } from '../../db/index.js';
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
};
