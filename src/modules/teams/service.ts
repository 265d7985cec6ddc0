/**
 * A bot's team: who is on it in which role, and what its members change about it (a member's
 * role, removing a member, leaving, handing the ownership over). Each change is checked against
 * the permissions table with the actor's role as it stands inside the change's transaction, keeps
 * the team's rules (a team always has an owner; at most MAX_LEADS owners and managers), and is
 * an audit entry of the same transaction.
 */
import type { Database, Queryable } from '../../db/index.js';
import { startOfUtcMonth, utcDay } from '../../lib/clock.js';
import { decodePosition, keysetPage } from '../../lib/keyset.js';
import { auditRepository } from '../audit/repository.js';
import { dashboardUser } from '../audit/entry.js';
import { toBot } from '../bots/repository.js';
import type { AdminBot } from '../bots/schemas.js';
import { actionFor, isLead, isRole, type Role } from './permissions.js';
import { assertMay, MAX_LEADS, MAX_MEMBERS, refuse } from './refusals.js';
import { teamRepository, toMember } from './repository.js';
import type { BotMember, BotMemberList, BotMemberListQuery } from './schemas.js';
import type { TeamWriter } from './writer.js';

/** Every member a team can have: those who joined by invitation, and the operator's owners beside them. */
const TEAM_PAGE = MAX_MEMBERS + MAX_LEADS;
/** Bots one user's dashboard lists. */
const MAX_BOTS = 100;
/** A user id as a keyset position names it (platform ids; an OpenID provider's `sub`). */
const USER_ID = /^\S{1,64}$/;

/** A bot the user is on the team of, with their role. */
export interface Membership {
  bot: AdminBot;
  role: Role;
}

export class TeamService {
  constructor(
    private readonly db: Database,
    private readonly writer: TeamWriter,
  ) {}

  roleOf(botId: string, userId: string): Promise<Role | undefined> {
    return teamRepository.roleOf(this.db, botId, userId);
  }

  /** The whole team, owners first, then managers, editors and viewers; in each the earliest first. */
  async members(botId: string): Promise<BotMember[]> {
    return (await teamRepository.members(this.db, botId, TEAM_PAGE)).map(toMember);
  }

  /** A page of the team in the order they joined; `next` continues it. */
  async page(botId: string, query: BotMemberListQuery): Promise<BotMemberList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, USER_ID);
    const rows = await teamRepository.page(this.db, botId, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.added_at, id: row.user_id }), toMember);
  }

  /** The bots whose team the user is on, the latest joined first, each with the user's role. */
  async memberships(userId: string): Promise<Membership[]> {
    const month = utcDay(startOfUtcMonth(this.writer.clock.now()));
    const rows = await teamRepository.botsOf(this.db, userId, month, MAX_BOTS);
    return rows.map((row) => ({ bot: toBot(row), role: row.role }));
  }

  /**
   * Gives a member another role. Managers change members who are not owners, into roles below
   * owner; owners change anyone into any role. 409 for the last owner, and when the owners and
   * managers would be more than MAX_LEADS.
   */
  async changeRole(actorId: string, botId: string, userId: string, role: string): Promise<void> {
    if (!isRole(role)) throw refuse.unknownRole();
    await this.writer.change(botId, async (tx, now) => {
      const actorRole = await teamRepository.roleOf(tx, botId, actorId);
      assertMay(actorRole, 'team.manage');
      const member = await teamRepository.find(tx, botId, userId);
      if (!member) throw refuse.noSuchMember();
      if (member.role === role) return;
      assertMay(actorRole, actionFor(member.role));
      assertMay(actorRole, actionFor(role));
      const counts = await teamRepository.counts(tx, botId);
      if (member.role === 'owner' && counts.owners <= 1) throw refuse.lastOwner();
      if (isLead(role) && !isLead(member.role) && counts.leads >= MAX_LEADS) throw refuse.leadsFull();
      await teamRepository.setRole(tx, botId, userId, role);
      await record(tx, now, actorId, botId, 'team.role', userId, member.role, role);
    });
  }

  /** Takes a member off the team (managers: members who are not owners). Removing oneself is leaving. */
  async remove(actorId: string, botId: string, userId: string): Promise<void> {
    if (userId === actorId) return this.leave(actorId, botId);
    await this.writer.change(botId, async (tx, now) => {
      const actorRole = await teamRepository.roleOf(tx, botId, actorId);
      assertMay(actorRole, 'team.manage');
      const member = await teamRepository.find(tx, botId, userId);
      if (!member) throw refuse.noSuchMember();
      assertMay(actorRole, actionFor(member.role));
      await teamRepository.remove(tx, botId, userId);
      await record(tx, now, actorId, botId, 'team.remove', userId, member.role, null);
    });
  }

  /** Leaves the team: anyone but its last owner (409). */
  async leave(userId: string, botId: string): Promise<void> {
    await this.writer.change(botId, async (tx, now) => {
      const role = await teamRepository.roleOf(tx, botId, userId);
      assertMay(role, 'team.view');
      if (role === 'owner' && (await teamRepository.counts(tx, botId)).owners <= 1) throw refuse.lastOwner();
      await teamRepository.remove(tx, botId, userId);
      await record(tx, now, userId, botId, 'team.leave', userId, role, null);
    });
  }

  /**
   * An owner makes another member (not an owner yet) owner and takes `formerRole` (manager by
   * default, or editor or viewer) themselves: two entries, the transfer and the owner's new role.
   */
  async transfer(actorId: string, botId: string, toUserId: string, formerRole: string = 'manager'): Promise<void> {
    if (!isRole(formerRole) || formerRole === 'owner') throw refuse.unknownRole('formerRole');
    await this.writer.change(botId, async (tx, now) => {
      assertMay(await teamRepository.roleOf(tx, botId, actorId), 'bot.transfer');
      const target = toUserId === actorId ? undefined : await teamRepository.find(tx, botId, toUserId);
      if (!target || target.role === 'owner') throw refuse.transferTarget();
      const { leads } = await teamRepository.counts(tx, botId);
      if (leads + (isLead(target.role) ? 0 : 1) - (isLead(formerRole) ? 0 : 1) > MAX_LEADS) throw refuse.leadsFull();
      await teamRepository.setRole(tx, botId, toUserId, 'owner');
      await teamRepository.setRole(tx, botId, actorId, formerRole);
      await record(tx, now, actorId, botId, 'team.transfer', toUserId, target.role, 'owner');
      await record(tx, now, actorId, botId, 'team.role', actorId, 'owner', formerRole);
    });
  }
}

/** The audit entry of a member's change by a dashboard user: whose role went from what to what (null: off the team). */
function record(
  tx: Queryable,
  now: Date,
  actorId: string,
  botId: string,
  action: 'team.role' | 'team.remove' | 'team.leave' | 'team.transfer',
  userId: string,
  before: Role,
  after: Role | null,
): Promise<void> {
  return auditRepository.record(
    tx,
    { actor: dashboardUser(actorId), action, botId, target: userId, diff: { role: { before, after } } },
    now,
  );
}
