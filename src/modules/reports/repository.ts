/** The SQL of reports: written, counted per reporter, queued, resolved, and read back by their reporter. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import type { Report, ReportReason, ReportStatus, Resolution } from './schemas.js';

export interface ReportRow {
  id: string;
  bot_id: string;
  reporter_id: string;
  reporter_name: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  resolution: Resolution | null;
  answer: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  seen_at: Date | null;
  created_at: Date;
}

/** A report with its bot's name and slugs now. */
export interface ReportWithBot extends ReportRow {
  bot_name: string;
  bot_slugs: { de: string; en: string };
}

const COLUMNS = `r.id, r.bot_id, r.reporter_id, r.reporter_name, r.reason, r.details, r.status, r.resolution, r.answer,
  r.resolved_by, r.resolved_at, r.seen_at, r.created_at, b.name AS bot_name, b.slugs AS bot_slugs`;

export function toReport(row: ReportWithBot): Report {
  return {
    id: row.id,
    botId: row.bot_id,
    botName: row.bot_name,
    reporterId: row.reporter_id,
    reporterName: row.reporter_name,
    reason: row.reason,
    details: row.details,
    status: row.status,
    resolution: row.resolution,
    answer: row.answer,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export const reportRepository = {
  /** Serialises the reports of one user until the transaction ends, so that the daily limit holds under races. */
  async lockReporter(tx: Queryable, reporterId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`report:${reporterId}`]);
  },

  /**
   * When the user's reports since `since` were made, oldest first, at most `cap` of them: a range
   * of reports_reporter_time, never more than `cap` rows.
   */
  async madeSince(db: Queryable, reporterId: string, since: Date, cap: number): Promise<Date[]> {
    const { rows } = await db.query<{ created_at: Date }>(
      `SELECT created_at FROM (
         SELECT created_at FROM reports WHERE reporter_id = $1 AND created_at > $2 ORDER BY created_at DESC, id DESC LIMIT $3
       ) latest ORDER BY created_at`,
      [reporterId, since, cap],
    );
    return rows.map((row) => row.created_at);
  },

  /** False when the user has an open report of the bot already (the unique index reports_open_per_reporter). */
  async insert(
    tx: Queryable,
    row: Pick<ReportRow, 'id' | 'bot_id' | 'reporter_id' | 'reporter_name' | 'reason' | 'details' | 'created_at'>,
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO reports (id, bot_id, reporter_id, reporter_name, reason, details, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7)
       ON CONFLICT (reporter_id, bot_id) WHERE status = 'open' DO NOTHING`,
      [row.id, row.bot_id, row.reporter_id, row.reporter_name, row.reason, row.details, row.created_at],
    );
    return (rowCount ?? 0) > 0;
  },

  async find(db: Queryable, id: string): Promise<ReportWithBot | undefined> {
    const { rows } = await db.query<ReportWithBot>(`SELECT ${COLUMNS} FROM reports r JOIN bots b ON b.id = r.bot_id WHERE r.id = $1`, [id]);
    return rows[0];
  },

  /**
   * Up to `limit` open reports, oldest first, after `after`: a range of reports_open_queue in its
   * order, then joined to their bots (a page reads its own bots only).
   */
  async openQueue(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<ReportWithBot[]> {
    const { rows } = await db.query<ReportWithBot>(
      `SELECT ${COLUMNS}
         FROM (SELECT * FROM reports WHERE status = 'open' ${after ? 'AND (created_at, id) > ($2, $3)' : ''}
                ORDER BY created_at, id LIMIT $1) r
         JOIN bots b ON b.id = r.bot_id
        ORDER BY r.created_at, r.id`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows;
  },

  /** Up to `limit` resolved reports, the latest decision first, after `after` (reports_resolved_time). */
  async resolved(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<ReportWithBot[]> {
    const { rows } = await db.query<ReportWithBot>(
      `SELECT ${COLUMNS}
         FROM (SELECT * FROM reports WHERE status = 'resolved' ${after ? 'AND (resolved_at, id) < ($2, $3)' : ''}
                ORDER BY resolved_at DESC, id DESC LIMIT $1) r
         JOIN bots b ON b.id = r.bot_id
        ORDER BY r.resolved_at DESC, r.id DESC`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows;
  },

  /** Resolves an open report; undefined when there is no open report with that id. */
  async resolve(
    tx: Queryable,
    id: string,
    decision: { resolution: Resolution; answer: string; by: string | null; at: Date },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE reports SET status = 'resolved', resolution = $2, answer = $3, resolved_by = $4, resolved_at = $5
        WHERE id = $1 AND status = 'open'`,
      [id, decision.resolution, decision.answer, decision.by, decision.at],
    );
    return (rowCount ?? 0) > 0;
  },

  /** A user's latest reports, newest first (reports_reporter_time). */
  async byReporter(db: Queryable, reporterId: string, limit: number, botId?: string): Promise<ReportWithBot[]> {
    const { rows } = await db.query<ReportWithBot>(
      `SELECT ${COLUMNS}
         FROM (SELECT * FROM reports WHERE reporter_id = $1 ${botId === undefined ? '' : 'AND bot_id = $3'}
                ORDER BY created_at DESC, id DESC LIMIT $2) r
         JOIN bots b ON b.id = r.bot_id
        ORDER BY r.created_at DESC, r.id DESC`,
      botId === undefined ? [reporterId, limit] : [reporterId, limit, botId],
    );
    return rows;
  },

  /** The user's answered reports they have not seen, up to `cap`: a range of reports_reporter_time. */
  async unseenAnswers(db: Queryable, reporterId: string, cap: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM reports WHERE reporter_id = $1 AND status = 'resolved' AND seen_at IS NULL LIMIT $2
       ) unseen`,
      [reporterId, cap],
    );
    return rows[0]?.n ?? 0;
  },

  /** The answers the user has now been shown. */
  async markSeen(db: Queryable, ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.query('UPDATE reports SET seen_at = $2 WHERE id = ANY($1::uuid[]) AND seen_at IS NULL', [ids, now]);
  },
};
