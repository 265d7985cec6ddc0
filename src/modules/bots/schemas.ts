import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { HttpUrl, named, SNOWFLAKE_PATTERN, SnowflakeId, Timestamp } from '../../lib/schemas.js';

/** What a slug may be: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const Slug = Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: 100 });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Label = Type.String({ pattern: '^[\\p{Ll}\\p{Lo}\\p{N}]+(?:[-_ ][\\p{Ll}\\p{Lo}\\p{N}]+)*$', maxLength: 40 });
const Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const ShardCount = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const Localized = <T extends ReturnType<typeof Type.String>>(value: T) =>
  Type.Object({ de: value, en: value }, { additionalProperties: false });

export const Rating = named('Rating', Type.Object({ average: Type.Number(), count: Type.Integer() }));

const botFields = {
  id: Type.String(),
  name: Type.String(),
  slugs: Type.Object({ de: Type.String(), en: Type.String() }),
  shortDescription: Type.Object({ de: Type.String(), en: Type.String() }),
  prefix: Type.String(),
  pricing: Type.String(),
  iconUrl: Type.String({ format: 'uri' }),
  bannerUrl: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
  inviteUrl: Type.String({ format: 'uri' }),
  supportServerUrl: Type.String({ format: 'uri' }),
  websiteUrl: Type.String({ format: 'uri' }),
  categories: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  owners: Type.Array(Type.String()),
  serverCount: Type.Integer(),
  shardCount: Type.Integer(),
  votesTotal: Type.Integer(),
  votesMonth: Type.Integer(),
  rating: Rating,
  isVerified: Type.Boolean(),
};

export const Bot = named('Bot', Type.Object({ ...botFields, publishedAt: Timestamp }));
export type Bot = Static<typeof Bot>;

/** The management API's view: also unpublished bots, so `publishedAt` is null until a first publication. */
export const AdminBot = named(
  'AdminBot',
  Type.Object({
    ...botFields,
    publishedAt: Type.Union([Timestamp, Type.Null()], { description: 'null for a bot never published' }),
    published: Type.Boolean(),
  }),
);
export type AdminBot = Static<typeof AdminBot>;

export const SORTS = ['votes_month', 'votes_total', 'servers', 'new', 'name'] as const;
export type BotSort = (typeof SORTS)[number];

export const BotListQuery = pageQuery(
  {
    sort: Type.Enum([...SORTS], { type: 'string', default: 'votes_month' }),
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive substring of the bot name' })),
  },
  50,
);
export type BotListQuery = Static<typeof BotListQuery>;

export const BotList = named('BotList', pageOf(Bot));

/** The operator's list: every bot, newest first. */
export const AdminBotListQuery = pageQuery({
  published: Type.Optional(Type.Boolean({ description: 'Only published (true) or unpublished (false) bots' })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "The bot's id, or a case-insensitive part of its name" })),
  owner: Type.Optional(Type.String({ pattern: SNOWFLAKE_PATTERN, description: 'Bots this user owns (user ID)' })),
});
export type AdminBotListQuery = Static<typeof AdminBotListQuery>;

export const AdminBotList = named('AdminBotList', pageOf(AdminBot));

export const BotIdParams = Type.Object({ id: Type.String({ description: 'The bot application ID' }) });
export { AdminBotIdParams } from '../../lib/schemas.js';

const writable = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  slugs: Localized(Slug),
  shortDescription: Localized(Text(300)),
  prefix: Type.String({ minLength: 1, maxLength: 32 }),
  pricing: Type.String({ pattern: '^[a-z][a-z0-9_-]*$', maxLength: 32 }),
  iconUrl: HttpUrl,
  bannerUrl: Type.Union([HttpUrl, Type.Null()]),
  inviteUrl: HttpUrl,
  supportServerUrl: HttpUrl,
  websiteUrl: HttpUrl,
  categories: Type.Array(Label, { maxItems: 10, uniqueItems: true }),
  tags: Type.Array(Label, { maxItems: 20, uniqueItems: true }),
  owners: Type.Array(SnowflakeId, { minItems: 1, maxItems: 20, uniqueItems: true }),
  isVerified: Type.Boolean(),
  published: Type.Boolean(),
  platformServerCount: Type.Union([Count, Type.Null()]),
  platformShardCount: Type.Union([ShardCount, Type.Null()]),
};

/** Every field the management API writes, one schema each: the owners' listing forms take theirs from here. */
export const BOT_WRITABLE = writable;

/** PUT: every writable field; the optional ones default to no banner, unverified, unpublished, no platform count. */
export const BotPut = Type.Object(
  {
    ...writable,
    bannerUrl: Type.Optional(writable.bannerUrl),
    isVerified: Type.Optional(writable.isVerified),
    published: Type.Optional(writable.published),
    platformServerCount: Type.Optional(writable.platformServerCount),
    platformShardCount: Type.Optional(writable.platformShardCount),
  },
  { additionalProperties: false },
);
export type BotPut = Static<typeof BotPut>;

export const BotPatch = Type.Partial(Type.Object(writable, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type BotPatch = Static<typeof BotPatch>;
export type BotWrite = Required<Static<typeof BotPatch>>;
