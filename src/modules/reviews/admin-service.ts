import type { Database } from '../../db/index.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import { reviewAdminRepository } from './admin-repository.js';
import type { AdminReview, AdminReviewListQuery } from './schemas.js';

/** What the operator looks up: every review, hidden ones included. */
export class ReviewAdminService {
  constructor(private readonly db: Database) {}

  async list(query: AdminReviewListQuery): Promise<Page<AdminReview>> {
    const { reviews, total } = await reviewAdminRepository.list(
      this.db,
      { botId: query.bot, published: query.published },
      query.limit,
      offsetOf(query),
    );
    return page(reviews, total, query);
  }
}
