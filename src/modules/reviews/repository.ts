import type { Queryable } from '../../db/index.js';
import type { AdminReview } from './schemas.js';

export interface ReviewRow {
  id: string;
  bot_id: string;
  user_id: string;
  username: string;
  rating: number;
  body: string;
  helpful_count: number;
  published: boolean;
  reply_body: string | null;
  replied_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const COLUMNS = `id, bot_id, user_id, username, rating, body, helpful_count, published, reply_body, replied_at,
  created_at, updated_at`;

export function toReview(row: ReviewRow): AdminReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    user: row.user_id,
    username: row.username,
    helpfulCount: row.helpful_count,
    developerReply:
      row.reply_body !== null && row.replied_at !== null
        ? { body: row.reply_body, repliedAt: row.replied_at.toISOString() }
        : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    botId: row.bot_id,
    published: row.published,
  };
}

export interface NewReview {
  id: string;
  botId: string;
  user: string;
  username: string;
  rating: number;
  body: string;
  helpfulCount: number;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const reviewRepository = {
  async listPublished(
    db: Queryable,
    botId: string,
    limit: number,
    offset: number,
  ): Promise<{ reviews: AdminReview[]; total: number }> {
    const count = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM reviews WHERE bot_id = $1 AND published',
      [botId],
    );
    const total = count.rows[0]?.total ?? 0;
    if (offset >= total) return { reviews: [], total };
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${COLUMNS} FROM reviews WHERE bot_id = $1 AND published
        ORDER BY helpful_count DESC, created_at DESC, id LIMIT $2 OFFSET $3`,
      [botId, limit, offset],
    );
    return { reviews: rows.map(toReview), total };
  },

  async find(db: Queryable, id: string, forUpdate = false): Promise<AdminReview | undefined> {
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${COLUMNS} FROM reviews WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] && toReview(rows[0]);
  },

  async insert(tx: Queryable, review: NewReview): Promise<void> {
    await tx.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        review.id,
        review.botId,
        review.user,
        review.username,
        review.rating,
        review.body,
        review.helpfulCount,
        review.published,
        review.createdAt,
        review.updatedAt,
      ],
    );
  },

  async update(
    tx: Queryable,
    id: string,
    change: { helpfulCount: number; published: boolean; body: string },
    now: Date,
  ): Promise<void> {
    await tx.query(
      'UPDATE reviews SET helpful_count = $2, published = $3, body = $4, updated_at = $5 WHERE id = $1',
      [id, change.helpfulCount, change.published, change.body, now],
    );
  },

  async setReply(tx: Queryable, id: string, body: string | null, now: Date): Promise<void> {
    await tx.query('UPDATE reviews SET reply_body = $2, replied_at = $3, updated_at = $4 WHERE id = $1', [
      id,
      body,
      body === null ? null : now,
      now,
    ]);
  },

  /** Recomputes the bot's rating from its published reviews; the caller holds the bot's row lock. */
  async refreshRating(tx: Queryable, botId: string): Promise<void> {
    await tx.query(
      `UPDATE bots SET
         rating_sum = (SELECT COALESCE(sum(rating), 0)::int FROM reviews WHERE bot_id = $1 AND published),
         rating_count = (SELECT count(*)::int FROM reviews WHERE bot_id = $1 AND published)
       WHERE id = $1`,
      [botId],
    );
  },
};
