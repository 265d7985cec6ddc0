/**
 * The operator's side of teams: `owners` set through the management API reconciled into the team
 * (docs/decisions.md), the team read through `GET /admin/v1/bots/{id}/members` by keyset, and the
 * migration that made every owner before teams an owner member.
 */
import { describe, expect, it } from 'vitest';
import { loadFunctions, loadMigrations, migrate } from '../../../src/db/migrate.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { emptyDatabase, MIGRATING } from '../../db/empty-database.js';
import { botOwnedBy, join, newUser, ownersOf, rolesOf, teamAudit } from './harness.js';

describe.each(backends())('teams and the operator (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });

  describe('owners set by the operator', () => {
    it('adds listed users as owners, promotes listed editors and viewers, removes unlisted owners and managers, keeps the rest', async () => {
      const [a, b, m, e, v, c] = [newUser(), newUser(), newUser(), newUser(), newUser(), newUser()];
      const botId = await botOwnedBy(t, a, b);
      clock.advance(1000);
      await join(t, botId, a, m, 'manager');
      await join(t, botId, a, e, 'editor');
      await join(t, botId, a, v, 'viewer');
      clock.advance(1000);
      const patched = await t.admin('PATCH', `/admin/v1/bots/${botId}`, { owners: [c, b, e] });
      expect(patched.statusCode).toBe(200);
      expect(await rolesOf(t, botId)).toEqual({ [b]: 'owner', [e]: 'owner', [c]: 'owner', [v]: 'viewer' });
      // Owners by when they joined: b (with the bot), e (by invitation), c (just now).
      expect(patched.json().data.owners).toEqual([b, e, c]);
      const operator = { actor_kind: 'operator', actor_id: null, via: 'admin_api' };
      expect((await teamAudit(t.db, botId)).slice(-4)).toEqual([
        { action: 'team.join', ...operator, target: c, diff: { role: { before: null, after: 'owner' } } },
        { action: 'team.role', ...operator, target: e, diff: { role: { before: 'editor', after: 'owner' } } },
        { action: 'team.remove', ...operator, target: a, diff: { role: { before: 'owner', after: null } } },
        { action: 'team.remove', ...operator, target: m, diff: { role: { before: 'manager', after: null } } },
      ]);
    });

    it('keeps listed managers managers, and makes the first listed owner when no owner would be left', async () => {
      const [a, m1, m2] = [newUser(), newUser(), newUser()];
      const botId = await botOwnedBy(t, a);
      await join(t, botId, a, m1, 'manager');
      await join(t, botId, a, m2, 'manager');
      await t.admin('PATCH', `/admin/v1/bots/${botId}`, { owners: [a, m2] });
      expect(await rolesOf(t, botId)).toEqual({ [a]: 'owner', [m2]: 'manager' });
      await t.admin('PATCH', `/admin/v1/bots/${botId}`, { owners: [m2] });
      expect(await rolesOf(t, botId)).toEqual({ [m2]: 'owner' });
      expect(await ownersOf(t, botId)).toEqual([m2]);
    });

    it('leaves the team alone when a write does not set owners, and changes nothing when they are the same', async () => {
      const [a, b, v] = [newUser(), newUser(), newUser()];
      const botId = await botOwnedBy(t, a);
      await join(t, botId, a, b, 'manager');
      await join(t, botId, a, v, 'viewer');
      const entries = (await teamAudit(t.db, botId)).length;
      expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { name: 'Renamed' })).json().data.owners).toEqual([a, b]);
      const { data } = (await t.admin('GET', `/admin/v1/bots/${botId}`)).json();
      const { id: _id, owners, ...rest } = data;
      const put = await t.admin('PUT', `/admin/v1/bots/${botId}`, {
        ...Object.fromEntries(
          Object.entries(rest).filter(([field]) =>
            [
              'name',
              'slugs',
              'shortDescription',
              'prefix',
              'pricing',
              'iconUrl',
              'bannerUrl',
              'inviteUrl',
              'supportServerUrl',
              'websiteUrl',
              'categories',
              'tags',
              'isVerified',
              'published',
            ].includes(field),
          ),
        ),
        owners,
      });
      expect(put.statusCode).toBe(200);
      expect(await rolesOf(t, botId)).toEqual({ [a]: 'owner', [b]: 'manager', [v]: 'viewer' });
      expect(await teamAudit(t.db, botId)).toHaveLength(entries);
    });

    it('takes the team with the bot when it is deleted', async () => {
      const a = newUser();
      const botId = await botOwnedBy(t, a);
      await t.app.services.invitations.create(a, botId, 'viewer');
      expect((await t.admin('DELETE', `/admin/v1/bots/${botId}`)).statusCode).toBe(204);
      expect(await t.app.services.teams.memberships(a)).toEqual([]);
      const { rows } = await t.db.query('SELECT 1 FROM bot_invitations WHERE bot_id = $1', [botId]);
      expect(rows).toEqual([]);
    });
  });

  describe('GET /admin/v1/bots/{id}/members', () => {
    it('lists the team in the order they joined, a page at a time', async () => {
      const a = newUser();
      const botId = await botOwnedBy(t, a);
      const joined = [a];
      for (const role of ['manager', 'editor', 'viewer', 'viewer'] as const) {
        clock.advance(1000);
        const user = newUser();
        await join(t, botId, a, user, role, `Name of ${role}`);
        joined.push(user);
      }
      const first = await t.admin('GET', `/admin/v1/bots/${botId}/members?limit=3`);
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page.data.map((m: { userId: string }) => m.userId)).toEqual(joined.slice(0, 3));
      expect(page.data[0]).toEqual({ userId: a, role: 'owner', name: null, addedAt: '2026-03-02T10:00:00.000Z', addedBy: null });
      expect(page.data[1]).toMatchObject({ role: 'manager', name: 'Name of manager', addedBy: a });
      const second = (await t.admin('GET', `/admin/v1/bots/${botId}/members?limit=3&after=${page.next}`)).json();
      expect(second.data.map((m: { userId: string }) => m.userId)).toEqual(joined.slice(3));
      expect(second.next).toBeNull();
    });

    it('answers 404 for no such bot, 422 for a position that is none, 401 without the token', async () => {
      expect((await t.admin('GET', '/admin/v1/bots/1999999999999999999/members')).statusCode).toBe(404);
      const botId = await botOwnedBy(t, newUser());
      expect((await t.admin('GET', `/admin/v1/bots/${botId}/members?after=nonsense`)).statusCode).toBe(422);
      expect((await t.get(`/admin/v1/bots/${botId}/members`)).statusCode).toBe(401);
    });
  });
});

describe.each(backends())('migration 035 (%s)', MIGRATING, (backend) => {
  it('makes every owner of a bot an owner member, in the order of the list', async () => {
    const { db, drop } = await emptyDatabase(backend);
    try {
      const migrations = loadMigrations();
      await migrate(
        db,
        migrations.filter((migration) => migration.version < 35),
        loadFunctions(),
      );
      const insert = (id: string, owners: string[], at: string) =>
        db.query(
          `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url, invite_url,
             support_server_url, website_url, categories, tags, owners, is_verified, published, created_at, updated_at)
           VALUES ($1, 'B', 'b', 'b', '{"de":"b","en":"b"}', '{"de":"b","en":"b"}', '!', 'free', 'https://x.example/i.png',
             'https://x.example', 'https://x.example', 'https://x.example', '{}', '{}', $2, false, false, $3, $3)`,
          [id, owners, at],
        );
      await insert('100000000000000001', ['300000000000000002', '300000000000000001'], '2025-01-01T00:00:00Z');
      await insert('100000000000000002', [], '2025-01-02T00:00:00Z');
      await migrate(db, migrations, loadFunctions());
      const { rows } = await db.query<{ bot_id: string; user_id: string; role: string; added_at: Date }>(
        'SELECT bot_id, user_id, role, added_at FROM bot_members ORDER BY bot_id, added_at, seq',
      );
      expect(rows.map((row) => [row.bot_id, row.user_id, row.role, row.added_at.toISOString()])).toEqual([
        ['100000000000000001', '300000000000000002', 'owner', '2025-01-01T00:00:00.000Z'],
        ['100000000000000001', '300000000000000001', 'owner', '2025-01-01T00:00:00.000Z'],
      ]);
    } finally {
      await drop();
    }
  });
});
