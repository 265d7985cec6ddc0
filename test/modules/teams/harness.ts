/** Teams for the tests: fresh users, a bot the operator made, members let in by invitation, the audit rows. */
import { expect } from 'vitest';
import type { Database } from '../../../src/db/index.js';
import type { Role } from '../../../src/modules/teams/permissions.js';
import { putBot } from '../../fixtures.js';
import type { TestApp } from '../../helpers.js';

let counter = 0;

/** A fresh platform user ID. */
export function newUser(): string {
  counter += 1;
  return `${230_000_000_000_000_000n + BigInt(Date.now() % 1e9) * 10_000n + BigInt(counter)}`;
}

/** A bot made through the management API with `owners`; its id. */
export async function botOwnedBy(t: TestApp, ...owners: string[]): Promise<string> {
  return (await putBot(t, { owners })).id;
}

/** `userId` joins the bot's team as `role` through a link made by `by`. */
export async function join(t: TestApp, botId: string, by: string, userId: string, role: Role, name = `User ${userId.slice(-4)}`) {
  const { token } = await t.app.services.invitations.create(by, botId, role);
  expect(await t.app.services.invitations.accept({ id: userId, name }, token)).toEqual({ botId, role });
}

/** A bot with one member of each role: its id and who is who. */
export async function fullTeam(t: TestApp): Promise<{ botId: string; owner: string; manager: string; editor: string; viewer: string }> {
  const [owner, manager, editor, viewer] = [newUser(), newUser(), newUser(), newUser()];
  const botId = await botOwnedBy(t, owner);
  await join(t, botId, owner, manager, 'manager');
  await join(t, botId, owner, editor, 'editor');
  await join(t, botId, owner, viewer, 'viewer');
  return { botId, owner, manager, editor, viewer };
}

/** The bot's `owners` as the management API answers it. */
export async function ownersOf(t: TestApp, botId: string): Promise<string[]> {
  return (await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.owners;
}

/** The team as role by user id. */
export async function rolesOf(t: TestApp, botId: string): Promise<Record<string, Role>> {
  return Object.fromEntries((await t.app.services.teams.members(botId)).map((member) => [member.userId, member.role]));
}

export interface AuditLine {
  action: string;
  actor_kind: string;
  actor_id: string | null;
  via: string;
  target: string | null;
  diff: unknown;
}

/** The bot's team entries of the audit log, in the order they were written. */
export async function teamAudit(db: Database, botId: string): Promise<AuditLine[]> {
  const { rows } = await db.query<AuditLine>(
    `SELECT action, actor_kind, actor_id, via, target, diff FROM audit_log WHERE bot_id = $1 AND action LIKE 'team.%' ORDER BY id`,
    [botId],
  );
  return rows;
}
