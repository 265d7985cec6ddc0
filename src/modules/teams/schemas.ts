/** A bot's team as the management API shows it, and the invitations as the dashboard shows them. */
import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { named, Timestamp } from '../../lib/schemas.js';
import { ROLES, type Role } from './permissions.js';

export const RoleSchema = Type.Enum([...ROLES], {
  type: 'string',
  description:
    'owner: everything, including transfer and deletion; manager: everything else (keys, webhooks, tier requests, payments, members who are not owners); editor: the listing only; viewer: figures and analytics only',
});

export const BotMember = named(
  'BotMember',
  Type.Object({
    userId: Type.String({ description: "The platform user's ID" }),
    role: RoleSchema,
    name: Type.Union([Type.String(), Type.Null()], {
      description: 'Their name as the sign-in gave it when they joined; null for members the operator added, and the owners before teams',
    }),
    addedAt: Timestamp,
    addedBy: Type.Union([Type.String(), Type.Null()], {
      description: "Who invited them (a platform user ID); null for the operator's owners and a bot's first owner",
    }),
  }),
);
export type BotMember = Static<typeof BotMember>;

export const BotMemberListQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type BotMemberListQuery = Static<typeof BotMemberListQuery>;

export const BotMemberList = named(
  'BotMemberList',
  Type.Object({
    data: Type.Array(BotMember),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' }),
  }),
);
export type BotMemberList = Static<typeof BotMemberList>;

/** An invitation link as the team page lists it (the token itself is never kept). */
export interface Invitation {
  id: string;
  botId: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** What the link's page shows: the bot, the role, and the visitor's role when they are on the team already. */
export interface InvitationView {
  invitation: Invitation;
  botName: string;
  botIconUrl: string;
  memberRole: Role | undefined;
}
