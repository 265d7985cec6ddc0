/** Management API shapes of the delivery pipeline: the delivery log, redelivery, a queued test event. */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../../lib/schemas.js';
import { EVENT_TYPES } from '../endpoints/events.js';

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
    status: Type.String({ enum: ['pending', 'succeeded', 'failed'] }),
    attemptCount: Type.Integer(),
    nextAttemptAt: Type.Union([Timestamp, Type.Null()], { description: 'When the next attempt is due; null once finished' }),
    createdAt: Timestamp,
    completedAt: Type.Union([Timestamp, Type.Null()]),
    attempts: Type.Array(DeliveryAttempt, { description: 'Oldest first' }),
  }),
);
export type Delivery = Static<typeof Delivery>;

export const ListQuery = pageQuery({});
export type ListQuery = Static<typeof ListQuery>;

export const DeliveryList = pageOf(Delivery);

export const DeliveryIdParams = Type.Object({ deliveryId: Uuid });

export const QueuedEvent = Type.Object({
  event: Type.String(),
  id: Uuid,
});
