/**
 * A bot's rating is kept as `rating_sum` and `rating_count` over its published reviews, next to
 * the facts: every write of a review moves them by the difference it makes, in its transaction,
 * and nothing recomputes them over all reviews.
 */
export interface RatingShare {
  sum: number;
  count: number;
}

/** What one review adds to its bot's rating: its stars while published, nothing otherwise (or when absent). */
export function ratingShare(review: { published: boolean; rating: number } | undefined): RatingShare {
  return review?.published ? { sum: review.rating, count: 1 } : { sum: 0, count: 0 };
}

/** How the bot's rating moves when a review goes from `before` to `after` (undefined: not there). */
export function ratingDelta(
  before: { published: boolean; rating: number } | undefined,
  after: { published: boolean; rating: number } | undefined,
): RatingShare {
  const was = ratingShare(before);
  const now = ratingShare(after);
  return { sum: now.sum - was.sum, count: now.count - was.count };
}
