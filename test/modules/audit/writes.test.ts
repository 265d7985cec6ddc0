/**
 * Every change the audit log records, one kind after another: who made it (the dashboard's user,
 * the console's operator, the operator token, the service itself), from where, on what, and what
 * it changed; secrets and a Discord URL's token never in it.
 */
import { describe, expect, it } from 'vitest';
import { consoleOperator, dashboardUser, OPERATOR_TOKEN } from '../../../src/modules/audit/entry.js';
import { endpointState } from '../../../src/modules/webhooks/endpoints/endpoint-state.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { completeContent, newApplication, newUser, platformPerFile } from '../listings/harness.js';
import { actionsOf, botLog, publicDns } from './harness.js';

const OPERATOR_ID = '170000000000000077';
const TOKEN = { kind: 'operator', id: null, via: 'admin_api' };

describe.each(backends())('the audit log records every change (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: platform.env, lookup: publicDns }));

  it("an owner's listing: added, edited (the changed fields), submitted, sent back by the console, approved by the token", async () => {
    const owner = newUser();
    const botId = newApplication(platform.standIn, 'Lantern');
    const by = dashboardUser(owner);
    const { listings, moderation } = t.app.services;
    await listings.create(by, botId);
    const content = completeContent({ name: 'Lantern <b>bold</b>' });
    await listings.edit(by, botId, content);
    // The same values again change nothing: no entry.
    await listings.edit(by, botId, { name: content.name });
    const submitted = await listings.submit(by, botId);
    await moderation.requestChanges(submitted.submissionId!, consoleOperator(OPERATOR_ID), 'Add a <script> banner');
    await listings.edit(by, botId, { tags: ['quiz'], contactEmail: 'owner@example.org' });
    const again = await listings.submit(by, botId);
    const approved = await t.admin('POST', `/admin/v1/submissions/${again.submissionId}/approve`, { note: 'Welcome.' });
    expect(approved.statusCode).toBe(200);

    const entries = await botLog(t, botId);
    expect(actionsOf(entries)).toEqual([
      'listing.create',
      'listing.edit',
      'listing.transition:submit',
      'listing.transition:request_changes',
      'listing.edit',
      'listing.transition:submit',
      'listing.transition:approve',
    ]);
    const user = { kind: 'user', id: owner, via: 'dashboard' };
    expect(entries.map((entry) => entry.actor)).toEqual([
      user,
      user,
      user,
      { kind: 'operator', id: OPERATOR_ID, via: 'console' },
      user,
      user,
      TOKEN,
    ]);
    expect(entries.every((entry) => entry.botId === botId)).toBe(true);
    expect(entries[0]!.diff).toEqual({ name: { before: null, after: 'Lantern' } });
    const edit = entries[1]!.diff!;
    expect(edit.name).toEqual({ before: 'Lantern', after: 'Lantern <b>bold</b>' });
    expect(edit.tags).toEqual({ before: [], after: ['quiz', 'trivia'] });
    expect(edit.slugs).toEqual({ before: { de: expect.any(String), en: expect.any(String) }, after: content.slugs });
    // Fields the edit did not give are not in it.
    expect(Object.keys(edit).sort()).toEqual(
      Object.keys(content)
        .filter((field) => edit[field] !== undefined)
        .sort(),
    );
    expect(entries[2]!.diff).toEqual({ status: { before: 'draft', after: 'submitted' } });
    expect(entries[3]).toMatchObject({
      diff: { status: { before: 'submitted', after: 'changes_requested' } },
      note: 'Add a <script> banner',
    });
    expect(entries[4]!.diff).toEqual({
      tags: { before: ['quiz', 'trivia'], after: ['quiz'] },
      contactEmail: { before: null, after: 'owner@example.org' },
    });
    expect(entries[6]).toMatchObject({ diff: { status: { before: 'submitted', after: 'published' } }, note: 'Welcome.' });
    // The entries are the moments of the changes, in order.
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("the review of an approved listing's edit is the edit track (edit.submit, edit.deny)", async () => {
    const owner = dashboardUser(newUser());
    const botId = newApplication(platform.standIn, 'Quillmere');
    const { listings, moderation } = t.app.services;
    await listings.create(owner, botId);
    await listings.edit(owner, botId, completeContent({ name: 'Quillmere' }));
    await moderation.approve((await listings.submit(owner, botId)).submissionId!, OPERATOR_TOKEN);
    const waiting = await listings.edit(owner, botId, { name: 'Quillmere Two' });
    if (waiting.editStatus === 'submitted') {
      await moderation.deny(waiting.submissionId!, consoleOperator(OPERATOR_ID), 'Keep the name.');
      const entries = (await botLog(t, botId)).slice(-3);
      expect(actionsOf(entries)).toEqual(['listing.edit', 'listing.transition:edit.submit', 'listing.transition:edit.deny']);
      expect(entries[2]).toMatchObject({ diff: { editStatus: { before: 'submitted', after: 'none' } }, note: 'Keep the name.' });
    } else {
      // LISTING_EDITS=live: the edit is public at once, an edit and nothing to review.
      expect(actionsOf((await botLog(t, botId)).slice(-1))).toEqual(['listing.edit']);
    }
  });

  it("the operator's bot writes: PUT adds the listing, PATCH is an edit (and publishing a transition), DELETE is kept after the bot", async () => {
    const { id: botId } = await putBot(t, { name: 'Token Bot', published: false });
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { name: 'Token <Bot>', tags: ['a', 'b'] })).statusCode).toBe(200);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: true })).statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}`)).statusCode).toBe(204);
    const entries = await botLog(t, botId);
    // The owners the operator named join the bot's team (teams/admin-writes.ts).
    expect(actionsOf(entries)).toEqual(['listing.create', 'team.join', 'listing.edit', 'listing.transition:publish', 'listing.delete']);
    expect(entries.every((entry) => entry.actor.kind === 'operator' && entry.actor.id === null && entry.actor.via === 'admin_api')).toBe(
      true,
    );
    expect(entries[0]!.diff).toEqual({ name: { before: null, after: 'Token Bot' }, published: { before: null, after: false } });
    expect(entries[1]!.diff).toEqual({ role: { before: null, after: 'owner' } });
    expect(entries[2]!.diff).toEqual({
      name: { before: 'Token Bot', after: 'Token <Bot>' },
      tags: { before: ['test'], after: ['a', 'b'] },
    });
  });

  it('keys: created, re-tiered, changed and revoked, by the token and from the dashboard; never the key itself', async () => {
    const { id: botId } = await putBot(t);
    const created = await t.admin('POST', `/admin/v1/bots/${botId}/keys`, { name: 'Main', scopes: ['votes:read'] });
    const key = created.json().data;
    expect((await t.admin('PATCH', `/admin/v1/keys/${key.id}`, { tier: 2 })).statusCode).toBe(200);
    expect(
      (await t.admin('PATCH', `/admin/v1/keys/${key.id}`, { scopes: ['votes:read', 'stats:write'], name: 'Rewards' })).statusCode,
    ).toBe(200);
    // A change to what it is already is no change.
    expect((await t.admin('PATCH', `/admin/v1/keys/${key.id}`, { tier: 2 })).statusCode).toBe(200);
    const owner = newUser();
    await t.app.services.keys.revoke(key.id, dashboardUser(owner));

    const entries = (await botLog(t, botId)).filter((entry) => entry.action.startsWith('key.'));
    expect(actionsOf(entries)).toEqual(['key.create', 'key.tier', 'key.update', 'key.revoke']);
    expect(entries.every((entry) => entry.target === key.id && entry.note === key.prefix)).toBe(true);
    expect(entries.map((entry) => entry.actor)).toEqual([TOKEN, TOKEN, TOKEN, { kind: 'user', id: owner, via: 'dashboard' }]);
    expect(entries[0]!.diff).toEqual({
      name: { before: null, after: 'Main' },
      scopes: { before: null, after: ['votes:read'] },
      tier: { before: null, after: 1 },
    });
    expect(entries[1]!.diff).toEqual({ tier: { before: 1, after: 2 } });
    expect(entries[2]!.diff).toEqual({
      scopes: { before: ['votes:read'], after: ['votes:read', 'stats:write'] },
      name: { before: 'Main', after: 'Rewards' },
    });
    expect(JSON.stringify(entries)).not.toContain(key.key);
    // Revoked already: refused, and nothing recorded.
    expect((await t.admin('DELETE', `/admin/v1/keys/${key.id}`)).statusCode).toBe(404);
    expect((await botLog(t, botId)).filter((entry) => entry.action === 'key.revoke')).toHaveLength(1);
  });

  it('webhook endpoints: added, changed, switched on again, secret replaced, overlap ended, removed; switched off by the service', async () => {
    const { id: botId } = await putBot(t);
    const discord = 'https://discord.com/api/webhooks/123456789012345678/tokenThatMustNotShow';
    const put = await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: discord });
    expect(put.statusCode).toBe(201);
    const endpoints = t.app.services.webhookEndpoints;
    const defaultId = (await endpoints.get(botId)).id;
    const added = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: 'https://hooks.example.org/a', events: ['vote'] });
    const endpointId = added.json().data.id as string;
    const secret = added.json().data.secret as string;
    const patch = (body: unknown) => t.admin('PATCH', `/admin/v1/bots/${botId}/webhooks/${endpointId}`, body);
    expect((await patch({ url: 'https://hooks.example.org/b', language: 'de' })).statusCode).toBe(200);
    expect((await patch({ enabled: false })).statusCode).toBe(200);
    const user = newUser();
    await endpoints.update(botId, endpointId, { enabled: true }, dashboardUser(user));
    const rotated = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks/${endpointId}/rotate-secret`, { overlapSeconds: 3600 });
    expect(rotated.statusCode).toBe(200);
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${endpointId}/previous-secret`)).statusCode).toBe(204);
    // The dashboard's "new secret" gives the default endpoint a new one through PUT.
    const again = await endpoints.configure(botId, { url: discord, secret: `whsec_${'A'.repeat(43)}=` }, dashboardUser(user));
    expect(again.created).toBe(false);

    // Nineteen final failures in a row, then the twentieth: the worker's call switches it off.
    await t.db.query('UPDATE webhooks SET consecutive_failures = 19 WHERE id = $1', [defaultId]);
    const switchedOff = await t.db.transaction((tx) => endpointState.onFinalFailure(tx, defaultId, t.app.clock.now(), false));
    expect(switchedOff?.enabled).toBe(false);
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}/webhooks/${endpointId}`)).statusCode).toBe(204);

    const entries = (await botLog(t, botId)).filter((entry) => entry.action.startsWith('webhook.'));
    expect(actionsOf(entries)).toEqual([
      'webhook.create',
      'webhook.create',
      'webhook.update',
      'webhook.update',
      'webhook.enable',
      'webhook.rotate_secret',
      'webhook.end_overlap',
      'webhook.rotate_secret',
      'webhook.switch_off',
      'webhook.delete',
    ]);
    expect(entries.map((entry) => entry.target)).toEqual([
      defaultId,
      endpointId,
      endpointId,
      endpointId,
      endpointId,
      endpointId,
      endpointId,
      defaultId,
      defaultId,
      endpointId,
    ]);
    expect(entries[0]!.diff).toMatchObject({
      url: { before: null, after: 'https://discord.com/api/webhooks/123456789012345678/***' },
      format: { before: null, after: 'discord' },
      enabled: { before: null, after: true },
    });
    expect(entries[2]!.diff).toEqual({
      url: { before: 'https://hooks.example.org/a', after: 'https://hooks.example.org/b' },
      language: { before: 'en', after: 'de' },
    });
    expect(entries[3]!.diff).toEqual({ enabled: { before: true, after: false } });
    expect(entries[4]).toMatchObject({
      actor: { kind: 'user', id: user, via: 'dashboard' },
      diff: { enabled: { before: false, after: true } },
    });
    expect(entries[5]!.diff).toEqual({
      previousSecretUntil: { before: null, after: rotated.json().data.previousSecretExpiresAt },
    });
    expect(entries[7]).toMatchObject({ actor: { kind: 'user', id: user }, diff: null });
    expect(entries[8]).toMatchObject({
      actor: { kind: 'system', id: null, via: 'system' },
      diff: { enabled: { before: true, after: false }, consecutiveFailures: { before: 19, after: 20 } },
    });
    expect(entries[9]!.diff).toEqual({ url: { before: 'https://hooks.example.org/b', after: null } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('tokenThatMustNotShow');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(rotated.json().data.secret);
    expect(text).not.toContain('whsec_');
  });

  it('moderation: a report resolved, a tier request approved with its key, bans of a user and of a bot (its listing removed), lifted', async () => {
    const { id: botId } = await putBot(t, { name: 'Moderated' });
    const services = t.app.services;
    const reporter = { id: newUser(), name: 'Reporter' };
    const report = await services.reports.create(reporter, botId, { reason: 'spam', details: 'It <spams>.' });
    expect(
      (await t.admin('POST', `/admin/v1/reports/${report.id}/resolve`, { resolution: 'dismissed', answer: 'Nothing found.' })).statusCode,
    ).toBe(200);
    const key = await services.keys.create(botId, { scopes: ['votes:read'] }, OPERATOR_TOKEN);
    const request = await services.tiers.create(botId, newUser(), { keyId: key.id, tier: 3, reason: 'Busy.' });
    await services.tiers.approve(request.id, { note: 'Granted.' }, consoleOperator(OPERATOR_ID));
    const user = newUser();
    const userBan = await t.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: user, reason: 'Spam.' });
    expect(userBan.statusCode).toBe(201);
    expect((await t.admin('POST', `/admin/v1/bans/${userBan.json().data.id}/lift`)).statusCode).toBe(200);
    await services.bans.ban({ kind: 'bot', subjectId: botId, reason: 'Malware.' }, consoleOperator(OPERATOR_ID));

    // After the bot's creation and its owner joining the team.
    const entries = (await botLog(t, botId)).slice(2);
    expect(actionsOf(entries)).toEqual([
      'report.resolve',
      'key.create',
      'key.tier',
      'tier_request.decide',
      'ban.create',
      'listing.transition:remove',
    ]);
    expect(entries[0]).toMatchObject({
      actor: TOKEN,
      target: report.id,
      diff: { status: { before: 'open', after: 'resolved' }, resolution: { before: null, after: 'dismissed' } },
      note: 'Nothing found.',
    });
    const operator = { kind: 'operator', id: OPERATOR_ID, via: 'console' };
    expect(entries[2]).toMatchObject({ actor: operator, target: key.id, diff: { tier: { before: 1, after: 3 } } });
    expect(entries[3]).toMatchObject({
      actor: operator,
      target: request.id,
      diff: { status: { before: 'pending', after: 'approved' }, tier: { before: null, after: 3 } },
      note: 'Granted.',
    });
    expect(entries[4]).toMatchObject({ actor: operator, target: botId, note: 'Malware.' });
    expect(entries[5]).toMatchObject({ actor: operator, note: 'Malware.', diff: { status: { before: 'published', after: 'removed' } } });

    // A user's ban is about no bot: the whole log has it, by the user's ID.
    const bans = await t.admin('GET', `/admin/v1/audit?action=ban.create&limit=100`);
    const ofUser = (bans.json().data as { target: string }[]).filter((entry) => entry.target === user);
    expect(ofUser).toMatchObject([{ botId: null, actor: TOKEN, note: 'Spam.' }]);
    const lifts = await t.admin('GET', `/admin/v1/audit?action=ban.lift&limit=100`);
    expect((lifts.json().data as { target: string }[]).filter((entry) => entry.target === user)).toHaveLength(1);
    // Denied: a decision of its own.
    const other = await services.keys.create(botId, { scopes: ['votes:read'] }, OPERATOR_TOKEN);
    const denied = await services.tiers.create(botId, newUser(), { keyId: other.id, tier: 2, reason: 'More.' });
    await t.admin('POST', `/admin/v1/tier-requests/${denied.id}/deny`, {});
    expect((await botLog(t, botId)).at(-1)).toMatchObject({
      action: 'tier_request.decide',
      actor: TOKEN,
      diff: { status: { before: 'pending', after: 'denied' } },
      note: null,
    });
  });
});
