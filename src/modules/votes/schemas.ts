import { Type, type Static } from 'typebox';
import { named, SnowflakeId, Timestamp } from '../../lib/schemas.js';

export const VoteEntry = named(
  'VoteEntry',
  Type.Object({
    user: Type.String(),
    username: Type.String(),
    votedAt: Timestamp,
    flagged: Type.Boolean(),
  }),
);
export type VoteEntry = Static<typeof VoteEntry>;

export const VotesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: 'Only votes from the last n hours' })),
});
export type VotesQuery = Static<typeof VotesQuery>;

export const VoteStatus = named(
  'VoteStatus',
  Type.Object({
    voted: Type.Boolean(),
    votedAt: Type.Union([Timestamp, Type.Null()], { description: 'null when voted is false' }),
    expiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'End of the 12-hour window; null when voted is false',
    }),
  }),
);
export type VoteStatus = Static<typeof VoteStatus>;

export const BulkCheckBody = Type.Object(
  {
    userIds: Type.Array(SnowflakeId, { minItems: 1, maxItems: 100, description: 'Users to check (1 to 100)' }),
  },
  { additionalProperties: false },
);
export type BulkCheckBody = Static<typeof BulkCheckBody>;

export const BulkVoteStatus = named('BulkVoteStatus', Type.Object({ userId: Type.String(), ...VoteStatus.properties }));

export const UserIdParams = Type.Object({ id: Type.String(), userId: SnowflakeId });

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
