import { Type, type Static } from 'typebox';
import { named, Timestamp, Uuid } from '../../lib/schemas.js';

export const SCOPES = ['votes:read', 'premium:read', 'stats:write', 'analytics:read'] as const;
export type Scope = (typeof SCOPES)[number];

const Scopes = Type.Array(Type.Enum([...SCOPES], { type: 'string' }), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true });
const Tier = Type.Integer({ enum: [1, 2, 3], description: 'Rate tier: 1 standard, 2 raised, 3 partner' });
const Name = Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]);

export const ApiKey = named(
  'ApiKey',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key' }),
    name: Type.Union([Type.String(), Type.Null()]),
    scopes: Type.Array(Type.String()),
    tier: Type.Integer(),
    createdAt: Timestamp,
    revokedAt: Type.Union([Timestamp, Type.Null()]),
    lastUsedAt: Type.Union([Timestamp, Type.Null()], { description: 'When a request last used the key (to the minute); null when never' }),
  }),
);
export type ApiKey = Static<typeof ApiKey>;

export const CreatedKey = named(
  'CreatedKey',
  Type.Object({
    id: Uuid,
    key: Type.String({ description: 'The secret key. Shown this once only.' }),
    prefix: Type.String(),
    scopes: Type.Array(Type.String()),
    tier: Type.Integer(),
    name: Type.Union([Type.String(), Type.Null()]),
    createdAt: Timestamp,
  }),
);
export type CreatedKey = Static<typeof CreatedKey>;

export const KeyCreate = Type.Object(
  { scopes: Scopes, tier: Type.Optional(Tier), name: Type.Optional(Name) },
  { additionalProperties: false },
);
export type KeyCreate = Static<typeof KeyCreate>;

export const KeyPatch = Type.Object(
  { scopes: Type.Optional(Scopes), tier: Type.Optional(Tier), name: Type.Optional(Name) },
  { additionalProperties: false, minProperties: 1 },
);
export type KeyPatch = Static<typeof KeyPatch>;

export const KeyIdParams = Type.Object({ keyId: Uuid });
