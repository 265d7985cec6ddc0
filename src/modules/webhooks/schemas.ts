/** Management API shapes: webhook configuration, the delivery log, notifications. */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../lib/schemas.js';
import { MAX_WEBHOOK_URL_LENGTH } from './url-policy.js';

export const WebhookPut = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, description: 'https:// or http:// address of the receiver' }),
    secret: Type.Optional(
      Type.String({
        pattern: '^whsec_[A-Za-z0-9_-]{32,128}$',
        description: 'Signing secret to use (whsec_ + at least 32 base64url characters). Absent: one is generated for a new webhook, an existing one keeps its secret.',
      }),
    ),
    enabled: Type.Optional(Type.Boolean({ default: true, description: 'false switches deliveries off; true (again) resets the failure count' })),
  },
  { additionalProperties: false },
);
export type WebhookPut = Static<typeof WebhookPut>;

const webhookFields = {
  url: Type.String(),
  enabled: Type.Boolean(),
  disabledAt: Type.Union([Timestamp, Type.Null()], { description: 'When it was switched off (by the operator or after 20 failed deliveries)' }),
  consecutiveFailures: Type.Integer({ description: 'Finally failed deliveries in a row; a success resets it' }),
};

export const Webhook = named('Webhook', Type.Object(webhookFields));
export type Webhook = Static<typeof Webhook>;

/** A webhook in the operator's list: which bot it belongs to, and its state. */
export const BotWebhook = named('BotWebhook', Type.Object({ botId: Type.String(), ...webhookFields }));
export type BotWebhook = Static<typeof BotWebhook>;

export const WebhookListQuery = pageQuery({
  state: Type.Optional(
    Type.Enum(['disabled', 'failing'], {
      type: 'string',
      description: 'disabled: switched off (by the operator or after 20 failures in a row); failing: enabled, with failed deliveries in a row',
    }),
  ),
});
export type WebhookListQuery = Static<typeof WebhookListQuery>;

export const WebhookList = named('WebhookList', pageOf(BotWebhook));

export const WebhookWithSecret = named('WebhookWithSecret', Type.Object({
  ...webhookFields,
  secret: Type.Union([Type.String(), Type.Null()], {
    description: 'The signing secret when this call set it (generated or given); null when the stored one was kept. Never shown again.',
  }),
}));
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const DeliveryAttempt = named('DeliveryAttempt', Type.Object({
  attempt: Type.Integer({ description: '1 for the first call' }),
  attemptedAt: Timestamp,
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the answer; null when there was none' }),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], {
    description: 'Why there was no answer (timeout, connection_refused, forbidden_address, ...)',
  }),
  latencyMs: Type.Integer({ description: 'Time to the status line, or to the failure' }),
  response: Type.Union([Type.String(), Type.Null()], { description: 'The first 4 KiB of the answer body' }),
}));

export const Delivery = named('Delivery', Type.Object({
  id: Uuid,
  event: Type.Object({ type: Type.String({ enum: ['vote', 'premium', 'donation', 'test'] }), id: Uuid }),
  status: Type.String({ enum: ['pending', 'succeeded', 'failed'] }),
  attemptCount: Type.Integer(),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()], { description: 'When the next attempt is due; null once finished' }),
  createdAt: Timestamp,
  completedAt: Type.Union([Timestamp, Type.Null()]),
  attempts: Type.Array(DeliveryAttempt, { description: 'Oldest first' }),
}));
export type Delivery = Static<typeof Delivery>;

export const ListQuery = pageQuery({});
export type ListQuery = Static<typeof ListQuery>;

export const DeliveryList = pageOf(Delivery);

export const DeliveryIdParams = Type.Object({ deliveryId: Uuid });

export const QueuedEvent = Type.Object({
  event: Type.String(),
  id: Uuid,
});

export const Notification = named('Notification', Type.Object({
  id: Uuid,
  botId: Type.String(),
  kind: Type.String({ enum: ['webhook_disabled'] }),
  message: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Timestamp,
}));
export type Notification = Static<typeof Notification>;

export const NotificationList = pageOf(Notification);
