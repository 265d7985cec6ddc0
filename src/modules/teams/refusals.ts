/**
 * Every refusal of the team rules, as the API's envelope says it (English message, closed code)
 * and with the reason a page puts into its reader's words (src/html/problems.ts). Built in one
 * place so that the dashboard, the listings service and the team services refuse alike.
 */
import { AppError } from '../../lib/errors.js';
import { may, type Action, type Role } from './permissions.js';

/** Members a team may have, and owners and managers among them (the owners list's own limit, BotPut's `owners`). */
export const MAX_MEMBERS = 50;
export const MAX_LEADS = 20;
/** Open invitations of one bot at once. */
export const MAX_OPEN_INVITATIONS = 20;

export const refuse = {
  notMember: () => new AppError('forbidden', "You are not a member of this bot's team").because({ kind: 'team_not_member' }),
  roleTooLow: (role: Role) =>
    new AppError('forbidden', `Your role (${role}) does not allow this`).because({ kind: 'team_role_too_low', role }),
  lastOwner: () =>
    new AppError('conflict', 'The last owner cannot leave, be removed or be given another role: make another member owner first').because({
      kind: 'team_last_owner',
    }),
  alreadyMember: (role: Role) =>
    new AppError('conflict', `You are a member of this team already (${role})`).because({ kind: 'team_already_member', role }),
  noSuchMember: () => new AppError('not_found', 'No member of this team has that user ID').because({ kind: 'team_no_such_member' }),
  unknownRole: (field = 'role') =>
    AppError.validation([{ field, message: 'must be one of the roles' }]).because({ kind: 'team_role_unknown' }),
  transferTarget: () =>
    AppError.validation([{ field: 'userId', message: 'must be another member who is not an owner' }]).because({
      kind: 'team_transfer_target',
    }),
  full: () => new AppError('conflict', `A team has at most ${MAX_MEMBERS} members`).because({ kind: 'team_full', max: MAX_MEMBERS }),
  leadsFull: () =>
    new AppError('conflict', `A team has at most ${MAX_LEADS} owners and managers together`).because({
      kind: 'team_leads_full',
      max: MAX_LEADS,
    }),
  invitationsFull: () =>
    new AppError('conflict', `A bot has at most ${MAX_OPEN_INVITATIONS} open invitations`).because({
      kind: 'team_invitations_full',
      max: MAX_OPEN_INVITATIONS,
    }),
  invitationUnknown: () => new AppError('not_found', 'No invitation has this link').because({ kind: 'invitation_unknown' }),
  invitationExpired: () => new AppError('conflict', 'This invitation has expired').because({ kind: 'invitation_expired' }),
  invitationUsed: () => new AppError('conflict', 'This invitation has been used already').because({ kind: 'invitation_used' }),
  invitationRevoked: () => new AppError('conflict', 'This invitation was revoked').because({ kind: 'invitation_revoked' }),
};

/** 403 unless `role` may do `action`: not a member, or a role too low for it. */
export function assertMay(role: Role | undefined, action: Action): asserts role is Role {
  if (role === undefined) throw refuse.notMember();
  if (!may(role, action)) throw refuse.roleTooLow(role);
}
