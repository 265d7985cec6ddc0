/**
 * The operator's side of users' reviews: the queues (reviews a rule held, reviews users reported,
 * each the longest waiting first, read by keyset) and the three decisions, each in one
 * transaction with the rating's delta, the `review` event, the resolution of the review's open
 * reports and an audit entry: approve (published), hide (with a reason its author is shown),
 * delete.
 */
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import { auditRepository } from '../audit/repository.js';
import type { OperatorActor } from '../audit/entry.js';
import type { Changes } from '../changes/change.js';
import { recordReviewWrite } from './ledger.js';
import { reviewQueueRepository } from './queue-repository.js';
import { reviewReportRepository, toReviewReport } from './report-repository.js';
import { reviewRepository, toReview } from './repository.js';
import type { AdminReview, HeldReviewList, ReviewQueueQuery, ReviewReportList } from './schemas.js';
import { changeOf } from './service.js';

export class ReviewModerationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
  ) {}

  /** A page of the held reviews, the longest waiting first; `next` continues it. */
  async held(query: ReviewQueueQuery): Promise<HeldReviewList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await reviewQueueRepository.held(this.db, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.status_at, id: row.id }), toReview);
  }

  /** A page of the open reports of reviews, oldest first, each with its review; `next` continues it. */
  async reports(query: ReviewQueueQuery): Promise<ReviewReportList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    const rows = await reviewReportRepository.openQueue(this.db, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.reported_at, id: row.report_id }), toReviewReport);
  }

  /**
   * Publishes a held or hidden review, or keeps a reported one (its open reports are dismissed).
   * 404 for no review; 409 for a published one nobody reports.
   */
  approve(id: string, by: OperatorActor): Promise<AdminReview> {
    return this.decide(id, by, 'review.approve', async (tx, review, now) => {
      const reports = await reviewReportRepository.resolveFor(tx, id, { resolution: 'approved', by: by.id, at: now });
      if (review.status === 'published') {
        if (reports === 0) throw new AppError('conflict', 'The review is published and nobody reports it');
        return undefined;
      }
      await reviewRepository.setStatus(tx, id, 'published', null, now);
      return null;
    });
  }

  /** Hides a review with the reason its author is shown (a hidden one gets the new reason); its open reports are resolved. */
  hide(id: string, reason: string, by: OperatorActor): Promise<AdminReview> {
    const text = reason.trim();
    if (text === '') throw AppError.validation([{ field: 'reason', message: 'must not be blank' }]);
    return this.decide(id, by, 'review.hide', async (tx, _review, now) => {
      await reviewReportRepository.resolveFor(tx, id, { resolution: 'hidden', by: by.id, at: now });
      await reviewRepository.setStatus(tx, id, 'hidden', text, now);
      return text;
    });
  }

  /** Deletes a review, its helpful marks and reports with it. */
  async remove(id: string, by: OperatorActor): Promise<void> {
    await this.decide(id, by, 'review.delete', async (tx) => {
      await reviewRepository.delete(tx, id);
      return null;
    });
  }

  /**
   * Locks the bot, then the review; applies `decision` (its note for the audit entry: undefined
   * when the row did not change), then the rating's delta, the event and the audit entry.
   */
  private async decide(
    id: string,
    by: OperatorActor,
    action: 'review.approve' | 'review.hide' | 'review.delete',
    decision: (tx: Queryable, review: AdminReview, now: Date) => Promise<string | null | undefined>,
  ): Promise<AdminReview> {
    const found = UUID_PATTERN.test(id) ? await reviewRepository.find(this.db, id) : undefined;
    if (!found) throw AppError.notFound('No review with that ID');
    const now = this.clock.now();
    return this.feed.commit(this.db, changeOf(found.botId), async (tx) => {
      await reviewRepository.lockBot(tx, found.botId);
      const before = await reviewRepository.find(tx, id, true);
      if (!before) throw AppError.notFound('No review with that ID');
      const note = await decision(tx, before, now);
      const after = await reviewRepository.find(tx, id);
      await recordReviewWrite(tx, before.botId, before, after, now);
      await auditRepository.record(
        tx,
        {
          actor: by,
          action,
          botId: before.botId,
          target: id,
          diff: { status: { before: before.status, after: after?.status ?? null } },
          note: note ?? null,
        },
        now,
      );
      return after ?? before;
    });
  }
}
