/**
 * The bot's team on its reviews (the dashboard): the bot's published reviews newest first, all or
 * only the unanswered ones (keyset pages, one index range each), and the developer's reply to
 * one of them: one per review, replaced by the next, deletable. The reply is what the API's
 * `developerReply` carries; it sends a `review` event (replied) and is recorded in the audit log.
 */
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import type { Actor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { Changes } from '../changes/change.js';
import { recordReviewEvent } from './ledger.js';
import { reviewQueueRepository } from './queue-repository.js';
import { reviewRepository, toReview } from './repository.js';
import type { AdminReview } from './schemas.js';
import { changeOf } from './service.js';
import { cleanReplyBody, MAX_REVIEW_BODY } from './text.js';

export interface BotReviewsQuery {
  unanswered: boolean;
  after?: string;
  limit: number;
}

export class ReviewReplyService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
  ) {}

  /** A page of the bot's published reviews, newest first (only those without a reply: `unanswered`). */
  async list(botId: string, query: BotReviewsQuery): Promise<{ data: AdminReview[]; next: string | null }> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await reviewQueueRepository.ofBot(this.db, botId, query.unanswered, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }), toReview);
  }

  /**
   * Sets (or with null deletes) the reply to a published review of `botId`: 404 for any other
   * review, 422 beside `reply` for a text outside 1 to 2,000 characters once cleaned.
   */
  async reply(botId: string, reviewId: string, raw: string | null, by: Actor): Promise<AdminReview> {
    let body: string | null = null;
    if (raw !== null) {
      const cleaned = cleanReplyBody(raw);
      if (!('text' in cleaned)) {
        throw AppError.validation([{ field: 'reply', message: `must be 1 to ${MAX_REVIEW_BODY} characters after trimming` }]).because(
          cleaned.problem === 'characters'
            ? { kind: 'review_body_characters' }
            : { kind: 'review_body_length', min: 1, max: MAX_REVIEW_BODY },
        );
      }
      body = cleaned.text;
    }
    if (!UUID_PATTERN.test(reviewId)) throw AppError.notFound('No review with that ID');
    const now = this.clock.now();
    return this.feed.commit(this.db, changeOf(botId), async (tx) => {
      const before = await reviewRepository.find(tx, reviewId, true);
      if (!before || before.botId !== botId || !before.published) throw AppError.notFound('No review with that ID');
      if ((before.developerReply?.body ?? null) === body) return before;
      await reviewRepository.setReply(tx, reviewId, body, now);
      const after = (await reviewRepository.find(tx, reviewId))!;
      await recordReviewEvent(tx, after, 'replied', now);
      await auditRepository.record(
        tx,
        {
          actor: by,
          action: 'review.reply',
          botId,
          target: reviewId,
          diff: { reply: { before: before.developerReply?.body ?? null, after: body } },
        },
        now,
      );
      return after;
    });
  }
}
