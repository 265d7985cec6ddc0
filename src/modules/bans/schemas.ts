/** Bans of users and bots, as the management API and the console write and read them. */
import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';

export const BAN_KINDS = ['user', 'bot'] as const;
export type BanKind = (typeof BAN_KINDS)[number];
/** Longest reason of a ban (a paragraph or two, as a moderator's note). */
export const MAX_BAN_REASON_LENGTH = 2000;

const BanKindSchema = Type.Enum([...BAN_KINDS], {
  type: 'string',
  description: 'user: no submissions, votes, reviews or reports; bot: out of view (its listing removed) and never listed again',
});

export const Ban = named(
  'Ban',
  Type.Object({
    id: Uuid,
    kind: BanKindSchema,
    subjectId: Type.String({ description: "The user's platform ID, or the bot's application ID" }),
    reason: Type.String(),
    bannedBy: Type.Union([Type.String(), Type.Null()], { description: "The operator's platform ID; null for the operator token" }),
    createdAt: Timestamp,
    liftedBy: Type.Union([Type.String(), Type.Null()]),
    liftedAt: Type.Union([Timestamp, Type.Null()], { description: 'null while the ban is in force' }),
  }),
);
export type Ban = Static<typeof Ban>;

export const BanCreate = Type.Object(
  {
    kind: BanKindSchema,
    subjectId: SnowflakeId,
    reason: Type.String({ minLength: 1, maxLength: MAX_BAN_REASON_LENGTH, pattern: '\\S', description: 'Why; kept with the ban' }),
  },
  { additionalProperties: false },
);
export type BanCreate = Static<typeof BanCreate>;

export const BanListQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type BanListQuery = Static<typeof BanListQuery>;

export const BanList = named(
  'BanList',
  Type.Object({
    data: Type.Array(Ban),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
  }),
);
export type BanList = Static<typeof BanList>;

export const BanIdParams = Type.Object({ banId: Uuid });
