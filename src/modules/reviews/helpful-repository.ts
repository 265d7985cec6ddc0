/** The SQL of "helpful" marks: one per user and review, with the review's helpful_count kept beside them. */
import type { Queryable } from '../../db/index.js';

export const helpfulRepository = {
  /** Marks the review; false when the user had marked it already (nothing changes then). */
  async mark(tx: Queryable, reviewId: string, userId: string, now: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      'INSERT INTO review_helpful (review_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (review_id, user_id) DO NOTHING',
      [reviewId, userId, now],
    );
    if ((rowCount ?? 0) === 0) return false;
    await tx.query('UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = $1', [reviewId]);
    return true;
  },

  /** Takes the user's mark back; false when there was none. */
  async unmark(tx: Queryable, reviewId: string, userId: string): Promise<boolean> {
    const { rowCount } = await tx.query('DELETE FROM review_helpful WHERE review_id = $1 AND user_id = $2', [reviewId, userId]);
    if ((rowCount ?? 0) === 0) return false;
    await tx.query('UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id = $1', [reviewId]);
    return true;
  },

  /** Which of `reviewIds` (a page's) the user has marked: one primary-key probe each. */
  async markedBy(db: Queryable, userId: string, reviewIds: string[]): Promise<Set<string>> {
    if (reviewIds.length === 0) return new Set();
    const { rows } = await db.query<{ review_id: string }>(
      'SELECT review_id FROM review_helpful WHERE review_id = ANY($1::uuid[]) AND user_id = $2',
      [reviewIds, userId],
    );
    return new Set(rows.map((row) => row.review_id));
  },
};
