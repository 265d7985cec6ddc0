import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import type { TierRequest, TierRequestStatus } from './schemas.js';

interface TierRequestRow {
  id: string;
  bot_id: string;
  key_id: string;
  requested_by: string;
  tier: number;
  reason: string;
  status: TierRequestStatus;
  note: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = 'id, bot_id, key_id, requested_by, tier, reason, status, note, created_at, decided_at';

function toRequest(row: TierRequestRow): TierRequest {
  return {
    id: row.id,
    botId: row.bot_id,
    keyId: row.key_id,
    requestedBy: row.requested_by,
    tier: row.tier,
    reason: row.reason,
    status: row.status,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export const tierRequestRepository = {
  /** False when the key already has an open request (the unique index tier_requests_open). */
  async insert(tx: Queryable, request: Omit<TierRequest, 'status' | 'note' | 'decidedAt'>): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO tier_requests (id, bot_id, key_id, requested_by, tier, reason, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)
       ON CONFLICT (key_id) WHERE status = 'pending' DO NOTHING`,
      [request.id, request.botId, request.keyId, request.requestedBy, request.tier, request.reason, request.createdAt],
    );
    return (rowCount ?? 0) > 0;
  },

  /** Newest first, from index tier_requests_time or tier_requests_status_time. */
  async list(
    db: Queryable,
    status: TierRequestStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: TierRequest[]; total: number }> {
    const where = status === undefined ? '' : 'WHERE status = $1';
    const values = status === undefined ? [] : [status];
    const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM tier_requests ${where}`, values);
    const total = count[0]?.total ?? 0;
    if (offset >= total) return { items: [], total };
    const n = values.length;
    const { rows } = await db.query<TierRequestRow>(
      `SELECT ${COLUMNS} FROM tier_requests ${where} ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...values, limit, offset],
    );
    return { items: rows.map(toRequest), total };
  },

  /**
   * Up to `limit` pending requests, oldest first, after `after`, each with its bot's name: the
   * pending range of tier_requests_status_time read backwards, in its order (no OFFSET, no count).
   */
  async pendingQueue(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<(TierRequest & { botName: string })[]> {
    const { rows } = await db.query<TierRequestRow & { bot_name: string }>(
      `SELECT r.*, b.name AS bot_name
         FROM (SELECT ${COLUMNS} FROM tier_requests WHERE status = 'pending' ${after ? 'AND (created_at, id) > ($2, $3)' : ''}
                ORDER BY created_at, id LIMIT $1) r
         JOIN bots b ON b.id = r.bot_id
        ORDER BY r.created_at, r.id`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows.map((row) => ({ ...toRequest(row), botName: row.bot_name }));
  },

  /** A bot's latest requests (the dashboard shows them next to its keys). */
  async recentForBot(db: Queryable, botId: string, limit: number): Promise<TierRequest[]> {
    const { rows } = await db.query<TierRequestRow>(
      `SELECT ${COLUMNS} FROM tier_requests WHERE bot_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [botId, limit],
    );
    return rows.map(toRequest);
  },

  async lockPending(tx: Queryable, id: string): Promise<TierRequest | undefined> {
    const { rows } = await tx.query<TierRequestRow>(`SELECT ${COLUMNS} FROM tier_requests WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] && toRequest(rows[0]);
  },

  async decide(tx: Queryable, id: string, status: 'approved' | 'denied', note: string | null, now: Date): Promise<void> {
    await tx.query(`UPDATE tier_requests SET status = $2, note = $3, decided_at = $4 WHERE id = $1`, [id, status, note, now]);
  },
};
