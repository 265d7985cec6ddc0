/** Management API shapes of the delivery pipeline: the delivery log, redelivery, a queued test event. */
import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH, UUID_PATTERN } from '../../../lib/keyset.js';
import { pageOf, pageQuery } from '../../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../../lib/schemas.js';
import { EVENT_TYPES } from '../endpoints/events.js';

/** The states of a delivery: waiting for its next attempt, delivered (a 2xx answer), failed finally. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryAttempt = named(
  'DeliveryAttempt',
  Type.Object({
    attempt: Type.Integer({ description: '1 for the first call' }),
    attemptedAt: Timestamp,
    statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the answer; null when there was none' }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], {
      description: 'Why there was no answer (timeout, connection_refused, forbidden_address, ...)',
    }),
    latencyMs: Type.Integer({ description: 'Time to the status line, or to the failure' }),
    response: Type.Union([Type.String(), Type.Null()], { description: 'The first 4 KiB of the answer body' }),
  }),
);

export const Delivery = named(
  'Delivery',
  Type.Object({
    id: Uuid,
    endpointId: Type.String({ ...Uuid, description: 'The endpoint it went to' }),
    event: Type.Object({ type: Type.String({ enum: [...EVENT_TYPES] }), id: Uuid }),
    status: Type.String({ enum: [...DELIVERY_STATUSES] }),
    attemptCount: Type.Integer(),
    nextAttemptAt: Type.Union([Timestamp, Type.Null()], { description: 'When the next attempt is due; null once finished' }),
    createdAt: Timestamp,
    completedAt: Type.Union([Timestamp, Type.Null()]),
    attempts: Type.Array(DeliveryAttempt, { description: 'Oldest first' }),
  }),
);
export type Delivery = Static<typeof Delivery>;

/**
 * The log's filters and its two ways of paging: `page` (with the count in `pagination`, as the
 * spec has it) or, from `after` on, by keyset (`next`, no count, no offset). The filters and
 * `after` came later (issue 31) and are optional: a request without them is answered as before.
 */
export const ListQuery = pageQuery({
  endpointId: Type.Optional(
    Type.String({
      ...Uuid,
      pattern: UUID_PATTERN.source,
      description: 'Only the deliveries to this endpoint of the bot (404 for another)',
    }),
  ),
  status: Type.Optional(
    Type.String({
      enum: [...DELIVERY_STATUSES],
      description: 'Only deliveries in this state: pending, succeeded (delivered) or failed (finally)',
    }),
  ),
  event: Type.Optional(Type.String({ enum: [...EVENT_TYPES], description: 'Only deliveries of this event type' })),
  after: Type.Optional(
    Type.String({
      maxLength: MAX_CURSOR_LENGTH,
      description:
        'Pages by keyset instead of `page`: the `next` of the previous page, or empty (`after=`) for the first. The answer is then `{data, next}`, without `pagination`; `page` stays unset.',
    }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

/** Which deliveries of a bot the log shows (every filter optional). */
export type DeliveryFilter = Pick<ListQuery, 'endpointId' | 'event'> & { status?: DeliveryStatus };

const KeysetDeliveries = Type.Object({
  data: Type.Array(Delivery),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
});

/** A page of the log: by `page` as the spec has it, or by keyset when the request gave `after`. */
export const DeliveryList = Type.Union([pageOf(Delivery), KeysetDeliveries]);
export type DeliveryList = Static<typeof DeliveryList>;

export const DeliveryIdParams = Type.Object({ deliveryId: Uuid });

export const QueuedEvent = Type.Object({
  event: Type.String(),
  id: Uuid,
});
