import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import type { BanCheck } from '../bans/service.js';
import { botRepository } from '../bots/repository.js';
import type { Changes } from '../changes/change.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import { ReviewAnchors } from './anchors.js';
import { recordReviewEvent, recordReviewWrite, type ReviewEventAction } from './ledger.js';
import { ratingDelta } from './rating.js';
import { reviewRepository, type ReviewOrder } from './repository.js';
import type { AdminReview, Review, ReviewCreate, ReviewListQuery, ReviewPatch } from './schemas.js';

export type { ReviewOrder } from './repository.js';

export class ReviewService {
  private readonly anchors: ReviewAnchors;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
    /** LIST_MAX_STALE_MS: how long a deep page may start where it started before the last change. */
    listMaxStaleMs: number,
    /** A banned user's review is refused (403). */
    private readonly bans?: BanCheck,
  ) {
    this.anchors = new ReviewAnchors(db.reads, clock, listMaxStaleMs);
  }

  /** The bot's reviews (or the bot itself) changed: its page anchors serve LIST_MAX_STALE_MS more at most. */
  forget(botId: string): void {
    this.anchors.forget(botId);
  }

  /**
   * A page of a published bot's published reviews: most helpful first, then newest (the API's
   * order), or newest first (the bot page offers both). The total is the count kept on the bot; a
   * deep page is an index seek from the nearest anchor, so page 800 of a bot with 20,000 reviews
   * costs what page 1 costs.
   */
  async page(botId: string, query: ReviewListQuery, order: ReviewOrder = 'helpful'): Promise<Page<Review>> {
    const found = await this.anchors.page(botId, order, offsetOf(query), query.limit);
    if (!found) throw AppError.notFound();
    return page(found.reviews.map(toPublic), found.total, query);
  }

  /** A review of a bot by a user; 403 from a banned user. */
  async create(botId: string, input: ReviewCreate): Promise<AdminReview> {
    await this.bans?.assertUserAllowed(input.user);
    const now = this.clock.now();
    const id = randomUUID();
    const createdAt = input.createdAt ? new Date(input.createdAt) : now;
    // The date-time format admits a leap second (23:59:60), which Date cannot represent, and year 0,
    // which PostgreSQL does not have: both failed in the database with a 500.
    if (Number.isNaN(createdAt.getTime()) || createdAt.getTime() < 0) {
      throw AppError.validation([{ field: 'createdAt', message: 'must be a valid time, 1970-01-01T00:00:00Z or later' }]);
    }
    await this.feed.commit(this.db, changeOf(botId), async (tx) => {
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      const inserted = await reviewRepository.insert(tx, {
        id,
        botId,
        user: input.user,
        username: input.username,
        rating: input.rating,
        body: input.body,
        helpfulCount: input.helpfulCount ?? 0,
        published: input.published ?? true,
        createdAt,
        updatedAt: createdAt,
      });
      if (!inserted) throw new AppError('conflict', 'This user has reviewed this bot already').because({ kind: 'review_exists' });
      await recordReviewWrite(tx, botId, undefined, await reviewRepository.find(tx, id), now);
    });
    return this.get(id);
  }

  /**
   * The operator's patch: a review that becomes published sends a `review` event (created), a
   * published one whose text changes one too (updated), one unpublished (hidden). Helpful counts do not.
   */
  async patch(id: string, patch: ReviewPatch): Promise<AdminReview> {
    return this.change(id, async (tx, review) => {
      const next = {
        helpfulCount: patch.helpfulCount ?? review.helpfulCount,
        published: patch.published ?? review.published,
        body: patch.body ?? review.body,
      };
      await reviewRepository.update(tx, id, next, this.clock.now());
    });
  }

  /** The developer's reply (null: none); a published review's sends a `review` event (replied). */
  async setReply(id: string, body: string | null): Promise<AdminReview> {
    return this.change(id, (tx) => reviewRepository.setReply(tx, id, body, this.clock.now()), 'replied');
  }

  async get(id: string): Promise<AdminReview> {
    const review = await reviewRepository.find(this.db, id);
    if (!review) throw AppError.notFound('No review with that ID');
    return review;
  }

  /**
   * Locks the bot, then the review, applies the change and moves the rating by its difference;
   * `event`: the event a published review sends whatever changed (else the one the change makes).
   */
  private async change(
    id: string,
    apply: (tx: Queryable, review: AdminReview) => Promise<void>,
    event?: ReviewEventAction,
  ): Promise<AdminReview> {
    const found = UUID_PATTERN.test(id) ? await reviewRepository.find(this.db, id) : undefined;
    if (!found) throw AppError.notFound('No review with that ID');
    await this.feed.commit(this.db, changeOf(found.botId), async (tx) => {
      await botRepository.lock(tx, found.botId);
      const review = await reviewRepository.find(tx, id, true);
      if (!review) throw AppError.notFound('No review with that ID');
      await apply(tx, review);
      const after = await reviewRepository.find(tx, id);
      const now = this.clock.now();
      if (event) {
        await reviewRepository.adjustRating(tx, review.botId, ratingDelta(review, after));
        if (after?.published) await recordReviewEvent(tx, after, event, now);
      } else {
        await recordReviewWrite(tx, review.botId, review, after, now);
      }
    });
    return this.get(id);
  }
}

/** The change a write of a bot's reviews announces: its review pages and rating are no longer true. */
export function changeOf(botId: string) {
  return { kind: 'bot', botId, aspect: 'reviews' } as const;
}

/** The fields of the public Review, in its order. */
export function toPublic(review: AdminReview): Review {
  const { id, rating, body, user, username, helpfulCount, developerReply, createdAt, updatedAt } = review;
  return { id, rating, body, user, username, helpfulCount, developerReply, createdAt, updatedAt };
}
