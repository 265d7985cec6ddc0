/**
 * What the operator does with listings (the management API's routes and the console call these):
 * the queue of submissions, oldest first, with what each changes; approve, request changes or
 * deny a submission; remove a listing. A decision names the submission it was made on: when the
 * owner withdrew or changed it meanwhile, the decision is refused (409) rather than applied to a
 * version nobody reviewed.
 */
import type { Database, Queryable } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { changes, incomplete } from './content.js';
import {
  approve,
  approveEdit,
  deny,
  denyEdit,
  isPublic,
  remove,
  requestChanges,
  requestEditChanges,
  type EditStep,
  type ListingStep,
} from './lifecycle.js';
import { currentContent, listingRepository, type ListingWithBot, type QueuePosition } from './repository.js';
import type { Listing, ListingContent, Submission, SubmissionQueue, SubmissionQueueQuery } from './schemas.js';
import { noSubmission, toListing } from './views.js';
import { sideOf, type ListingActor, type ListingWriter } from './writer.js';

type Decision = 'approve' | 'request_changes' | 'deny';

export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly writer: ListingWriter,
  ) {}

  /** A page of the queue, oldest first, each with its changes; `next` continues it. */
  async queue(query: SubmissionQueueQuery): Promise<SubmissionQueue> {
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    const rows = await listingRepository.queue(this.db, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toSubmission),
      next: rows.length > query.limit && last ? encodeCursor({ queuedAt: last.queued_at!, botId: last.bot_id }) : null,
    };
  }

  /** One open submission with its changes; 404 once decided or withdrawn. */
  async submission(submissionId: string): Promise<Submission> {
    const botId = UUID_PATTERN.test(submissionId) ? await listingRepository.botOfSubmission(this.db, submissionId) : undefined;
    const row = botId === undefined ? undefined : await listingRepository.find(this.db, botId);
    if (!row || row.submission_id !== submissionId) throw AppError.notFound('No open submission with that ID');
    return toSubmission(row);
  }

  /** The listing with its latest transitions, published or not. */
  async listing(botId: string): Promise<Listing> {
    const row = isSnowflakeId(botId) ? await listingRepository.find(this.db, botId) : undefined;
    if (!row) throw AppError.notFound('No listing for that bot');
    return toListing(row, await listingRepository.history(this.db, botId, 50));
  }

  /** Approves: a listing is published, an edit applied to the public listing. */
  approve(submissionId: string, actor: ListingActor, note?: string): Promise<Listing> {
    return this.decide(submissionId, 'approve', actor, note);
  }

  /** Sends the submission back with a note of what to change (the public version, if any, stays). */
  requestChanges(submissionId: string, actor: ListingActor, note: string): Promise<Listing> {
    return this.decide(submissionId, 'request_changes', actor, note);
  }

  /** Refuses the submission with a reason: a listing for good, an edit is dropped (the public version stays). */
  deny(submissionId: string, actor: ListingActor, reason: string): Promise<Listing> {
    return this.decide(submissionId, 'deny', actor, reason);
  }

  /** Takes a listing down with a reason: out of every answer at once; its owner cannot list it again. */
  async remove(botId: string, actor: ListingActor, reason: string): Promise<Listing> {
    if (!isSnowflakeId(botId)) throw AppError.notFound('No listing for that bot');
    await this.writer.change(botId, async (tx, listing, now) => {
      const step = remove(listing.status, sideOf(actor), reason);
      const wasPublic = listing.published;
      Object.assign(listing, noSubmission(), { status: step.to, edit_status: null, working: null, note: step.note });
      await this.writer.publishAsState(tx, listing, now);
      await listingRepository.save(tx, listing, now);
      const emailed = await this.writer.record(tx, listing, { track: 'listing', step }, actor, now);
      return { value: undefined, publicChange: wasPublic, emailed };
    });
    return this.listing(botId);
  }

  private async decide(submissionId: string, decision: Decision, actor: ListingActor, note: string | undefined): Promise<Listing> {
    const botId = await listingRepository.botOfSubmission(this.db, submissionId);
    if (!botId) throw AppError.notFound('No open submission with that ID');
    await this.writer.change(botId, async (tx, listing, now) => {
      if (listing.submission_id !== submissionId) throw new AppError('conflict', 'The submission was withdrawn or changed meanwhile');
      const wasPublic = listing.published;
      const edit = listing.edit_status === 'submitted';
      const emailed = edit
        ? await this.decideEdit(tx, listing, decision, actor, note, now)
        : await this.decideListing(tx, listing, decision, actor, note, now);
      const isPublicNow = isPublic(listing.status);
      return { value: undefined, publicChange: wasPublic !== isPublicNow || (edit && decision === 'approve' && isPublicNow), emailed };
    });
    return this.listing(botId);
  }

  private async decideListing(
    tx: Queryable,
    listing: ListingWithBot,
    decision: Decision,
    actor: ListingActor,
    note: string | undefined,
    now: Date,
  ): Promise<boolean> {
    let step: ListingStep;
    if (decision === 'approve') {
      step = approve(listing.status, sideOf(actor), note);
      // Another listing may have taken a slug since it was submitted.
      await this.writer.checkSlugs(tx, listing.bot_id, listing.slugs);
    } else if (decision === 'request_changes') step = requestChanges(listing.status, sideOf(actor), note);
    else step = deny(listing.status, sideOf(actor), note);
    Object.assign(listing, noSubmission(), { status: step.to, note: step.note });
    await this.writer.publishAsState(tx, listing, now);
    await listingRepository.save(tx, listing, now);
    return this.writer.record(tx, listing, { track: 'listing', step }, actor, now);
  }

  private async decideEdit(
    tx: Queryable,
    listing: ListingWithBot,
    decision: Decision,
    actor: ListingActor,
    note: string | undefined,
    now: Date,
  ): Promise<boolean> {
    let step: EditStep;
    const from = listing.edit_status ?? 'none';
    if (decision === 'approve') {
      step = approveEdit(from, sideOf(actor), note);
      const working = listing.working ?? currentContent(listing);
      const problems = incomplete(working);
      if (problems.length > 0) throw AppError.validation(problems);
      await this.writer.checkSlugs(tx, listing.bot_id, (working as ListingContent).slugs);
      await this.writer.apply(tx, listing, working as ListingContent, now);
      listing.working = null;
    } else if (decision === 'request_changes') {
      step = requestEditChanges(from, sideOf(actor), note);
    } else {
      step = denyEdit(from, sideOf(actor), note);
      listing.working = null;
    }
    Object.assign(listing, noSubmission(), { edit_status: step.to === 'none' ? null : step.to, note: step.note });
    await listingRepository.save(tx, listing, now);
    return this.writer.record(tx, listing, { track: 'edit', step }, actor, now);
  }
}

function toSubmission(row: ListingWithBot): Submission {
  const current = currentContent(row);
  const edit = row.edit_status === 'submitted';
  const content = (row.working ?? current) as ListingContent;
  return {
    id: row.submission_id!,
    botId: row.bot_id,
    kind: edit ? 'edit' : 'listing',
    submittedBy: row.submitted_by,
    submittedAt: row.queued_at!.toISOString(),
    ownershipConfirmed: row.ownership_confirmed,
    content,
    changes: changes(edit ? current : undefined, content),
  };
}

/** The queue position after an entry, as an opaque text: its queue time in milliseconds and its bot. */
function encodeCursor(position: QueuePosition): string {
  return Buffer.from(`${position.queuedAt.getTime()}:${position.botId}`).toString('base64url');
}

function decodeCursor(text: string): QueuePosition {
  const match = /^(\d{1,15}):(\d{17,20})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) throw AppError.validation([{ field: 'after', message: 'is not a position in the queue (pass the `next` of a page)' }]);
  return { queuedAt: new Date(Number(match[1])), botId: match[2]! };
}
