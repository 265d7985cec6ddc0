/**
 * The `listing` webhook event: a listing's state or the review of an edit changed. Recorded in the
 * transaction of the transition (the outbox), signed and delivered like every event, to the
 * endpoints that subscribe to it (opt-in, like `review`).
 */
import { Type } from 'typebox';
import { eventBody, type MoreWebhook } from '../webhooks/delivery/event-schemas.js';
import { EDIT_STATES, LISTING, EDIT, LISTING_STATES, type EditState, type ListingState } from './lifecycle.js';

export const ListingEventBody = eventBody('listing', "The bot's listing changed state, or an edit of it was reviewed", {
  status: Type.String({
    enum: [...LISTING_STATES],
    description: "The listing's state after the step; the bot is public while it is published",
  }),
  editStatus: Type.String({ enum: [...EDIT_STATES], description: 'The review of an edit after the step (none: no edit waits)' }),
  transition: Type.String({
    enum: [...new Set([...Object.keys(LISTING), ...Object.keys(EDIT)])],
    description: 'The step taken: submit, approve, request_changes, deny, remove …',
  }),
  edit: Type.Boolean({ description: 'true: the step is about an edit of the approved listing (which stayed public meanwhile)' }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: "The moderator's note or reason (changes requested, denied, removed); else null",
  }),
});

/** The event for the public OpenAPI document's `webhooks`. */
export const listingWebhook: MoreWebhook = {
  operationId: 'listingEvent',
  summary: "The bot's listing changed state or an edit was reviewed (opt-in)",
  schema: ListingEventBody,
};

export interface ListingEventPayload {
  status: ListingState;
  editStatus: EditState;
  transition: string;
  edit: boolean;
  reason: string | null;
}
