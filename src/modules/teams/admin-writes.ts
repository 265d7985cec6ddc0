/**
 * The teams' side of the management API's bot writes (bots/write-listener.ts): `owners` set by the
 * operator (PUT, or PATCH with `owners`) is reconciled into the team, in the write's transaction.
 * Listed users who are not on the team join as owners, in the list's order; listed editors and
 * viewers become owners; listed owners and managers keep their role; owners and managers left out
 * of the list leave the team; editors and viewers not listed stay. Should no owner be left (every
 * listed user a manager), the first listed becomes owner. Then `bots.owners` is rewritten from the
 * team: its owners (earliest first), then its managers. Each change is an audit entry of the token.
 */
import type { Queryable } from '../../db/index.js';
import { auditRepository } from '../audit/repository.js';
import { OPERATOR_TOKEN, type AuditAction } from '../audit/entry.js';
import type { BotWriteEvent, BotWriteListener } from '../bots/write-listener.js';
import { isLead, type Role } from './permissions.js';
import { MAX_LEADS, MAX_MEMBERS } from './refusals.js';
import { teamRepository } from './repository.js';

export class TeamAdminWrites implements BotWriteListener {
  async written(tx: Queryable, botId: string, write: BotWriteEvent, now: Date): Promise<void> {
    if (write.owners === undefined) return;
    await teamRepository.lock(tx, botId);
    const listed = [...new Set(write.owners)];
    const team = new Map((await teamRepository.members(tx, botId, MAX_MEMBERS + MAX_LEADS)).map((row) => [row.user_id, row.role]));
    const entry = (action: AuditAction, userId: string, before: Role | null, after: Role | null) =>
      auditRepository.record(tx, { actor: OPERATOR_TOKEN, action, botId, target: userId, diff: { role: { before, after } } }, now);

    for (const userId of listed) {
      const role = team.get(userId);
      if (role === undefined) {
        await teamRepository.insert(tx, {
          bot_id: botId,
          user_id: userId,
          role: 'owner',
          added_at: now,
          user_name: null,
          added_by: null,
          invitation_id: null,
        });
        await entry('team.join', userId, null, 'owner');
      } else if (!isLead(role)) {
        await teamRepository.setRole(tx, botId, userId, 'owner');
        await entry('team.role', userId, role, 'owner');
      }
    }
    const kept = new Set(listed);
    for (const [userId, role] of team) {
      if (isLead(role) && !kept.has(userId)) {
        await teamRepository.remove(tx, botId, userId);
        await entry('team.remove', userId, role, null);
      }
    }
    // Every listed user left an owner but the managers, who stay managers: all managers, no owner.
    const first = listed[0];
    if (first !== undefined && listed.every((userId) => team.get(userId) === 'manager')) {
      await teamRepository.setRole(tx, botId, first, 'owner');
      await entry('team.role', first, 'manager', 'owner');
    }
    await teamRepository.writeOwners(tx, botId);
  }

  /** A deleted bot's team goes with it (the foreign key's cascade); the log keeps what it did. */
  async deleted(): Promise<void> {}
}
