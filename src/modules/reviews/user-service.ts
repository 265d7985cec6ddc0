/**
 * What a signed-in user does with reviews on a bot page: write one review per bot (stars and
 * text), edit or delete it, mark others' reviews helpful (and take the mark back), and report
 * one. A review passes the moderation rules (rules.ts) first: one that trips a rule is held for
 * an operator, everything else is published at once. The bot's rating and the `review` event
 * follow in the same transaction (ledger.ts). How often a user may do this is the page's rule
 * (site/review-rules.ts), as for votes.
 */
import { randomUUID } from 'node:crypto';
import type { ReviewRulesConfig } from '../../config/index.js';
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import type { BanCheck } from '../bans/service.js';
import type { Changes } from '../changes/change.js';
import { helpfulRepository } from './helpful-repository.js';
import { recordReviewWrite } from './ledger.js';
import { reviewReportRepository } from './report-repository.js';
import { reviewRepository } from './repository.js';
import { holdRules } from './rules.js';
import type { AdminReview, ReviewReportCreate, ReviewWrite } from './schemas.js';
import { changeOf } from './service.js';
import { isOnBotTeam } from './team.js';
import { cleanReviewBody, MAX_REVIEW_BODY, MIN_REVIEW_BODY } from './text.js';

/** Who writes: the signed-in user. */
export interface Author {
  id: string;
  name: string;
}

export class UserReviewService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
    private readonly bans: BanCheck,
    private readonly rules: ReviewRulesConfig,
  ) {}

  /** The user's review of the bot, whatever its status (the author sees a held or hidden one); undefined for none. */
  own(botId: string, userId: string): Promise<AdminReview | undefined> {
    return reviewRepository.byAuthor(this.db, botId, userId);
  }

  /**
   * The user's review of a published bot: 422 for a text outside the rules (text.ts), 403 for a
   * banned user or one of the bot's team, 404 for no published bot, 409 when they have one already.
   */
  async create(author: Author, botId: string, input: ReviewWrite): Promise<AdminReview> {
    const body = checkedBody(input.body);
    await this.bans.assertUserAllowed(author.id);
    const now = this.clock.now();
    const id = randomUUID();
    return this.feed.commit(this.db, changeOf(botId), async (tx) => {
      await this.lockReviewable(tx, botId, author.id);
      const inserted = await reviewRepository.insert(tx, {
        id,
        botId,
        user: author.id,
        username: author.name,
        rating: input.rating,
        body,
        helpfulCount: 0,
        published: true,
        createdAt: now,
        updatedAt: now,
        heldFor: holdRules(author.id, body, this.rules, now),
      });
      if (!inserted) throw new AppError('conflict', 'You have reviewed this bot already').because({ kind: 'review_exists' });
      const review = (await reviewRepository.find(tx, id))!;
      await recordReviewWrite(tx, botId, undefined, review, now);
      return review;
    });
  }

  /**
   * The author's new stars and text: published at once, or held when a rule trips (and always
   * when an operator had hidden it: the edit waits for one). An unchanged review stays as it is.
   * 404 when the user has no review of the bot.
   */
  async edit(author: Author, botId: string, input: ReviewWrite): Promise<AdminReview> {
    const body = checkedBody(input.body);
    await this.bans.assertUserAllowed(author.id);
    const now = this.clock.now();
    return this.feed.commit(this.db, changeOf(botId), async (tx) => {
      await this.lockReviewable(tx, botId, author.id);
      const before = await reviewRepository.byAuthor(tx, botId, author.id, true);
      if (!before) throw AppError.notFound('You have no review of this bot');
      if (before.rating === input.rating && before.body === body) return before;
      const rules = holdRules(author.id, body, this.rules, now);
      const held = rules.length > 0 || before.status === 'hidden' || (before.status === 'held' && before.heldFor.length === 0);
      await reviewRepository.rewrite(tx, before.id, { rating: input.rating, body, username: author.name, heldFor: rules, held }, now);
      const after = (await reviewRepository.find(tx, before.id))!;
      await recordReviewWrite(tx, botId, before, after, now);
      return after;
    });
  }

  /** Deletes the user's review of the bot, its helpful marks and reports with it; 404 when there is none. */
  async remove(author: Author, botId: string): Promise<void> {
    const now = this.clock.now();
    await this.feed.commit(this.db, changeOf(botId), async (tx) => {
      if (!(await reviewRepository.lockBot(tx, botId))) throw AppError.notFound('No bot with that application ID');
      const before = await reviewRepository.byAuthor(tx, botId, author.id, true);
      if (!before) throw AppError.notFound('You have no review of this bot');
      await reviewRepository.delete(tx, before.id);
      await recordReviewWrite(tx, botId, before, undefined, now);
    });
  }

  /**
   * Marks a published review helpful (`on`) or takes the mark back: one mark per user, never on
   * one's own review (403); 404 for an unknown or unpublished review. The review's helpful count
   * moves in the same transaction; answers whether the user's mark is on now.
   */
  async helpful(userId: string, reviewId: string, on: boolean): Promise<AdminReview> {
    await this.bans.assertUserAllowed(userId);
    const review = await this.publishedReview(this.db, reviewId);
    if (review.user === userId) {
      throw new AppError('forbidden', 'Your own review cannot be marked helpful').because({ kind: 'review_own_helpful' });
    }
    const now = this.clock.now();
    await this.feed.commit(
      this.db,
      (changed: boolean) => (changed ? changeOf(review.botId) : undefined),
      async (tx) => {
        await this.publishedReview(tx, reviewId);
        return on ? helpfulRepository.mark(tx, reviewId, userId, now) : helpfulRepository.unmark(tx, reviewId, userId);
      },
    );
    return (await reviewRepository.find(this.db, reviewId))!;
  }

  /** A published review (the report form shows it); 404 for an unknown or unpublished one. */
  shown(reviewId: string): Promise<AdminReview> {
    return this.publishedReview(this.db, reviewId);
  }

  /** Which of `reviewIds` the user has marked helpful (a page's buttons say mark or unmark). */
  markedBy(userId: string, reviewIds: string[]): Promise<Set<string>> {
    return helpfulRepository.markedBy(this.db, userId, reviewIds);
  }

  /** A report of a published review: 404 for any other, 403 for a banned user, 409 while the user's earlier report of it is open. */
  async report(reporter: Author, reviewId: string, input: ReviewReportCreate): Promise<AdminReview> {
    const details = input.details.trim();
    if (details === '') throw AppError.validation([{ field: 'details', message: 'must not be blank' }]);
    await this.bans.assertUserAllowed(reporter.id);
    const review = await this.publishedReview(this.db, reviewId);
    const inserted = await reviewReportRepository.insert(this.db, {
      id: randomUUID(),
      reviewId,
      reporterId: reporter.id,
      reporterName: reporter.name,
      reason: input.reason,
      details,
      at: this.clock.now(),
    });
    if (!inserted) {
      throw new AppError('conflict', 'Your earlier report of this review is still open').because({ kind: 'review_report_open' });
    }
    return review;
  }

  /** Locks the bot; 404 unless it is published, 403 for one of its team. */
  private async lockReviewable(tx: Queryable, botId: string, userId: string): Promise<void> {
    const bot = await reviewRepository.lockBot(tx, botId);
    if (!bot?.published) throw AppError.notFound();
    if (await isOnBotTeam(tx, botId, userId)) {
      throw new AppError('forbidden', "A bot's own team cannot review it").because({ kind: 'review_own_bot' });
    }
  }

  private async publishedReview(db: Queryable, reviewId: string): Promise<AdminReview> {
    const review = UUID_PATTERN.test(reviewId) ? await reviewRepository.find(db, reviewId) : undefined;
    if (!review?.published) throw AppError.notFound('No review with that ID');
    return review;
  }
}

/** The text to store; 422 beside `body` when it breaks the rules of text.ts. */
function checkedBody(raw: string): string {
  const cleaned = cleanReviewBody(raw);
  if ('text' in cleaned) return cleaned.text;
  if (cleaned.problem === 'characters') {
    throw AppError.validation([{ field: 'body', message: 'holds characters that cannot be stored' }]).because({
      kind: 'review_body_characters',
    });
  }
  throw AppError.validation([
    { field: 'body', message: `must be ${MIN_REVIEW_BODY} to ${MAX_REVIEW_BODY} characters after trimming` },
  ]).because({ kind: 'review_body_length', min: MIN_REVIEW_BODY, max: MAX_REVIEW_BODY });
}
