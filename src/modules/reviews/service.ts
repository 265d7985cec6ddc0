import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { CachedResponse, ReadCache } from '../../lib/read-cache.js';
import { botRepository } from '../bots/repository.js';
import { reviewRepository } from './repository.js';
import type { AdminReview, Review, ReviewCreate, ReviewListQuery, ReviewPatch } from './schemas.js';

export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
    private readonly feed: ChangeFeed,
  ) {}

  /** `{data: [Review], pagination}` as JSON text: most helpful first, then newest. */
  async publicListJson(botId: string, query: ReviewListQuery): Promise<CachedResponse<string>> {
    return this.cache.fetch(`reviews:${botId}:${query.page}:${query.limit}`, botId, async () => {
      if (!(await botRepository.isPublished(this.db, botId))) return undefined;
      const { reviews, total } = await reviewRepository.listPublished(
        this.db,
        botId,
        query.limit,
        (query.page - 1) * query.limit,
      );
      const pagination = { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) };
      return JSON.stringify({ data: reviews.map(toPublic), pagination });
    });
  }

  async create(botId: string, input: ReviewCreate): Promise<AdminReview> {
    const now = this.clock.now();
    const id = randomUUID();
    const createdAt = input.createdAt ? new Date(input.createdAt) : now;
    // The date-time format admits a leap second (23:59:60), which Date cannot represent, and year 0,
    // which PostgreSQL does not have: both failed in the database with a 500.
    if (Number.isNaN(createdAt.getTime()) || createdAt.getTime() < 0) {
      throw AppError.validation([{ field: 'createdAt', message: 'must be a valid time, 1970-01-01T00:00:00Z or later' }]);
    }
    await this.db.transaction(async (tx) => {
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      await reviewRepository.insert(tx, {
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
      await this.afterChange(tx, botId);
    });
    this.feed.emit({ kind: 'bot', botId });
    return this.get(id);
  }

  async patch(id: string, patch: ReviewPatch): Promise<AdminReview> {
    return this.change(id, async (tx, review) => {
      await reviewRepository.update(
        tx,
        id,
        {
          helpfulCount: patch.helpfulCount ?? review.helpfulCount,
          published: patch.published ?? review.published,
          body: patch.body ?? review.body,
        },
        this.clock.now(),
      );
    });
  }

  async setReply(id: string, body: string | null): Promise<AdminReview> {
    return this.change(id, (tx) => reviewRepository.setReply(tx, id, body, this.clock.now()));
  }

  async get(id: string): Promise<AdminReview> {
    const review = await reviewRepository.find(this.db, id);
    if (!review) throw AppError.notFound('No review with that ID');
    return review;
  }

  /** Locks the bot, then the review, so rating recomputations of one bot never interleave. */
  private async change(id: string, apply: (tx: Queryable, review: AdminReview) => Promise<void>): Promise<AdminReview> {
    const botId = await this.db.transaction(async (tx) => {
      const found = await reviewRepository.find(tx, id);
      if (!found) throw AppError.notFound('No review with that ID');
      await botRepository.lock(tx, found.botId);
      const review = await reviewRepository.find(tx, id, true);
      if (!review) throw AppError.notFound('No review with that ID');
      await apply(tx, review);
      await this.afterChange(tx, review.botId);
      return review.botId;
    });
    this.feed.emit({ kind: 'bot', botId });
    return this.get(id);
  }

  private async afterChange(tx: Queryable, botId: string): Promise<void> {
    await reviewRepository.refreshRating(tx, botId);
    await this.feed.notify(tx, { kind: 'bot', botId });
  }
}

function toPublic(review: AdminReview): Review {
  const { botId: _botId, published: _published, ...rest } = review;
  return rest;
}
