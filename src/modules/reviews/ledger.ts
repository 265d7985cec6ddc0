/**
 * What every write of a review does beside the row, in the row's transaction: the bot's rating
 * moves by the difference (rating.ts), and a change the bot's webhook endpoints can see sends a
 * `review` event. Events follow what the public sees: a held review was never public, so it sends
 * nothing until it is approved.
 */
import type { Queryable } from '../../db/index.js';
import { recordEvent } from '../webhooks/delivery/outbox.js';
import { ratingDelta } from './rating.js';
import { reviewRepository } from './repository.js';
import type { AdminReview } from './schemas.js';

export const REVIEW_EVENT_ACTIONS = ['created', 'updated', 'deleted', 'replied', 'hidden'] as const;
export type ReviewEventAction = (typeof REVIEW_EVENT_ACTIONS)[number];

type Visible = Pick<AdminReview, 'published' | 'rating' | 'body'>;

/**
 * The event a write from `before` to `after` (undefined: not there) sends: created when it becomes
 * public (new, approved, published again), updated when a public one's stars or text change,
 * deleted when a public one goes, hidden when a public one leaves view (an operator hid it, or the
 * author's edit waits for moderation); none otherwise.
 */
export function eventOf(before: Visible | undefined, after: Visible | undefined): ReviewEventAction | undefined {
  const was = before?.published === true;
  const is = after?.published === true;
  if (!was) return is ? 'created' : undefined;
  if (after === undefined) return 'deleted';
  if (!is) return 'hidden';
  return before.rating !== after.rating || before.body !== after.body ? 'updated' : undefined;
}

/** The rating's delta and the event of a write of `before` into `after`; the caller holds the bot's row lock. */
export async function recordReviewWrite(
  tx: Queryable,
  botId: string,
  before: AdminReview | undefined,
  after: AdminReview | undefined,
  now: Date,
): Promise<void> {
  await reviewRepository.adjustRating(tx, botId, ratingDelta(before, after));
  const action = eventOf(before, after);
  if (action) await recordReviewEvent(tx, (after ?? before)!, action, now);
}

/** The `review` webhook event, in the transaction of the change. */
export function recordReviewEvent(tx: Queryable, review: AdminReview, action: ReviewEventAction, now: Date): Promise<string> {
  const { id: reviewId, botId, user, username, rating, body, developerReply } = review;
  return recordEvent(tx, {
    botId,
    type: 'review',
    payload: { action, reviewId, user, username, rating, body, developerReply },
    createdAt: now,
  });
}
