/**
 * Invitations by link: an owner or manager makes one for a role (owner invitations: owners only),
 * the link is shown to them once; whoever opens it signed in sees the bot and the role and may
 * accept it, once, within 7 days, unless it was revoked. Each step is an audit entry of its own
 * transaction; every refusal is a 4xx with a reason a page can say (never a 500).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import { auditRepository } from '../audit/repository.js';
import { dashboardUser } from '../audit/entry.js';
import { invitationRepository, toInvitation, type InvitationRow } from './invitation-repository.js';
import { actionFor, isLead, isRole, type Role } from './permissions.js';
import { assertMay, MAX_LEADS, MAX_MEMBERS, MAX_OPEN_INVITATIONS, refuse } from './refusals.js';
import { teamRepository } from './repository.js';
import type { Invitation, InvitationView } from './schemas.js';
import { hashInvitationToken, looksLikeInvitationToken, newInvitationToken } from './token.js';
import type { TeamWriter } from './writer.js';

/** How long a link can be accepted. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The one who accepts: the signed-in user. */
export interface Invitee {
  id: string;
  name: string;
}

export class InvitationService {
  constructor(
    private readonly db: Database,
    private readonly writer: TeamWriter,
  ) {}

  /** A new link for `role`; the token is in this answer only. 409 once the bot has MAX_OPEN_INVITATIONS open. */
  async create(actorId: string, botId: string, role: string): Promise<{ invitation: Invitation; token: string }> {
    if (!isRole(role)) throw refuse.unknownRole();
    const { token, hash } = newInvitationToken();
    return this.writer.change(botId, async (tx, now) => {
      assertMay(await teamRepository.roleOf(tx, botId, actorId), actionFor(role));
      if ((await invitationRepository.open(tx, botId, now, MAX_OPEN_INVITATIONS)).length >= MAX_OPEN_INVITATIONS) {
        throw refuse.invitationsFull();
      }
      const row = {
        id: randomUUID(),
        bot_id: botId,
        token_hash: hash,
        role,
        created_by: actorId,
        created_at: now,
        expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      };
      await invitationRepository.insert(tx, row);
      await auditRepository.record(
        tx,
        { actor: dashboardUser(actorId), action: 'team.invite', botId, target: row.id, diff: { role: { before: null, after: role } } },
        now,
      );
      return { invitation: toInvitation(row), token };
    });
  }

  /** The bot's links that can still be accepted, newest first. */
  async open(botId: string): Promise<Invitation[]> {
    const rows = await invitationRepository.open(this.db, botId, this.writer.clock.now(), MAX_OPEN_INVITATIONS);
    return rows.map(toInvitation);
  }

  /** Revokes an open link (an owner's invitation: owners only); 404 for none of this bot's, 409 once used, revoked or expired. */
  async revoke(actorId: string, botId: string, invitationId: string): Promise<void> {
    if (!UUID_PATTERN.test(invitationId)) throw refuse.invitationUnknown();
    await this.writer.change(botId, async (tx, now) => {
      const actorRole = await teamRepository.roleOf(tx, botId, actorId);
      assertMay(actorRole, 'team.manage');
      const invitation = await invitationRepository.lock(tx, botId, invitationId);
      if (!invitation) throw refuse.invitationUnknown();
      assertMay(actorRole, actionFor(invitation.role));
      assertOpen(invitation, now);
      await invitationRepository.revoke(tx, invitationId, actorId, now);
      await auditRepository.record(tx, { actor: dashboardUser(actorId), action: 'team.invite_revoke', botId, target: invitationId }, now);
    });
  }

  /** What the link's page shows to `userId`; 404 for a link nobody made, 409 once used, revoked or expired. */
  async view(token: string, userId: string): Promise<InvitationView> {
    const invitation = await this.find(token);
    assertOpen(invitation, this.writer.clock.now());
    return {
      invitation: toInvitation(invitation),
      botName: invitation.bot_name,
      botIconUrl: invitation.bot_icon_url,
      memberRole: await teamRepository.roleOf(this.db, invitation.bot_id, userId),
    };
  }

  /**
   * The signed-in user joins the team in the link's role, and the link is used up. 409 for a member
   * (in any role), a full team, or a link used, revoked or expired meanwhile.
   */
  async accept(user: Invitee, token: string): Promise<{ botId: string; role: Role }> {
    const found = await this.find(token);
    return this.writer.change(found.bot_id, async (tx, now) => {
      // Locked: of two people accepting one link at once, one joins and the other is told it is used.
      const invitation = await invitationRepository.byHash(tx, found.token_hash, true);
      if (!invitation) throw refuse.invitationUnknown();
      assertOpen(invitation, now);
      const { bot_id: botId, role } = invitation;
      const current = await teamRepository.roleOf(tx, botId, user.id);
      if (current) throw refuse.alreadyMember(current);
      const counts = await teamRepository.counts(tx, botId);
      if (counts.members >= MAX_MEMBERS) throw refuse.full();
      if (isLead(role) && counts.leads >= MAX_LEADS) throw refuse.leadsFull();
      await teamRepository.insert(tx, {
        bot_id: botId,
        user_id: user.id,
        role,
        added_at: now,
        user_name: user.name,
        added_by: invitation.created_by,
        invitation_id: invitation.id,
      });
      await invitationRepository.markUsed(tx, invitation.id, user.id, now);
      await auditRepository.record(
        tx,
        { actor: dashboardUser(user.id), action: 'team.join', botId, target: user.id, diff: { role: { before: null, after: role } } },
        now,
      );
      return { botId, role };
    });
  }

  private async find(token: string) {
    const invitation = looksLikeInvitationToken(token) ? await invitationRepository.byHash(this.db, hashInvitationToken(token)) : undefined;
    if (!invitation) throw refuse.invitationUnknown();
    return invitation;
  }
}

/** 409 for a link that can no longer be accepted: revoked, used, or past its time. */
function assertOpen(invitation: InvitationRow, now: Date): void {
  if (invitation.revoked_at) throw refuse.invitationRevoked();
  if (invitation.used_at) throw refuse.invitationUsed();
  if (invitation.expires_at.getTime() <= now.getTime()) throw refuse.invitationExpired();
}
