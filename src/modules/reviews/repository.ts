import type { Queryable } from '../../db/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { RatingShare } from './rating.js';
import type { HoldRule } from './rules.js';
import type { AdminReview, ReviewStatus } from './schemas.js';

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
  status: ReviewStatus;
  held_for: HoldRule[] | null;
  hide_reason: string | null;
}

/** The public orders of a bot's reviews: most helpful first (the API's), or newest first. */
export type ReviewOrder = 'helpful' | 'newest';

/**
 * Each order: its ORDER BY, columns prefixed with `alias` (the index it is read along:
 * reviews_bot_helpful, reviews_bot_newest; id breaks the remaining ties), and the condition "at or
 * after the review with this key in the order", the key given as SQL expressions.
 */
const ORDERS: Record<
  ReviewOrder,
  { by: (alias?: string) => string; atOrAfter: (key: { helpful: string; created: string; id: string }) => string }
> = {
  helpful: {
    by: (a = '') => `${a}helpful_count DESC, ${a}created_at DESC, ${a}id`,
    atOrAfter: ({ helpful, created, id }) =>
      `(helpful_count, created_at) <= (${helpful}, ${created}) AND NOT (helpful_count = ${helpful} AND created_at = ${created} AND id < ${id})`,
  },
  newest: {
    by: (a = '') => `${a}created_at DESC, ${a}id DESC`,
    atOrAfter: ({ created, id }) => `(created_at, id) <= (${created}, ${id})`,
  },
};

/** Where a page starts: the sort key of one review; createdAt as PostgreSQL text, to the microsecond. */
export interface ReviewAnchor {
  helpfulCount: number;
  createdAt: string;
  id: string;
}

export const COLUMNS = `id, bot_id, user_id, username, rating, body, helpful_count, published, reply_body, replied_at,
  created_at, updated_at, status, held_for, hide_reason`;

export function toReview(row: ReviewRow): AdminReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    user: row.user_id,
    username: row.username,
    helpfulCount: row.helpful_count,
    developerReply:
      row.reply_body !== null && row.replied_at !== null ? { body: row.reply_body, repliedAt: row.replied_at.toISOString() } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    botId: row.bot_id,
    published: row.published,
    status: row.status,
    heldFor: row.held_for ?? [],
    hideReason: row.hide_reason,
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
  /** Held by the moderation rules (`heldFor`); default: published or hidden as `published` says. */
  heldFor?: HoldRule[];
}

export const reviewRepository = {
  /**
   * A page of a published bot's reviews in `order`, starting `skip` rows after `from` (the first
   * review of the list when absent: an offset from the top; with an anchor, an index seek to it),
   * and the bot's published-review count kept on its row, in one round trip; undefined for no such
   * bot.
   */
  async page(
    db: Queryable,
    botId: string,
    order: ReviewOrder,
    from: ReviewAnchor | undefined,
    skip: number,
    limit: number,
  ): Promise<{ total: number; reviews: AdminReview[] } | undefined> {
    if (!isSnowflakeId(botId)) return undefined;
    const { by, atOrAfter } = ORDERS[order];
    const params: unknown[] = [botId, skip, limit];
    let seek = '';
    if (from) {
      // Only the anchor's columns the order compares are sent (an unused parameter has no type).
      const value = (v: unknown) => `$${params.push(v)}`;
      const helpful = order === 'helpful' ? value(from.helpfulCount) : '';
      seek = `AND ${atOrAfter({ helpful, created: `${value(from.createdAt)}::timestamptz`, id: `${value(from.id)}::uuid` })}`;
    }
    // The rows skipped are counted in the index alone (it holds the whole sort key: an index-only
    // scan), and only the page's own rows are read from the table: skipping them as rows of the
    // page's scan read up to 500 table pages for a deep page of the top bot (40 ms cold).
    // \`bot_id = $1\`, not \`b.id\`: planned for this bot's own row estimate, the top bot's 21,000
    // reviews are read along the index; planned for an average bot, they were all sorted (28 ms).
    // A bot without reviews on this page still has its one row, with the review's columns null.
    const { rows } = await db.query<{ total: number } & ReviewRow>(
      `SELECT b.rating_count AS total, r.*
         FROM bots b
         LEFT JOIN LATERAL (
           SELECT rv.* FROM (
             SELECT helpful_count, created_at, id FROM reviews WHERE bot_id = $1 AND published ${seek}
              ORDER BY ${by()} OFFSET $2 LIMIT 1) start_at
           CROSS JOIN LATERAL (
             SELECT ${COLUMNS} FROM reviews
              WHERE bot_id = $1 AND published
                AND ${atOrAfter({ helpful: 'start_at.helpful_count', created: 'start_at.created_at', id: 'start_at.id' })}
              ORDER BY ${by()} LIMIT $3) rv) r ON true
        WHERE b.id = $1 AND b.published
        ORDER BY ${by('r.')}`,
      params,
    );
    if (rows.length === 0) return undefined;
    return { total: rows[0]!.total, reviews: rows[0]!.id === null ? [] : rows.map(toReview) };
  },

  /**
   * The sort key of every `stride`-th published review in `order` (positions 0, stride, 2·stride …):
   * one scan of the bot's part of the order's index, so that any later page is a seek plus fewer
   * than `stride` rows.
   */
  async anchors(db: Queryable, botId: string, order: ReviewOrder, stride: number): Promise<ReviewAnchor[]> {
    // No bot has another id (a NUL, which PostgreSQL refuses in text, would be an error): none.
    if (!isSnowflakeId(botId)) return [];
    const { rows } = await db.query<{ helpful_count: number; created_at: string; id: string }>(
      `SELECT helpful_count, created_at, id FROM (
         SELECT helpful_count, created_at::text AS created_at, id, row_number() OVER (ORDER BY ${ORDERS[order].by()}) - 1 AS position
           FROM reviews WHERE bot_id = $1 AND published) ranked
        WHERE position % $2 = 0 ORDER BY position`,
      [botId, stride],
    );
    return rows.map((row) => ({ helpfulCount: row.helpful_count, createdAt: row.created_at, id: row.id }));
  },

  async find(db: Queryable, id: string, forUpdate = false): Promise<AdminReview | undefined> {
    const { rows } = await db.query<ReviewRow>(`SELECT ${COLUMNS} FROM reviews WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] && toReview(rows[0]);
  },

  /** The user's review of the bot, whatever its status (the index reviews_bot_user: one row). */
  async byAuthor(db: Queryable, botId: string, userId: string, forUpdate = false): Promise<AdminReview | undefined> {
    const { rows } = await db.query<ReviewRow>(
      `SELECT ${COLUMNS} FROM reviews WHERE bot_id = $1 AND user_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [botId, userId],
    );
    return rows[0] && toReview(rows[0]);
  },

  /** False when the user has a review of the bot already (the unique index reviews_bot_user). */
  async insert(tx: Queryable, review: NewReview): Promise<boolean> {
    const held = review.heldFor !== undefined && review.heldFor.length > 0;
    const status: ReviewStatus = held ? 'held' : review.published ? 'published' : 'hidden';
    const { rowCount } = await tx.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, created_at, updated_at,
                            status, held_for, status_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (bot_id, user_id) DO NOTHING`,
      [
        review.id,
        review.botId,
        review.user,
        review.username,
        review.rating,
        review.body,
        review.helpfulCount,
        status === 'published',
        review.createdAt,
        review.updatedAt,
        status,
        held ? review.heldFor : null,
        status === 'published' ? null : review.createdAt,
      ],
    );
    return (rowCount ?? 0) > 0;
  },

  /**
   * The author's new stars and text, and where that leaves the review: published, or held for an
   * operator (`held`; `heldFor`: the rules it tripped, an edit passes them as a new review does).
   */
  async rewrite(
    tx: Queryable,
    id: string,
    change: { rating: number; body: string; username: string; heldFor: HoldRule[]; held: boolean },
    now: Date,
  ): Promise<void> {
    const { held } = change;
    await tx.query(
      `UPDATE reviews SET rating = $2, body = $3, username = $4, updated_at = $5, published = $6, status = $7,
              held_for = $8, hide_reason = NULL, status_at = $9
        WHERE id = $1`,
      [
        id,
        change.rating,
        change.body,
        change.username,
        now,
        !held,
        held ? 'held' : 'published',
        held ? change.heldFor : null,
        held ? now : null,
      ],
    );
  },

  /** An operator's decision: published (approved), or hidden with the reason its author is shown. */
  async setStatus(tx: Queryable, id: string, status: 'published' | 'hidden', hideReason: string | null, now: Date): Promise<void> {
    await tx.query('UPDATE reviews SET published = $2, status = $3, held_for = NULL, hide_reason = $4, status_at = $5 WHERE id = $1', [
      id,
      status === 'published',
      status,
      hideReason,
      status === 'published' ? null : now,
    ]);
  },

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.query('DELETE FROM reviews WHERE id = $1', [id]);
  },

  /** The operator's patch (management API): a review published or unpublished that way is published or hidden without a reason. */
  async update(tx: Queryable, id: string, change: { helpfulCount: number; published: boolean; body: string }, now: Date): Promise<void> {
    await tx.query(
      `UPDATE reviews SET helpful_count = $2, published = $3, body = $4, updated_at = $5,
              status = CASE WHEN $3 THEN 'published' WHEN published THEN 'hidden' ELSE status END,
              held_for = CASE WHEN $3 THEN NULL ELSE held_for END,
              hide_reason = CASE WHEN $3 THEN NULL ELSE hide_reason END,
              status_at = CASE WHEN $3 THEN NULL WHEN published THEN $5 ELSE status_at END
        WHERE id = $1`,
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

  /**
   * Locks the bot's row for the rest of the transaction (review writes of one bot take turns, so its
   * rating's deltas never interleave); what a review needs to know of it; undefined for no such bot.
   */
  async lockBot(tx: Queryable, botId: string): Promise<{ published: boolean; owners: string[] } | undefined> {
    if (!isSnowflakeId(botId)) return undefined;
    const { rows } = await tx.query<{ published: boolean; owners: string[] }>(
      'SELECT published, owners FROM bots WHERE id = $1 FOR NO KEY UPDATE',
      [botId],
    );
    return rows[0];
  },

  /** Moves the bot's rating by what a review's write changed (rating.ts); the caller holds the bot's row lock. */
  async adjustRating(tx: Queryable, botId: string, delta: RatingShare): Promise<void> {
    if (delta.sum === 0 && delta.count === 0) return;
    await tx.query('UPDATE bots SET rating_sum = rating_sum + $2, rating_count = rating_count + $3 WHERE id = $1', [
      botId,
      delta.sum,
      delta.count,
    ]);
  },
};
