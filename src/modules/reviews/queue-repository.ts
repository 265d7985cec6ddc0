/** The SQL of the lists read by keyset: the operator's held reviews, and a bot's reviews on its owner's dashboard. */
import type { Queryable } from '../../db/index.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import { COLUMNS, type ReviewRow } from './repository.js';

export const reviewQueueRepository = {
  /** Up to `limit` held reviews, the longest waiting first, after `after`: a range of reviews_held_queue. */
  async held(db: Queryable, after: KeysetPosition | undefined, limit: number): Promise<(ReviewRow & { status_at: Date })[]> {
    const { rows } = await db.query<ReviewRow & { status_at: Date }>(
      `SELECT ${COLUMNS}, status_at FROM reviews WHERE status = 'held' ${after ? 'AND (status_at, id) > ($2, $3)' : ''}
        ORDER BY status_at, id LIMIT $1`,
      after ? [limit, after.at, after.id] : [limit],
    );
    return rows;
  },

  /**
   * Up to `limit` of a bot's published reviews, newest first, after `after`: all of them (a range
   * of reviews_bot_newest) or only those without a reply (reviews_bot_unanswered).
   */
  async ofBot(db: Queryable, botId: string, unanswered: boolean, after: KeysetPosition | undefined, limit: number): Promise<ReviewRow[]> {
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${COLUMNS} FROM reviews
        WHERE bot_id = $1 AND published ${unanswered ? 'AND reply_body IS NULL' : ''} ${after ? 'AND (created_at, id) < ($3, $4)' : ''}
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      after ? [botId, limit, after.at, after.id] : [botId, limit],
    );
    return rows;
  },
};
