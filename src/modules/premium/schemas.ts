import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';

export const PremiumStatus = named(
  'PremiumStatus',
  Type.Object({
    active: Type.Boolean(),
    tierId: Type.Union([Uuid, Type.Null()]),
    tierName: Type.Union([Type.String(), Type.Null()]),
    interval: Type.Union([Type.String(), Type.Null()]),
    guildId: Type.Union([Type.String(), Type.Null()], {
      description: 'null for user-scoped tiers, the server ID for guild-scoped tiers',
    }),
    expiresAt: Type.Union([Timestamp, Type.Null()], { description: 'Paid-until date; null when there is none' }),
    cancelAtPeriodEnd: Type.Boolean(),
  }),
);
export type PremiumStatus = Static<typeof PremiumStatus>;

export const PremiumUserParams = Type.Object({ id: Type.String(), userId: SnowflakeId });
export const GuildIdParams = Type.Object({ id: Type.String(), guildId: SnowflakeId });

// Management API: the facts behind the owner endpoints.

const Interval = Type.String({ pattern: '^[a-z][a-z_]{0,31}$', description: 'e.g. month, year' });
const TierName = Type.String({ minLength: 1, maxLength: 100 });

export const SubscriptionUpsert = Type.Object(
  {
    id: Type.Optional(Uuid),
    userId: SnowflakeId,
    guildId: Type.Optional(Type.Union([SnowflakeId, Type.Null()])),
    tierId: Uuid,
    tierName: TierName,
    interval: Interval,
    expiresAt: Timestamp,
    cancelAtPeriodEnd: Type.Optional(Type.Boolean()),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SubscriptionUpsert = Static<typeof SubscriptionUpsert>;

export const SubscriptionPatch = Type.Object(
  {
    tierName: Type.Optional(TierName),
    interval: Type.Optional(Interval),
    expiresAt: Type.Optional(Timestamp),
    cancelAtPeriodEnd: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SubscriptionPatch = Static<typeof SubscriptionPatch>;

/** A subscription's fields, which the payments module's Stripe subscription extends. */
export const subscriptionProperties = {
  id: Uuid,
  botId: Type.String(),
  userId: Type.String(),
  guildId: Type.Union([Type.String(), Type.Null()]),
  tierId: Uuid,
  tierName: Type.String(),
  interval: Type.String(),
  expiresAt: Timestamp,
  cancelAtPeriodEnd: Type.Boolean(),
  active: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const Subscription = named('Subscription', Type.Object(subscriptionProperties));
export type Subscription = Static<typeof Subscription>;

/** The operator's list: every subscription, newest first. */
export const SubscriptionListQuery = pageQuery({
  bot: Type.Optional(SnowflakeId),
  user: Type.Optional(SnowflakeId),
  guild: Type.Optional(SnowflakeId),
  active: Type.Optional(Type.Boolean({ description: 'The stored active flag (an active one may still have run past expiresAt)' })),
});
export type SubscriptionListQuery = Static<typeof SubscriptionListQuery>;

export const SubscriptionList = named('SubscriptionList', pageOf(Subscription));

export const SubscriptionIdParams = Type.Object({ subscriptionId: Uuid });

export const DonationCreate = Type.Object(
  {
    user: SnowflakeId,
    username: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: 'At most two decimals' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. EUR' }),
  },
  { additionalProperties: false },
);
export type DonationCreate = Static<typeof DonationCreate>;

export const Donation = named(
  'Donation',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    user: Type.String(),
    username: Type.Union([Type.String(), Type.Null()]),
    amount: Type.Number(),
    currency: Type.String(),
    createdAt: Timestamp,
  }),
);
export type Donation = Static<typeof Donation>;
