import type { Queryable } from '../../db/index.js';
import { ratingShare, type RatingShare } from './rating.js';
import { reviewRepository, type NewReview } from './repository.js';

export interface ImportedReview extends NewReview {
  reply: { body: string; repliedAt: Date } | null;
}

/** Many reviews at once (an import, the demo data; one per user and bot), with the ratings of their bots moved by them. */
export const reviewImportRepository = {
  async insertMany(tx: Queryable, reviews: ImportedReview[]): Promise<void> {
    if (reviews.length === 0) return;
    const column = <T>(pick: (review: ImportedReview) => T) => reviews.map(pick);
    await tx.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, reply_body, replied_at, created_at, updated_at,
                            status, status_at)
       SELECT *, CASE WHEN published THEN 'published' ELSE 'hidden' END, CASE WHEN published THEN NULL ELSE updated_at END FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::int[], $8::boolean[],
                            $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
                 AS r(id, bot_id, user_id, username, rating, body, helpful_count, published, reply_body, replied_at, created_at, updated_at)`,
      [
        column((r) => r.id),
        column((r) => r.botId),
        column((r) => r.user),
        column((r) => r.username),
        column((r) => r.rating),
        column((r) => r.body),
        column((r) => r.helpfulCount),
        column((r) => r.published),
        column((r) => r.reply?.body ?? null),
        column((r) => r.reply?.repliedAt.toISOString() ?? null),
        column((r) => r.createdAt.toISOString()),
        column((r) => r.updatedAt.toISOString()),
      ],
    );
    // The same rule as a single review: each bot's rating moves by what its published reviews add.
    const shares = new Map<string, RatingShare>();
    for (const review of reviews) {
      const share = ratingShare(review);
      const total = shares.get(review.botId) ?? { sum: 0, count: 0 };
      shares.set(review.botId, { sum: total.sum + share.sum, count: total.count + share.count });
    }
    for (const [botId, delta] of shares) await reviewRepository.adjustRating(tx, botId, delta);
  },
};
