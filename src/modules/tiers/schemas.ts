/** A request for a higher rate tier (spec §5: "a tier is granted on request"). */
import { Type, type Static } from 'typebox';
import { pageOf, pageQuery } from '../../lib/pagination.js';
import { named, Timestamp, Uuid } from '../../lib/schemas.js';

export const TIER_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TierRequestStatus = (typeof TIER_REQUEST_STATUSES)[number];
/** Longest reason an owner may give; the operator reads it, so it stays a paragraph. */
export const MAX_REASON_LENGTH = 1000;

export const TierRequest = named(
  'TierRequest',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    keyId: Uuid,
    requestedBy: Type.String({ description: 'Platform ID of the owner who asked' }),
    tier: Type.Integer({ enum: [2, 3], description: 'The tier asked for' }),
    reason: Type.String(),
    status: Type.Enum([...TIER_REQUEST_STATUSES], { type: 'string' }),
    note: Type.Union([Type.String(), Type.Null()], { description: "The operator's answer, shown to the owner" }),
    createdAt: Timestamp,
    decidedAt: Type.Union([Timestamp, Type.Null()]),
  }),
);
export type TierRequest = Static<typeof TierRequest>;

export const TierRequestCreate = Type.Object(
  {
    keyId: Uuid,
    tier: Type.Integer({ enum: [2, 3] }),
    reason: Type.String({ minLength: 1, maxLength: MAX_REASON_LENGTH, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type TierRequestCreate = Static<typeof TierRequestCreate>;

export const TierRequestListQuery = pageQuery({
  status: Type.Optional(Type.Enum([...TIER_REQUEST_STATUSES], { type: 'string', description: 'Only requests in this state' })),
});
export type TierRequestListQuery = Static<typeof TierRequestListQuery>;

export const TierRequestList = named('TierRequestList', pageOf(TierRequest));

export const TierDecision = Type.Object(
  { note: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_REASON_LENGTH, description: 'Shown to the owner with the answer' })) },
  { additionalProperties: false },
);
export type TierDecision = Static<typeof TierDecision>;

export const TierRequestIdParams = Type.Object({ requestId: Uuid });
