/**
 * How often a signed-in user may write reviews, mark them helpful and report them, counted like
 * votes (vote-rules.ts) in the rate-limit store: per user and per client address (IPv6 per /64),
 * over an hour. Over the limit: 429 with Retry-After (the pages' error page says when to try again).
 * docs/reviews.md states the figures.
 */
import { AppError } from '../../lib/errors.js';
import { clientBucket } from '../ratelimit/client-address.js';
import type { RateLimitStore } from '../ratelimit/index.js';

const HOUR = 3_600_000;

/** Reviews written or changed (each a new text to moderate and an event), per user and per address, per hour. */
export const REVIEWS_PER_HOUR = 5;
/** Helpful marks set or taken back, per user and per address, per hour. */
export const HELPFUL_PER_HOUR = 50;
/** Reports of reviews, per user and per address, per hour. */
export const REVIEW_REPORTS_PER_HOUR = 10;

const LIMITS = { review: REVIEWS_PER_HOUR, helpful: HELPFUL_PER_HOUR, 'review-report': REVIEW_REPORTS_PER_HOUR } as const;
export type ReviewAction = keyof typeof LIMITS;

/** Counts one `action` of this user from this address; 429 (with Retry-After) beyond the hour's limit of either. */
export async function checkReviewLimits(store: RateLimitStore, action: ReviewAction, userId: string, ip: string): Promise<void> {
  const limit = LIMITS[action];
  for (const bucket of [`${action}-user:${userId}`, `${action}-ip:${clientBucket(ip)}`]) {
    const hit = await store.hit(bucket, limit, HOUR);
    if (hit.count > limit) {
      const retry = Math.ceil(hit.resetMs / 1000);
      throw new AppError('rate_limited', `At most ${limit} per hour; retry in ${retry} s`, undefined, { 'retry-after': String(retry) });
    }
  }
}
