/**
 * The lifecycle's tables, pair by pair: every transition from every state, by each actor. An
 * allowed pair moves to the table's state; a state the table does not list is a 409, an actor it
 * does not list a 403; a transition that needs a note refuses none (422).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/lib/errors.js';
import * as lifecycle from '../../../src/modules/listings/lifecycle.js';
import {
  EDIT,
  EDIT_STATES,
  LISTING,
  LISTING_STATES,
  type ActorKind,
  type EditState,
  type EditTransition,
  type ListingState,
  type ListingTransition,
} from '../../../src/modules/listings/lifecycle.js';

/** The function of each transition, called with a note. */
const LISTING_FUNCTIONS: Record<ListingTransition, (from: ListingState, actor: ActorKind, note?: string) => lifecycle.ListingStep> = {
  submit: (from, actor) => lifecycle.submit(from, actor),
  withdraw: (from, actor) => lifecycle.withdraw(from, actor),
  approve: (from, actor, note) => lifecycle.approve(from, actor, note),
  request_changes: (from, actor, note) => lifecycle.requestChanges(from, actor, note),
  deny: (from, actor, note) => lifecycle.deny(from, actor, note),
  unlist: (from, actor) => lifecycle.unlist(from, actor),
  relist: (from, actor) => lifecycle.relist(from, actor),
  remove: (from, actor, note) => lifecycle.remove(from, actor, note),
  publish: (from, actor) => lifecycle.publish(from, actor),
};

const EDIT_FUNCTIONS: Record<EditTransition, (from: EditState, actor: ActorKind, note?: string) => lifecycle.EditStep> = {
  submit: (from, actor) => lifecycle.submitEdit(from, actor),
  approve: (from, actor, note) => lifecycle.approveEdit(from, actor, note),
  request_changes: (from, actor, note) => lifecycle.requestEditChanges(from, actor, note),
  deny: (from, actor, note) => lifecycle.denyEdit(from, actor, note),
  discard: (from, actor) => lifecycle.discardEdit(from, actor),
};

const ACTORS: ActorKind[] = ['owner', 'operator'];

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
}

/** The table as a list of pairs, with what each pair must do. */
function pairs<S extends string, T extends string>(
  table: Record<T, { from: readonly S[]; to: S; by: readonly ActorKind[]; note: string }>,
  states: readonly S[],
) {
  return (Object.keys(table) as T[]).flatMap((transition) =>
    states.flatMap((from) =>
      ACTORS.map((actor) => {
        const rule = table[transition];
        const expected = !rule.by.includes(actor) ? 'forbidden' : !rule.from.includes(from) ? 'conflict' : rule.to;
        return { transition, from, actor, expected, note: rule.note };
      }),
    ),
  );
}

describe('the listing lifecycle', () => {
  it('allows exactly the transitions of the table', () => {
    expect(LISTING).toEqual({
      submit: { from: ['draft', 'changes_requested'], to: 'submitted', by: ['owner'], note: 'none' },
      withdraw: { from: ['submitted'], to: 'draft', by: ['owner'], note: 'none' },
      approve: { from: ['submitted'], to: 'published', by: ['operator'], note: 'optional' },
      request_changes: { from: ['submitted'], to: 'changes_requested', by: ['operator'], note: 'required' },
      deny: { from: ['submitted'], to: 'denied', by: ['operator'], note: 'required' },
      unlist: { from: ['published'], to: 'unlisted', by: ['owner', 'operator'], note: 'none' },
      relist: { from: ['unlisted'], to: 'published', by: ['owner'], note: 'none' },
      remove: {
        from: ['draft', 'submitted', 'changes_requested', 'published', 'unlisted'],
        to: 'removed',
        by: ['operator'],
        note: 'required',
      },
      publish: {
        from: ['draft', 'submitted', 'changes_requested', 'denied', 'unlisted', 'removed'],
        to: 'published',
        by: ['operator'],
        note: 'none',
      },
    });
  });

  it.each(pairs(LISTING, LISTING_STATES))('$transition from $from by $actor → $expected', ({ transition, from, actor, expected, note }) => {
    const call = () => LISTING_FUNCTIONS[transition](from, actor, 'a note');
    if (expected === 'forbidden' || expected === 'conflict') {
      expect(refusal(call)).toBe(expected);
      return;
    }
    const step = call();
    expect(step).toEqual({ transition, from, to: expected, actor, note: note === 'none' ? null : 'a note' });
    if (note === 'required') {
      expect(refusal(() => LISTING_FUNCTIONS[transition](from, actor, undefined))).toBe('validation_failed');
      expect(refusal(() => LISTING_FUNCTIONS[transition](from, actor, '   '))).toBe('validation_failed');
    }
  });

  it('refuses a note longer than the limit', () => {
    expect(refusal(() => lifecycle.deny('submitted', 'operator', 'x'.repeat(lifecycle.MAX_NOTE_LENGTH + 1)))).toBe('validation_failed');
    expect(lifecycle.deny('submitted', 'operator', ` ${'x'.repeat(lifecycle.MAX_NOTE_LENGTH)} `).note).toHaveLength(
      lifecycle.MAX_NOTE_LENGTH,
    );
  });

  it('shows the bot exactly while it is published', () => {
    expect(LISTING_STATES.filter(lifecycle.isPublic)).toEqual(['published']);
  });
});

describe('the review of an edit', () => {
  it('allows exactly the transitions of the table', () => {
    expect(EDIT).toEqual({
      submit: { from: ['none', 'submitted', 'changes_requested'], to: 'submitted', by: ['owner'], note: 'none' },
      approve: { from: ['submitted'], to: 'none', by: ['operator'], note: 'optional' },
      request_changes: { from: ['submitted'], to: 'changes_requested', by: ['operator'], note: 'required' },
      deny: { from: ['submitted'], to: 'none', by: ['operator'], note: 'required' },
      discard: { from: ['submitted', 'changes_requested'], to: 'none', by: ['owner'], note: 'none' },
    });
  });

  it.each(pairs(EDIT, EDIT_STATES))('$transition from $from by $actor → $expected', ({ transition, from, actor, expected, note }) => {
    const call = () => EDIT_FUNCTIONS[transition](from, actor, 'a note');
    if (expected === 'forbidden' || expected === 'conflict') {
      expect(refusal(call)).toBe(expected);
      return;
    }
    expect(call()).toEqual({ transition, from, to: expected, actor, note: note === 'none' ? null : 'a note' });
    if (note === 'required') expect(refusal(() => EDIT_FUNCTIONS[transition](from, actor, undefined))).toBe('validation_failed');
  });
});
