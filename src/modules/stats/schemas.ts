import { Type, type Static } from 'typebox';
import { named, Timestamp } from '../../lib/schemas.js';

const Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

export const StatsBody = named(
  'StatsRecord',
  Type.Object(
    {
      serverCount: Count,
      shardCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    },
    { additionalProperties: false },
  ),
);
export type StatsBody = Static<typeof StatsBody>;

/** Shards of one bot the service keeps reports of; a shards list is capped lower by the 64 KiB body limit. */
export const MAX_SHARDS = 65_536;
export const MAX_SHARD_LIST = 5_000;

export const ShardStatsBody = named(
  'ShardStatsRecord',
  Type.Object(
    {
      shardId: Type.Integer({ minimum: 0, maximum: MAX_SHARDS - 1, description: 'The shard this count is of (0-based, below shardCount)' }),
      shardCount: Type.Integer({ minimum: 1, maximum: MAX_SHARDS, description: 'How many shards the bot runs in all' }),
      serverCount: { ...Count, description: 'Servers of this shard' },
    },
    {
      additionalProperties: false,
      description: 'The count of one shard: several processes report their own shards; the bot shows their sum',
    },
  ),
);

export const ShardListBody = named(
  'ShardListRecord',
  Type.Object(
    {
      shards: Type.Array(Count, {
        minItems: 1,
        maxItems: MAX_SHARD_LIST,
        description: 'Servers per shard, shard 0 first; the shard count is the length',
      }),
    },
    { additionalProperties: false },
  ),
);

/** POST /stats: the spec's record, one shard's count, or every shard's count. */
export const StatsReport = Type.Union([StatsBody, ShardStatsBody, ShardListBody]);
export type StatsReport = Static<typeof StatsReport>;

export const HistoryBackfill = Type.Object(
  {
    points: Type.Array(
      Type.Object(
        {
          date: Type.String({
            format: 'date',
            description: 'YYYY-MM-DD (UTC), before today and not before the bot was created (the time in its application ID)',
          }),
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

export const BackfillResult = named(
  'HistoryBackfillResult',
  Type.Object({
    stored: Type.Integer({ description: 'Days written (new or replaced)' }),
  }),
);

export const StatsResult = named('StoredStats', Type.Object({ serverCount: Type.Integer(), shardCount: Type.Integer() }));

export const ShardsQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_SHARDS - 1, description: 'Only shards with a higher id (the `nextAfter` of the page before)' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
});
export type ShardsQuery = Static<typeof ShardsQuery>;

export const ShardReport = named(
  'ShardReport',
  Type.Object({
    shardId: Type.Integer(),
    serverCount: Type.Integer(),
    reportedAt: Timestamp,
  }),
);
export type ShardReport = Static<typeof ShardReport>;

export const ShardList = named(
  'ShardList',
  Type.Object({
    data: Type.Array(ShardReport),
    nextAfter: Type.Union([Type.Integer(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last' }),
  }),
);
export type ShardList = Static<typeof ShardList>;
