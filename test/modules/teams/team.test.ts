/**
 * The team's rules as its members meet them through the services: who may change whom, the last
 * owner, handing the bot over, `owners` in step with the team (owners first, then managers, the
 * earliest first, in the public answer too), the listing for editors and not viewers, and an
 * audit entry in the change's transaction for each change.
 */
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { describe, expect, it } from 'vitest';
import { backends, appPerFile, ManualClock } from '../../helpers.js';
import { refused } from '../listings/harness.js';
import { botOwnedBy, fullTeam, join, newUser, ownersOf, rolesOf, teamAudit } from './harness.js';

describe.each(backends())('a bot team (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });
  const teams = () => t.app.services.teams;

  describe('members and owners', () => {
    it('makes the owners the operator set the first owners, and lists a user’s bots with their role', async () => {
      const [a, b] = [newUser(), newUser()];
      const botId = await botOwnedBy(t, a, b);
      expect(await rolesOf(t, botId)).toEqual({ [a]: 'owner', [b]: 'owner' });
      expect((await teams().members(botId)).map((m) => m.userId)).toEqual([a, b]);
      const mine = await teams().memberships(b);
      expect(mine.map((m) => [m.bot.id, m.role])).toEqual([[botId, 'owner']]);
      expect(mine[0]!.bot.owners).toEqual([a, b]);
    });

    it('keeps `owners` as the owners (earliest first) and then the managers, in the public answer as well', async () => {
      const a = newUser();
      const botId = await botOwnedBy(t, a);
      const [m1, e1, m2] = [newUser(), newUser(), newUser()];
      clock.advance(1000);
      await join(t, botId, a, m1, 'manager');
      clock.advance(1000);
      await join(t, botId, a, e1, 'editor');
      clock.advance(1000);
      await join(t, botId, a, m2, 'manager');
      expect(await ownersOf(t, botId)).toEqual([a, m1, m2]);
      await teams().changeRole(a, botId, m2, 'owner');
      expect(await ownersOf(t, botId)).toEqual([a, m2, m1]);
      await teams().changeRole(a, botId, e1, 'manager');
      expect(await ownersOf(t, botId)).toEqual([a, m2, m1, e1]);
      await teams().changeRole(a, botId, m1, 'viewer');
      expect(await ownersOf(t, botId)).toEqual([a, m2, e1]);
      // Every process shows the new list at once: the change is announced with the team's change.
      expect((await t.get(`/api/v1/bots/${botId}`)).json().data.owners).toEqual([a, m2, e1]);
      expect((await t.admin('GET', `/admin/v1/bots?owner=${e1}`)).json().data.map((bot: { id: string }) => bot.id)).toEqual([botId]);
      expect((await t.admin('GET', `/admin/v1/bots?owner=${m1}`)).json().data).toEqual([]);
      expect((await teams().members(botId)).map((m) => [m.userId, m.role])).toEqual([
        [a, 'owner'],
        [m2, 'owner'],
        [e1, 'manager'],
        [m1, 'viewer'],
      ]);
    });
  });

  describe('who changes whom', () => {
    it('lets a manager change and remove members who are not owners, into roles below owner', async () => {
      const { botId, owner, manager, editor, viewer } = await fullTeam(t);
      await teams().changeRole(manager, botId, editor, 'manager');
      await teams().changeRole(manager, botId, editor, 'viewer');
      await teams().remove(manager, botId, viewer);
      expect(await rolesOf(t, botId)).toEqual({ [owner]: 'owner', [manager]: 'manager', [editor]: 'viewer' });
      for (const call of [
        () => teams().changeRole(manager, botId, editor, 'owner'),
        () => teams().changeRole(manager, botId, owner, 'viewer'),
        () => teams().remove(manager, botId, owner),
      ]) {
        const error = await refused(call());
        expect([error.statusCode, error.reason]).toEqual([403, { kind: 'team_role_too_low', role: 'manager' }]);
      }
    });

    it('refuses editors, viewers and people off the team (403), a role that does not exist (422), a member who is not there (404)', async () => {
      const { botId, owner, editor, viewer } = await fullTeam(t);
      for (const [who, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        expect((await refused(teams().changeRole(who, botId, owner, 'viewer'))).reason).toEqual({ kind: 'team_role_too_low', role });
        expect((await refused(teams().remove(who, botId, owner))).reason).toEqual({ kind: 'team_role_too_low', role });
      }
      expect((await refused(teams().changeRole(newUser(), botId, editor, 'viewer'))).reason).toEqual({ kind: 'team_not_member' });
      const unknown = await refused(teams().changeRole(owner, botId, editor, 'admin'));
      expect([unknown.statusCode, unknown.details, unknown.reason]).toEqual([
        422,
        [{ field: 'role', message: 'must be one of the roles' }],
        { kind: 'team_role_unknown' },
      ]);
      expect((await refused(teams().changeRole(owner, botId, newUser(), 'viewer'))).statusCode).toBe(404);
      expect((await refused(teams().remove(owner, botId, newUser()))).reason).toEqual({ kind: 'team_no_such_member' });
    });

    it('never leaves a team without an owner: the last owner cannot leave, be demoted or be removed (409)', async () => {
      const { botId, owner, manager, viewer } = await fullTeam(t);
      for (const call of [
        () => teams().leave(owner, botId),
        () => teams().changeRole(owner, botId, owner, 'manager'),
        () => teams().remove(owner, botId, owner),
      ]) {
        const error = await refused(call());
        expect([error.statusCode, error.reason]).toEqual([409, { kind: 'team_last_owner' }]);
      }
      // With a second owner, either may go.
      await teams().changeRole(owner, botId, manager, 'owner');
      await teams().changeRole(owner, botId, owner, 'manager');
      expect((await refused(teams().changeRole(manager, botId, manager, 'viewer'))).reason).toEqual({ kind: 'team_last_owner' });
      await teams().leave(viewer, botId);
      await teams().leave(owner, botId);
      expect(await rolesOf(t, botId)).toMatchObject({ [manager]: 'owner' });
      expect(await ownersOf(t, botId)).toEqual([manager]);
      expect((await refused(teams().leave(viewer, botId))).reason).toEqual({ kind: 'team_not_member' });
    });
  });

  describe('handing the bot over', () => {
    it('makes another member owner; the former owner becomes manager, or the role they choose', async () => {
      const { botId, owner, manager, editor } = await fullTeam(t);
      await teams().transfer(owner, botId, editor);
      expect(await rolesOf(t, botId)).toMatchObject({ [owner]: 'manager', [editor]: 'owner', [manager]: 'manager' });
      expect(await ownersOf(t, botId)).toEqual([editor, owner, manager]);
      await teams().transfer(editor, botId, manager, 'viewer');
      expect(await rolesOf(t, botId)).toMatchObject({ [owner]: 'manager', [editor]: 'viewer', [manager]: 'owner' });
      expect(await ownersOf(t, botId)).toEqual([manager, owner]);
    });

    it('is for owners only, to another member who is not an owner, and the former owner’s role is below owner', async () => {
      const { botId, owner, manager, viewer } = await fullTeam(t);
      expect((await refused(teams().transfer(manager, botId, viewer))).reason).toEqual({ kind: 'team_role_too_low', role: 'manager' });
      for (const to of [owner, newUser()]) {
        const error = await refused(teams().transfer(owner, botId, to));
        expect([error.statusCode, error.details?.[0]?.field, error.reason]).toEqual([422, 'userId', { kind: 'team_transfer_target' }]);
      }
      await teams().changeRole(owner, botId, manager, 'owner');
      expect((await refused(teams().transfer(owner, botId, manager))).reason).toEqual({ kind: 'team_transfer_target' });
      for (const role of ['owner', 'boss']) {
        expect((await refused(teams().transfer(owner, botId, viewer, role))).details).toEqual([
          { field: 'formerRole', message: 'must be one of the roles' },
        ]);
      }
    });
  });

  describe('the listing', () => {
    it('is edited by owners, managers and editors; viewers and people off the team get 403', async () => {
      const { botId, owner, manager, editor, viewer } = await fullTeam(t);
      const listings = t.app.services.listings;
      for (const who of [owner, manager, editor]) {
        expect((await listings.get(who, botId)).botId).toBe(botId);
        await listings.edit(dashboardUser(who), botId, { contactEmail: 'team@example.org' });
      }
      const byViewer = await refused(listings.edit(dashboardUser(viewer), botId, { contactEmail: 'viewer@example.org' }));
      expect([byViewer.statusCode, byViewer.reason]).toEqual([403, { kind: 'team_role_too_low', role: 'viewer' }]);
      expect((await refused(listings.get(viewer, botId))).statusCode).toBe(403);
      expect((await refused(listings.unlist(dashboardUser(viewer), botId))).statusCode).toBe(403);
      expect((await refused(listings.get(newUser(), botId))).reason).toEqual({ kind: 'team_not_member' });
      // Every member's dashboard lists the listing's state.
      expect((await listings.mine(viewer)).map((listing) => listing.botId)).toEqual([botId]);
    });
  });

  describe('the audit log', () => {
    it('records each change in its transaction: who, what, whose role from what to what', async () => {
      const { botId, owner, manager, editor, viewer } = await fullTeam(t);
      await teams().changeRole(manager, botId, editor, 'viewer');
      await teams().remove(owner, botId, editor);
      await teams().leave(viewer, botId);
      await teams().transfer(owner, botId, manager);
      const user = (id: string) => ({ actor_kind: 'user', actor_id: id, via: 'dashboard' });
      const entries = await teamAudit(t.db, botId);
      // The operator's owner, then three invitations and joins made the team.
      expect(entries[0]).toEqual({
        action: 'team.join',
        actor_kind: 'operator',
        actor_id: null,
        via: 'admin_api',
        target: owner,
        diff: { role: { before: null, after: 'owner' } },
      });
      expect(entries.slice(1, 7).map((e) => e.action)).toEqual([
        'team.invite',
        'team.join',
        'team.invite',
        'team.join',
        'team.invite',
        'team.join',
      ]);
      expect(entries[1]).toMatchObject({ action: 'team.invite', ...user(owner), diff: { role: { before: null, after: 'manager' } } });
      expect(entries[2]).toEqual({
        action: 'team.join',
        ...user(manager),
        target: manager,
        diff: { role: { before: null, after: 'manager' } },
      });
      expect(entries.slice(7)).toEqual([
        { action: 'team.role', ...user(manager), target: editor, diff: { role: { before: 'editor', after: 'viewer' } } },
        { action: 'team.remove', ...user(owner), target: editor, diff: { role: { before: 'viewer', after: null } } },
        { action: 'team.leave', ...user(viewer), target: viewer, diff: { role: { before: 'viewer', after: null } } },
        { action: 'team.transfer', ...user(owner), target: manager, diff: { role: { before: 'manager', after: 'owner' } } },
        { action: 'team.role', ...user(owner), target: owner, diff: { role: { before: 'owner', after: 'manager' } } },
      ]);
    });

    it('writes nothing when the change is refused', async () => {
      const { botId, owner } = await fullTeam(t);
      const before = (await teamAudit(t.db, botId)).length;
      await refused(teams().leave(owner, botId));
      await refused(teams().changeRole(owner, botId, owner, 'viewer'));
      expect(await teamAudit(t.db, botId)).toHaveLength(before);
      expect(await rolesOf(t, botId)).toMatchObject({ [owner]: 'owner' });
    });
  });

  it('bounds the owners and managers together at 20, as the owners list is bounded', async () => {
    const owner = newUser();
    const botId = await botOwnedBy(t, owner);
    for (let n = 1; n < 20; n++) await join(t, botId, owner, newUser(), 'manager');
    const editor = newUser();
    await join(t, botId, owner, editor, 'editor');
    expect((await ownersOf(t, botId)).length).toBe(20);
    const error = await refused(teams().changeRole(owner, botId, editor, 'manager'));
    expect([error.statusCode, error.reason]).toEqual([409, { kind: 'team_leads_full', max: 20 }]);
    const { token } = await t.app.services.invitations.create(owner, botId, 'owner');
    expect((await refused(t.app.services.invitations.accept({ id: newUser(), name: 'X' }, token))).reason).toEqual({
      kind: 'team_leads_full',
      max: 20,
    });
  });
});
