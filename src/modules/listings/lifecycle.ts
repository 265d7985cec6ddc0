/**
 * The lifecycle of a listing, the one place that says which transition may happen from which state
 * and who may make it. Two tables:
 *
 * - LISTING: the listing's state. A bot is public exactly while it is `published`.
 * - EDIT: the review of an edit of a listing that was approved, under LISTING_EDITS=review: the
 *   approved version stays public while the edit waits (`submitted`) or is sent back
 *   (`changes_requested`); approval applies it.
 *
 * One function per transition; each answers the step to record or throws: 409 `conflict` when the
 * state does not allow it, 403 `forbidden` when the actor may not make it, 422 when a note the
 * transition needs is missing. What a step does besides changing the state (publishing, applying
 * the working copy, telling the owner) is the listing services' business.
 */
import { AppError } from '../../lib/errors.js';

export const LISTING_STATES = ['draft', 'submitted', 'published', 'changes_requested', 'denied', 'unlisted', 'removed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** `none`: no edit waits. */
export const EDIT_STATES = ['none', 'submitted', 'changes_requested'] as const;
export type EditState = (typeof EDIT_STATES)[number];

export type ActorKind = 'owner' | 'operator';

interface Rule<S extends string> {
  from: readonly S[];
  to: S;
  by: readonly ActorKind[];
  /** The moderator's note or reason the owner is shown: required, or not taken. */
  note: 'required' | 'optional' | 'none';
}

export const LISTING = {
  /** The owner sends the listing to the moderators. */
  submit: { from: ['draft', 'changes_requested'], to: 'submitted', by: ['owner'], note: 'none' },
  /** The owner takes a submission back to work on it. */
  withdraw: { from: ['submitted'], to: 'draft', by: ['owner'], note: 'none' },
  /** The operator publishes the submitted version. */
  approve: { from: ['submitted'], to: 'published', by: ['operator'], note: 'optional' },
  /** The operator sends it back with a note of what to change. */
  request_changes: { from: ['submitted'], to: 'changes_requested', by: ['operator'], note: 'required' },
  /** The operator refuses it for good, with a reason. */
  deny: { from: ['submitted'], to: 'denied', by: ['operator'], note: 'required' },
  /** Out of view: by the owner, or by the operator through the management API's `published: false`. */
  unlist: { from: ['published'], to: 'unlisted', by: ['owner', 'operator'], note: 'none' },
  /** The owner shows an approved listing again. */
  relist: { from: ['unlisted'], to: 'published', by: ['owner'], note: 'none' },
  /** The operator takes it down, with a reason; the owner cannot bring it back. */
  remove: { from: ['draft', 'submitted', 'changes_requested', 'published', 'unlisted'], to: 'removed', by: ['operator'], note: 'required' },
  /** The management API's `published: true`: the operator's switch, from any other state. */
  publish: {
    from: ['draft', 'submitted', 'changes_requested', 'denied', 'unlisted', 'removed'],
    to: 'published',
    by: ['operator'],
    note: 'none',
  },
} as const satisfies Record<string, Rule<ListingState>>;
export type ListingTransition = keyof typeof LISTING;

export const EDIT = {
  /** The owner saves an edit (again): it waits for review. */
  submit: { from: ['none', 'submitted', 'changes_requested'], to: 'submitted', by: ['owner'], note: 'none' },
  /** The operator applies it to the public listing. */
  approve: { from: ['submitted'], to: 'none', by: ['operator'], note: 'optional' },
  /** The operator sends it back with a note; the public version stays. */
  request_changes: { from: ['submitted'], to: 'changes_requested', by: ['operator'], note: 'required' },
  /** The operator drops it, with a reason; the public version stays. */
  deny: { from: ['submitted'], to: 'none', by: ['operator'], note: 'required' },
  /** The owner drops the edit. */
  discard: { from: ['submitted', 'changes_requested'], to: 'none', by: ['owner'], note: 'none' },
} as const satisfies Record<string, Rule<EditState>>;
export type EditTransition = keyof typeof EDIT;

/** The states in which an approved listing can have an edit under review. */
export const EDITABLE_LIVE: readonly ListingState[] = ['published', 'unlisted'];

/** What to record: the transition made, between which states, by whom, and the note it carries. */
export interface Step<S extends string, T extends string> {
  transition: T;
  from: S;
  to: S;
  actor: ActorKind;
  note: string | null;
}

/** Longest note or reason a moderator may give (the owner reads it, so it stays a few paragraphs). */
export const MAX_NOTE_LENGTH = 2000;

function step<S extends string, T extends string>(
  table: Record<T, Rule<S>>,
  transition: T,
  from: S,
  actor: ActorKind,
  note: string | undefined,
): Step<S, T> {
  const rule = table[transition];
  if (!rule.by.includes(actor))
    throw new AppError('forbidden', `Only the ${rule.by.join(' or ')} may ${transition.replace('_', ' ')} a listing`);
  if (!rule.from.includes(from)) {
    throw new AppError('conflict', `A listing that is ${from.replace('_', ' ')} cannot be ${pastTense(transition)}`);
  }
  const text = note?.trim() ?? '';
  if (rule.note === 'required' && text === '') throw AppError.validation([{ field: 'note', message: 'is required' }]);
  if (text.length > MAX_NOTE_LENGTH)
    throw AppError.validation([{ field: 'note', message: `must be at most ${MAX_NOTE_LENGTH} characters` }]);
  return { transition, from, to: rule.to, actor, note: rule.note === 'none' || text === '' ? null : text };
}

function pastTense(transition: string): string {
  const words: Record<string, string> = {
    submit: 'submitted',
    withdraw: 'withdrawn',
    approve: 'approved',
    request_changes: 'sent back for changes',
    deny: 'denied',
    unlist: 'unlisted',
    relist: 'listed again',
    remove: 'removed',
    publish: 'published',
    discard: 'discarded',
  };
  return words[transition] ?? transition;
}

export type ListingStep = Step<ListingState, ListingTransition>;
export type EditStep = Step<EditState, EditTransition>;

export const submit = (from: ListingState, actor: ActorKind): ListingStep => step(LISTING, 'submit', from, actor, undefined);
export const withdraw = (from: ListingState, actor: ActorKind): ListingStep => step(LISTING, 'withdraw', from, actor, undefined);
export const approve = (from: ListingState, actor: ActorKind, note?: string): ListingStep => step(LISTING, 'approve', from, actor, note);
export const requestChanges = (from: ListingState, actor: ActorKind, note: string | undefined): ListingStep =>
  step(LISTING, 'request_changes', from, actor, note);
export const deny = (from: ListingState, actor: ActorKind, reason: string | undefined): ListingStep =>
  step(LISTING, 'deny', from, actor, reason);
export const unlist = (from: ListingState, actor: ActorKind): ListingStep => step(LISTING, 'unlist', from, actor, undefined);
export const relist = (from: ListingState, actor: ActorKind): ListingStep => step(LISTING, 'relist', from, actor, undefined);
export const remove = (from: ListingState, actor: ActorKind, reason: string | undefined): ListingStep =>
  step(LISTING, 'remove', from, actor, reason);
export const publish = (from: ListingState, actor: ActorKind): ListingStep => step(LISTING, 'publish', from, actor, undefined);

export const submitEdit = (from: EditState, actor: ActorKind): EditStep => step(EDIT, 'submit', from, actor, undefined);
export const approveEdit = (from: EditState, actor: ActorKind, note?: string): EditStep => step(EDIT, 'approve', from, actor, note);
export const requestEditChanges = (from: EditState, actor: ActorKind, note: string | undefined): EditStep =>
  step(EDIT, 'request_changes', from, actor, note);
export const denyEdit = (from: EditState, actor: ActorKind, reason: string | undefined): EditStep =>
  step(EDIT, 'deny', from, actor, reason);
export const discardEdit = (from: EditState, actor: ActorKind): EditStep => step(EDIT, 'discard', from, actor, undefined);

/** Whether a state shows the bot to the public (`bots.published` follows it). */
export function isPublic(state: ListingState): boolean {
  return state === 'published';
}
