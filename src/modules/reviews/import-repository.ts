import type { Queryable } from '../../db/index.js';
import { reviewRepository, type NewReview } from './repository.js';

export interface ImportedReview extends NewReview {
  reply: { body: string; repliedAt: Date } | null;
}

/** Many reviews at once (an import, the demo data), with the ratings of their bots brought up to date. */
export const reviewImportRepository = {
  async insertMany(tx: Queryable, reviews: ImportedReview[]): Promise<void> {
    if (reviews.length === 0) return;
    const column = <T>(pick: (review: ImportedReview) => T) => reviews.map(pick);
    await tx.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, reply_body, replied_at, created_at, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::int[], $8::boolean[],
                            $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])`,
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
    // The same rule as a single review: the rating follows the published reviews.
    for (const botId of new Set(column((r) => r.botId))) await reviewRepository.refreshRating(tx, botId);
  },
};
