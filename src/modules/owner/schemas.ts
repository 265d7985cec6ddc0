import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';

export const VoteEntry = named('VoteEntry', Type.Object({
  user: Type.String(),
  username: Type.String(),
  votedAt: Timestamp,
  flagged: Type.Boolean(),
}));
export type VoteEntry = Static<typeof VoteEntry>;

export const VotesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: 'Only votes from the last n hours' })),
});
export type VotesQuery = Static<typeof VotesQuery>;

export const VoteStatus = named('VoteStatus', Type.Object({
  voted: Type.Boolean(),
  votedAt: Type.Union([Timestamp, Type.Null()], { description: 'null when voted is false' }),
  expiresAt: Type.Union([Timestamp, Type.Null()], {
    description: 'End of the 12-hour window; null when voted is false',
  }),
}));
export type VoteStatus = Static<typeof VoteStatus>;

export const PremiumStatus = named('PremiumStatus', Type.Object({
  active: Type.Boolean(),
  tierId: Type.Union([Uuid, Type.Null()]),
  tierName: Type.Union([Type.String(), Type.Null()]),
  interval: Type.Union([Type.String(), Type.Null()]),
  guildId: Type.Union([Type.String(), Type.Null()], {
    description: 'null for user-scoped tiers, the server ID for guild-scoped tiers',
  }),
  expiresAt: Type.Union([Timestamp, Type.Null()], { description: 'Paid-until date; null when there is none' }),
  cancelAtPeriodEnd: Type.Boolean(),
}));
export type PremiumStatus = Static<typeof PremiumStatus>;

const Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

export const StatsBody = named('StatsRecord', Type.Object(
  {
    serverCount: Count,
    shardCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
));
export type StatsBody = Static<typeof StatsBody>;

/** Shards of one bot the service keeps reports of; a shards list is capped lower by the 64 KiB body limit. */
export const MAX_SHARDS = 65_536;
export const MAX_SHARD_LIST = 5_000;

export const ShardStatsBody = named('ShardStatsRecord', Type.Object(
  {
    shardId: Type.Integer({ minimum: 0, maximum: MAX_SHARDS - 1, description: 'The shard this count is of (0-based, below shardCount)' }),
    shardCount: Type.Integer({ minimum: 1, maximum: MAX_SHARDS, description: 'How many shards the bot runs in all' }),
    serverCount: { ...Count, description: 'Servers of this shard' },
  },
  { additionalProperties: false, description: 'The count of one shard: several processes report their own shards; the bot shows their sum' },
));

export const ShardListBody = named('ShardListRecord', Type.Object(
  {
    shards: Type.Array(Count, {
      minItems: 1,
      maxItems: MAX_SHARD_LIST,
      description: 'Servers per shard, shard 0 first; the shard count is the length',
    }),
  },
  { additionalProperties: false },
));

/** POST /stats: the spec's record, one shard's count, or every shard's count. */
export const StatsReport = Type.Union([StatsBody, ShardStatsBody, ShardListBody]);
export type StatsReport = Static<typeof StatsReport>;

export const BulkCheckBody = Type.Object(
  {
    userIds: Type.Array(SnowflakeId, { minItems: 1, maxItems: 100, description: 'Users to check (1 to 100)' }),
  },
  { additionalProperties: false },
);
export type BulkCheckBody = Static<typeof BulkCheckBody>;

export const BulkVoteStatus = named('BulkVoteStatus', Type.Object({ userId: Type.String(), ...VoteStatus.properties }));

export const HistoryBackfill = Type.Object(
  {
    points: Type.Array(
      Type.Object(
        {
          date: Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC), before today and not before the bot was created (the time in its application ID)' }),
          serverCount: Count,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type HistoryBackfill = Static<typeof HistoryBackfill>;

export const BackfillResult = named('HistoryBackfillResult', Type.Object({
  stored: Type.Integer({ description: 'Days written (new or replaced)' }),
}));

export const StatsResult = named('StoredStats', Type.Object({ serverCount: Type.Integer(), shardCount: Type.Integer() }));

export const UserIdParams = Type.Object({ id: Type.String(), userId: SnowflakeId });
export const GuildIdParams = Type.Object({ id: Type.String(), guildId: SnowflakeId });

// Management API: the facts behind the owner endpoints.

export const VoteCreate = Type.Object(
  {
    user: SnowflakeId,
    username: Type.String({ minLength: 1, maxLength: 100 }),
    flagged: Type.Optional(Type.Boolean()),
    votedAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type VoteCreate = Static<typeof VoteCreate>;

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

export const Subscription = named('Subscription', Type.Object({
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
}));
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

export const Donation = named('Donation', Type.Object({
  id: Uuid,
  botId: Type.String(),
  user: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number(),
  currency: Type.String(),
  createdAt: Timestamp,
}));
export type Donation = Static<typeof Donation>;
