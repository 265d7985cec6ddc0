/** The SQL of bans: in force, listed newest first, lifted. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import type { Ban, BanKind } from './schemas.js';

export interface BanRow {
  id: string;
  kind: BanKind;
  subject_id: string;
  reason: string;
  banned_by: string | null;
  created_at: Date;
  lifted_by: string | null;
  lifted_at: Date | null;
}

const COLUMNS = 'id, kind, subject_id, reason, banned_by, created_at, lifted_by, lifted_at';

export function toBan(row: BanRow): Ban {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    reason: row.reason,
    bannedBy: row.banned_by,
    createdAt: row.created_at.toISOString(),
    liftedBy: row.lifted_by,
    liftedAt: row.lifted_at?.toISOString() ?? null,
  };
}

export const banRepository = {
  /** False when the user or bot is banned already (the unique index bans_in_force). */
  async insert(tx: Queryable, row: Omit<BanRow, 'lifted_by' | 'lifted_at'>): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO bans (id, kind, subject_id, reason, banned_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, subject_id) WHERE lifted_at IS NULL DO NOTHING`,
      [row.id, row.kind, row.subject_id, row.reason, row.banned_by, row.created_at],
    );
    return (rowCount ?? 0) > 0;
  },

  /** Every user and bot banned now (each check of a process asks its copy of these). */
  async inForce(db: Queryable): Promise<{ kind: BanKind; subject_id: string }[]> {
    const { rows } = await db.query<{ kind: BanKind; subject_id: string }>('SELECT kind, subject_id FROM bans WHERE lifted_at IS NULL');
    return rows;
  },

  /** Whether the user or bot is banned now: one lookup in bans_in_force. */
  async isBanned(db: Queryable, kind: BanKind, subjectId: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM bans WHERE kind = $1 AND subject_id = $2 AND lifted_at IS NULL', [kind, subjectId]);
    return rows.length > 0;
  },

  /** Up to `limit` bans in force, newest first, after `after`: a range of bans_in_force_time in its order. */
  async list(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<BanRow[]> {
    const { rows } = await db.query<BanRow>(
      `SELECT ${COLUMNS} FROM bans WHERE lifted_at IS NULL ${after ? 'AND (created_at, id) < ($2, $3)' : ''}
        ORDER BY created_at DESC, id DESC LIMIT $1`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows;
  },

  async find(db: Queryable, id: string): Promise<BanRow | undefined> {
    const { rows } = await db.query<BanRow>(`SELECT ${COLUMNS} FROM bans WHERE id = $1`, [id]);
    return rows[0];
  },

  /** Lifts the ban; undefined when there is no ban in force with that id. */
  async lift(tx: Queryable, id: string, by: string | null, now: Date): Promise<BanRow | undefined> {
    const { rows } = await tx.query<BanRow>(
      `UPDATE bans SET lifted_by = $2, lifted_at = $3 WHERE id = $1 AND lifted_at IS NULL RETURNING ${COLUMNS}`,
      [id, by, now],
    );
    return rows[0];
  },
};
