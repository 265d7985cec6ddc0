/**
 * An entry and its change are one transaction: a change that fails after its entry was written
 * leaves no entry, and an entry that cannot be written leaves no change. The failures are forced
 * with triggers that refuse one statement of the transaction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardUser, OPERATOR_TOKEN } from '../../../src/modules/audit/entry.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { completeContent, newApplication, newUser, platformPerFile, refused } from '../listings/harness.js';
import { botLog, publicDns } from './harness.js';

describe.each(backends())('an audit entry and its change: both or neither (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: platform.env, lookup: publicDns }));

  /** Makes every insert into `table` that `when` matches fail, until the test ends. */
  async function refuseInserts(table: string, when: string): Promise<void> {
    await t.db.query(`CREATE OR REPLACE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.db.query(
      `CREATE TRIGGER audit_test_refuse BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION audit_test_refuse()`,
    );
    triggers.push(table);
  }
  const triggers: string[] = [];
  afterEach(async () => {
    for (const table of triggers.splice(0)) await t.db.query(`DROP TRIGGER audit_test_refuse ON ${table}`);
  });

  it('an edit refused after its entry was written (a slug taken meanwhile) leaves no entry and no change', async () => {
    const owner = dashboardUser(newUser());
    const botId = newApplication(platform.standIn, 'Sparrow');
    await t.app.services.listings.create(owner, botId);
    const { bot } = await putBot(t);
    const error = await refused(t.app.services.listings.edit(owner, botId, { name: 'Sparrow Two', slugs: bot.slugs }));
    expect(error.code).toBe('validation_failed');
    expect((await botLog(t, botId)).map((entry) => entry.action)).toEqual(['listing.create']);
    expect((await t.app.services.listings.get(owner.id, botId)).working?.name).toBe('Sparrow');
  });

  it('a transition that fails after its entry (the webhook event refused) leaves the listing, its history and the log as they were', async () => {
    const owner = dashboardUser(newUser());
    const botId = newApplication(platform.standIn, 'Wren');
    await t.app.services.listings.create(owner, botId);
    await t.app.services.listings.edit(owner, botId, completeContent({ name: 'Wren' }));
    const before = await botLog(t, botId);
    // The writer records the transition, then the audit entry, then the `listing` event: the last one fails.
    await refuseInserts('events', `NEW.bot_id = '${botId}'`);
    await expect(t.app.services.listings.submit(owner, botId)).rejects.toThrow(/refused by the test/);
    expect(await botLog(t, botId)).toEqual(before);
    const listing = await t.app.services.listings.get(owner.id, botId);
    expect(listing.status).toBe('draft');
    expect(listing.history).toEqual([]);
  });

  it('an entry that cannot be written leaves no key, no endpoint change and no ban', async () => {
    const { id: botId } = await putBot(t);
    await refuseInserts('audit_log', `NEW.bot_id = '${botId}' OR NEW.target = '${botId}'`);
    await expect(t.app.services.keys.create(botId, { scopes: ['votes:read'] }, OPERATOR_TOKEN)).rejects.toThrow(/refused by the test/);
    expect(await t.app.services.keys.list(botId)).toEqual([]);
    const put = await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: 'https://hooks.example.org/x' });
    expect(put.statusCode).toBe(500);
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/webhook`)).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/v1/bans', { kind: 'bot', subjectId: botId, reason: 'x' })).statusCode).toBe(500);
    expect(await t.app.services.bans.isBanned('bot', botId)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM bans WHERE subject_id = $1', [botId])).rows).toHaveLength(0);
  });
});
