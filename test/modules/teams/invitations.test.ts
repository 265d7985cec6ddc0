/**
 * Invitations by link through the services: only the token's hash is kept, a link is used once,
 * within 7 days, unless revoked; managers invite below owner; every refusal a 4xx with its reason
 * (unknown, expired, used, revoked, a member already, a role that does not exist), never a 500.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_OPEN_INVITATIONS } from '../../../src/modules/teams/refusals.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { refused } from '../listings/harness.js';
import { botOwnedBy, fullTeam, newUser, rolesOf, teamAudit } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('invitations by link (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });
  const invitations = () => t.app.services.invitations;

  it('keeps only the SHA-256 of a token of 192 random bits; the link names the bot and the role', async () => {
    const owner = newUser();
    const botId = await botOwnedBy(t, owner);
    const { token, invitation } = await invitations().create(owner, botId, 'editor');
    expect(token).toMatch(/^bdi_[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(24);
    expect(invitation).toMatchObject({ botId, role: 'editor', createdBy: owner, expiresAt: '2026-03-09T10:00:00.000Z' });
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM bot_invitations WHERE id = $1', [invitation.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token.slice(4));
    const stranger = newUser();
    expect(await invitations().view(token, stranger)).toMatchObject({ invitation: { botId, role: 'editor' }, memberRole: undefined });
    expect((await invitations().view(token, owner)).memberRole).toBe('owner');
    expect((await invitations().open(botId)).map((open) => open.id)).toEqual([invitation.id]);
  });

  it('is used once: the first to accept joins, the next is told it is used (also when both accept at once)', async () => {
    const owner = newUser();
    const botId = await botOwnedBy(t, owner);
    const { token } = await invitations().create(owner, botId, 'viewer');
    const [first, second] = [newUser(), newUser()];
    const results = await Promise.allSettled([
      invitations().accept({ id: first, name: 'First' }, token),
      invitations().accept({ id: second, name: 'Second' }, token),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect([loser.reason.statusCode, loser.reason.reason]).toEqual([409, { kind: 'invitation_used' }]);
    expect(Object.values(await rolesOf(t, botId)).sort()).toEqual(['owner', 'viewer']);
    expect((await refused(invitations().view(token, newUser()))).reason).toEqual({ kind: 'invitation_used' });
    expect(await invitations().open(botId)).toEqual([]);
    const member = (await t.app.services.teams.members(botId)).find((m) => m.role === 'viewer')!;
    expect(member).toMatchObject({ addedBy: owner, addedAt: '2026-03-02T10:00:00.000Z' });
    expect(['First', 'Second']).toContain(member.name);
  });

  it('expires 7 days after it was made', async () => {
    const owner = newUser();
    const botId = await botOwnedBy(t, owner);
    const early = await invitations().create(owner, botId, 'viewer');
    const late = await invitations().create(owner, botId, 'viewer');
    clock.advance(7 * DAY - 1);
    await invitations().accept({ id: newUser(), name: 'Just in time' }, early.token);
    clock.advance(1);
    const expired = await refused(invitations().accept({ id: newUser(), name: 'Too late' }, late.token));
    expect([expired.statusCode, expired.reason]).toEqual([409, { kind: 'invitation_expired' }]);
    expect((await refused(invitations().view(late.token, owner))).reason).toEqual({ kind: 'invitation_expired' });
    expect(await invitations().open(botId)).toEqual([]);
  });

  it('can be revoked while open, by those who may invite to its role', async () => {
    const { botId, owner, manager, editor } = await fullTeam(t);
    const forEditor = await invitations().create(manager, botId, 'editor');
    const forOwner = await invitations().create(owner, botId, 'owner');
    expect((await refused(invitations().revoke(editor, botId, forEditor.invitation.id))).reason).toEqual({
      kind: 'team_role_too_low',
      role: 'editor',
    });
    expect((await refused(invitations().revoke(manager, botId, forOwner.invitation.id))).reason).toEqual({
      kind: 'team_role_too_low',
      role: 'manager',
    });
    await invitations().revoke(manager, botId, forEditor.invitation.id);
    expect((await invitations().open(botId)).map((open) => open.id)).toEqual([forOwner.invitation.id]);
    const again = await refused(invitations().revoke(owner, botId, forEditor.invitation.id));
    expect([again.statusCode, again.reason]).toEqual([409, { kind: 'invitation_revoked' }]);
    const accepting = await refused(invitations().accept({ id: newUser(), name: 'Late' }, forEditor.token));
    expect([accepting.statusCode, accepting.reason]).toEqual([409, { kind: 'invitation_revoked' }]);
    // Another bot's invitation, or an id that is none, is not found here.
    const other = await botOwnedBy(t, owner);
    expect((await refused(invitations().revoke(owner, other, forOwner.invitation.id))).statusCode).toBe(404);
    expect((await refused(invitations().revoke(owner, botId, 'not-an-id'))).reason).toEqual({ kind: 'invitation_unknown' });
    const entries = (await teamAudit(t.db, botId)).filter((entry) => entry.action === 'team.invite_revoke');
    expect(entries).toEqual([
      {
        action: 'team.invite_revoke',
        actor_kind: 'user',
        actor_id: manager,
        via: 'dashboard',
        target: forEditor.invitation.id,
        diff: null,
      },
    ]);
  });

  it('is made by owners for any role, by managers below owner, by nobody else; for a role that exists', async () => {
    const { botId, owner, manager, editor, viewer } = await fullTeam(t);
    expect((await invitations().create(owner, botId, 'owner')).invitation.role).toBe('owner');
    expect((await invitations().create(manager, botId, 'manager')).invitation.role).toBe('manager');
    expect((await refused(invitations().create(manager, botId, 'owner'))).reason).toEqual({ kind: 'team_role_too_low', role: 'manager' });
    expect((await refused(invitations().create(editor, botId, 'viewer'))).statusCode).toBe(403);
    expect((await refused(invitations().create(viewer, botId, 'viewer'))).statusCode).toBe(403);
    expect((await refused(invitations().create(newUser(), botId, 'viewer'))).reason).toEqual({ kind: 'team_not_member' });
    for (const role of ['admin', '', 'Owner']) {
      const error = await refused(invitations().create(owner, botId, role));
      expect([error.statusCode, error.details?.[0]?.field, error.reason]).toEqual([422, 'role', { kind: 'team_role_unknown' }]);
    }
  });

  it('refuses a member of the team (409) and an unknown link (404); the page tells a member their role', async () => {
    const { botId, owner, editor } = await fullTeam(t);
    const { token } = await invitations().create(owner, botId, 'manager');
    expect((await invitations().view(token, editor)).memberRole).toBe('editor');
    const member = await refused(invitations().accept({ id: editor, name: 'Editor' }, token));
    expect([member.statusCode, member.reason]).toEqual([409, { kind: 'team_already_member', role: 'editor' }]);
    // Nothing was used up: someone else still joins with it.
    await invitations().accept({ id: newUser(), name: 'New' }, token);
    for (const unknown of ['', 'bdi_', 'nonsense', `bdi_${'A'.repeat(32)}`, `${token}x`, token.toUpperCase()]) {
      const error = await refused(invitations().accept({ id: newUser(), name: 'X' }, unknown));
      expect([error.statusCode, error.reason], unknown).toEqual([404, { kind: 'invitation_unknown' }]);
      expect((await refused(invitations().view(unknown, owner))).statusCode).toBe(404);
    }
  });

  it(`keeps at most ${MAX_OPEN_INVITATIONS} open at once, and a team at most 50 members`, async () => {
    const owner = newUser();
    const botId = await botOwnedBy(t, owner);
    const made = [];
    for (let n = 0; n < MAX_OPEN_INVITATIONS; n++) made.push(await invitations().create(owner, botId, 'viewer'));
    const full = await refused(invitations().create(owner, botId, 'viewer'));
    expect([full.statusCode, full.reason]).toEqual([409, { kind: 'team_invitations_full', max: MAX_OPEN_INVITATIONS }]);
    await invitations().revoke(owner, botId, made[0]!.invitation.id);
    made.push(await invitations().create(owner, botId, 'viewer'));
    for (const { token } of made.slice(1)) await invitations().accept({ id: newUser(), name: 'V' }, token);
    // 21 members now; fill up to 50, then the next is refused.
    for (let n = 21; n < 50; n++) {
      const { token } = await invitations().create(owner, botId, 'viewer');
      await invitations().accept({ id: newUser(), name: 'V' }, token);
    }
    const { token } = await invitations().create(owner, botId, 'viewer');
    const error = await refused(invitations().accept({ id: newUser(), name: 'One too many' }, token));
    expect([error.statusCode, error.reason]).toEqual([409, { kind: 'team_full', max: 50 }]);
  });
});
