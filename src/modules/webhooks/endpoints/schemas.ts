/** Management API shapes of webhook endpoints: the spec's webhook (the default endpoint) and the others. */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../../lib/pagination.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../../lib/schemas.js';
import { EVENT_TYPES } from './events.js';
import { MAX_WEBHOOK_URL_LENGTH } from './url-policy.js';

const Url = Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, description: 'https:// or http:// address of the receiver' });
const Secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/_-]{32,128}={0,2}$',
  description:
    'Signing secret to use: whsec_ + at least 32 base64 characters (standard base64, as Standard Webhooks libraries expect; base64url is accepted too). Absent: one is generated.',
});

export const WebhookPut = Type.Object(
  {
    url: Url,
    secret: Type.Optional(Secret),
    enabled: Type.Optional(
      Type.Boolean({ default: true, description: 'false switches deliveries off; true (again) resets the failure count' }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookPut = Static<typeof WebhookPut>;

const webhookFields = {
  url: Type.String(),
  enabled: Type.Boolean(),
  disabledAt: Type.Union([Timestamp, Type.Null()], {
    description: 'When it was switched off (by the operator or after 20 failed deliveries)',
  }),
  consecutiveFailures: Type.Integer({ description: 'Finally failed deliveries in a row; a success resets it' }),
};

export const Webhook = named('Webhook', Type.Object(webhookFields));
export type Webhook = Static<typeof Webhook>;

/** A webhook in the operator's list: which bot it belongs to, and its state. */
export const BotWebhook = named(
  'BotWebhook',
  Type.Object({ id: Type.String({ ...Uuid, description: 'The endpoint' }), botId: Type.String(), ...webhookFields }),
);
export type BotWebhook = Static<typeof BotWebhook>;

export const WebhookListQuery = pageQuery({
  state: Type.Optional(
    Type.Enum(['disabled', 'failing'], {
      type: 'string',
      description:
        'disabled: switched off (by the operator or after 20 failures in a row); failing: enabled, with failed deliveries in a row',
    }),
  ),
});
export type WebhookListQuery = Static<typeof WebhookListQuery>;

export const WebhookList = named('WebhookList', pageOf(BotWebhook));

export const WebhookWithSecret = named(
  'WebhookWithSecret',
  Type.Object({
    ...webhookFields,
    secret: Type.Union([Type.String(), Type.Null()], {
      description: 'The signing secret when this call set it (generated or given); null when the stored one was kept. Never shown again.',
    }),
  }),
);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

// Several endpoints per bot (issue 15).

/** One endpoint of a bot: /admin/v1/bots/{id}/webhooks/{endpointId}. */
export const EndpointParams = Type.Object({ id: SnowflakeId, endpointId: Uuid });

/** At most this many endpoints per bot (the default one included). */
export const MAX_ENDPOINTS_PER_BOT = 10;

const Events = Type.Array(Type.String({ enum: [...EVENT_TYPES] }), {
  minItems: 1,
  uniqueItems: true,
  description: 'The events this endpoint receives; default vote, premium, donation, test (vote.reminder, review and listing are opt-in)',
});
const Format = Type.String({
  enum: ['json', 'discord'],
  description:
    'json: the signed JSON body; discord: a Discord channel message (embed). Absent: discord for a Discord webhook URL, json otherwise',
});
const Language = Type.String({ enum: ['de', 'en'], description: 'Language of Discord messages; default en' });

export const EndpointCreate = Type.Object(
  {
    url: Url,
    secret: Type.Optional(Secret),
    enabled: Type.Optional(Type.Boolean({ default: true })),
    events: Type.Optional(Events),
    format: Type.Optional(Format),
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type EndpointCreate = Static<typeof EndpointCreate>;

export const EndpointPatch = Type.Object(
  {
    url: Type.Optional(Url),
    enabled: Type.Optional(Type.Boolean({ description: 'false switches deliveries off; true (again) resets the failure count' })),
    events: Type.Optional(Events),
    format: Type.Optional(Format),
    language: Type.Optional(Language),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type EndpointPatch = Static<typeof EndpointPatch>;

const endpointFields = {
  id: Uuid,
  isDefault: Type.Boolean({ description: "The bot's webhook of the spec (PUT/GET/DELETE /admin/v1/bots/{id}/webhook)" }),
  ...webhookFields,
  events: Type.Array(Type.String({ enum: [...EVENT_TYPES] })),
  format: Type.String({ enum: ['json', 'discord'] }),
  language: Type.String({ enum: ['de', 'en'] }),
  previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
    description: 'While a rotation overlap runs: until when the previous secret still signs (beside the new one); null otherwise',
  }),
};

export const WebhookEndpoint = named('WebhookEndpoint', Type.Object(endpointFields));
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = named(
  'WebhookEndpointWithSecret',
  Type.Object({
    ...endpointFields,
    secret: Type.String({ description: 'The signing secret; shown in this answer only' }),
  }),
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

/** Default overlap of a rotation: receivers have a day to take the new secret. */
export const DEFAULT_OVERLAP_SECONDS = 86_400;

export const SecretRotation = Type.Object(
  {
    secret: Type.Optional(Secret),
    overlapSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 7 * 86_400,
        default: DEFAULT_OVERLAP_SECONDS,
        description: 'How long the previous secret keeps signing beside the new one (default 24 h, at most 7 days; 0: not at all)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SecretRotation = Static<typeof SecretRotation>;

export const RotatedSecret = named(
  'RotatedSecret',
  Type.Object({
    secret: Type.String({ description: 'The new signing secret; shown in this answer only' }),
    previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'Until when the previous secret still signs; null without overlap',
    }),
  }),
);
export type RotatedSecret = Static<typeof RotatedSecret>;
