/** A listing row as the owner and the operator see it, and the queue columns of a submission. */
import { randomUUID } from 'node:crypto';
import { currentContent, type ListingRow, type ListingWithBot } from './repository.js';
import type { Listing, ListingTransitionEntry } from './schemas.js';

export function toListing(row: ListingWithBot, history: ListingTransitionEntry[]): Listing {
  return {
    botId: row.bot_id,
    status: row.status,
    editStatus: row.edit_status ?? 'none',
    note: row.note,
    current: currentContent(row),
    working: row.working,
    submissionId: row.submission_id,
    queuedAt: row.queued_at?.toISOString() ?? null,
    createdBy: row.created_by,
    ownershipConfirmed: row.ownership_confirmed,
    contactEmail: row.contact_email,
    history,
  };
}

/** A fresh submission in the queue: a new id (a decision names exactly what was reviewed), queued now. */
export function newSubmission(userId: string | null, now: Date): Pick<ListingRow, 'submission_id' | 'submitted_by' | 'queued_at'> {
  return { submission_id: randomUUID(), submitted_by: userId, queued_at: now };
}

/** Out of the queue. */
export function noSubmission(): Pick<ListingRow, 'submission_id' | 'submitted_by' | 'queued_at'> {
  return { submission_id: null, submitted_by: null, queued_at: null };
}
