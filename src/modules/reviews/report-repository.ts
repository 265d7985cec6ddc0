/** The SQL of reports of reviews: written, queued for the operator, and resolved with the decision on the review. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import { COLUMNS, toReview, type ReviewRow } from './repository.js';
import type { ReviewReport, ReviewReportReason } from './schemas.js';

export interface ReviewReportRow {
  report_id: string;
  reason: ReviewReportReason;
  details: string;
  reporter_id: string;
  reporter_name: string;
  reported_at: Date;
}

export function toReviewReport(row: ReviewReportRow & ReviewRow): ReviewReport {
  return {
    id: row.report_id,
    reason: row.reason,
    details: row.details,
    reporterId: row.reporter_id,
    reporterName: row.reporter_name,
    createdAt: row.reported_at.toISOString(),
    review: toReview(row),
  };
}

export const reviewReportRepository = {
  /** False when the user has an open report of the review already (the unique index review_reports_open_per_reporter). */
  async insert(
    tx: Queryable,
    report: {
      id: string;
      reviewId: string;
      reporterId: string;
      reporterName: string;
      reason: ReviewReportReason;
      details: string;
      at: Date;
    },
  ): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO review_reports (id, review_id, reporter_id, reporter_name, reason, details, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7)
       ON CONFLICT (reporter_id, review_id) WHERE status = 'open' DO NOTHING`,
      [report.id, report.reviewId, report.reporterId, report.reporterName, report.reason, report.details, report.at],
    );
    return (rowCount ?? 0) > 0;
  },

  /**
   * Up to `limit` open reports, oldest first, after `after`: a range of review_reports_open_queue in
   * its order, each joined to its review (a page reads its own reviews only).
   */
  async openQueue(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<(ReviewReportRow & ReviewRow)[]> {
    const { rows } = await db.query<ReviewReportRow & ReviewRow>(
      `SELECT q.id AS report_id, q.reason, q.details, q.reporter_id, q.reporter_name, q.created_at AS reported_at, r.*
         FROM (SELECT * FROM review_reports WHERE status = 'open' ${after ? 'AND (created_at, id) > ($2, $3)' : ''}
                ORDER BY created_at, id LIMIT $1) q
         CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM reviews WHERE id = q.review_id) r
        ORDER BY q.created_at, q.id`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows;
  },

  /** Resolves the review's open reports with the operator's decision; how many there were. */
  async resolveFor(
    tx: Queryable,
    reviewId: string,
    decision: { resolution: 'approved' | 'hidden'; by: string | null; at: Date },
  ): Promise<number> {
    const { rowCount } = await tx.query(
      `UPDATE review_reports SET status = 'resolved', resolution = $2, resolved_by = $3, resolved_at = $4
        WHERE review_id = $1 AND status = 'open'`,
      [reviewId, decision.resolution, decision.by, decision.at],
    );
    return rowCount ?? 0;
  },
};
