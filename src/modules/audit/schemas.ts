/** The audit log as the management API answers it and the pages ask for it. */
import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { named, SNOWFLAKE_PATTERN, Timestamp } from '../../lib/schemas.js';
import { ACTOR_KINDS, AUDIT_ACTIONS, VIAS } from './entry.js';

/** Longest actor ID a filter takes: a platform ID or a key's prefix is far shorter. */
export const MAX_ACTOR_ID_LENGTH = 64;

const ActionSchema = Type.Enum([...AUDIT_ACTIONS], { type: 'string' });

export const AuditLogEntry = named(
  'AuditEntry',
  Type.Object({
    id: Type.String({ description: 'In the order entries were written' }),
    at: Timestamp,
    botId: Type.Union([Type.String(), Type.Null()], { description: 'The bot the change was about; null for a user ban' }),
    actor: Type.Object({
      kind: Type.Enum([...ACTOR_KINDS], {
        type: 'string',
        description:
          'user: a signed-in user (dashboard); key: an API key; operator: the console or the operator token; system: the service itself',
      }),
      id: Type.Union([Type.String(), Type.Null()], {
        description: "The user's platform ID, the key's prefix; null for the operator token and the service",
      }),
      via: Type.Enum([...VIAS], { type: 'string' }),
    }),
    action: ActionSchema,
    target: Type.Union([Type.String(), Type.Null()], {
      description:
        "What the action was on beside the bot: a key's, endpoint's, report's or tier request's ID, a banned user's or bot's ID, a listing's transition",
    }),
    diff: Type.Union([Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })), Type.Null()], {
      description: 'Each changed field with its value before and after (null: none); secrets never',
    }),
    note: Type.Union([Type.String(), Type.Null()], { description: "A moderator's note or reason, a key's prefix" }),
  }),
);
export type AuditLogEntry = Static<typeof AuditLogEntry>;

const After = Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' }));
const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 25 });
const ActorId = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: MAX_ACTOR_ID_LENGTH,
    description: "Only this actor's entries: a user's or operator's platform ID, or a key's prefix",
  }),
);
const Action = Type.Optional(Type.Enum([...AUDIT_ACTIONS], { type: 'string', description: 'Only entries of this action' }));

export const AuditListQuery = Type.Object({
  botId: Type.Optional(Type.String({ pattern: SNOWFLAKE_PATTERN, description: "Only this bot's entries" })),
  actorId: ActorId,
  action: Action,
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Only entries from this instant on' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Only entries before this instant' })),
  after: After,
  limit: Limit,
});
export type AuditListQuery = Static<typeof AuditListQuery>;

export const BotAuditQuery = Type.Object({ actorId: ActorId, action: Action, after: After, limit: Limit });
export type BotAuditQuery = Static<typeof BotAuditQuery>;

export const AuditList = named(
  'AuditList',
  Type.Object({
    data: Type.Array(AuditLogEntry),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
  }),
);
export type AuditList = Static<typeof AuditList>;
