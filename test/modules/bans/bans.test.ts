/**
 * Bans through the management API: a banned user makes no submissions, votes, reviews or reports
 * (403 in the envelope, in every process), a banned bot leaves every answer and is never listed
 * again; the list of bans in force is read by keyset; bad input is a 4xx.
 */
import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, databasePerFile } from '../../helpers.js';
import { completeContent, newApplication, newUser, platformPerFile, refused, submittedListing } from '../listings/harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { newestFirst } from '../../support/newest-first.js';

describe.each(backends())('bans (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: platform.env }));

  async function ban(kind: 'user' | 'bot', subjectId: string, reason = 'Spam, again and again.') {
    const response = await t.admin('POST', '/admin/v1/bans', { kind, subjectId, reason });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: string; kind: string; subjectId: string; createdAt: string; liftedAt: string | null } }>().data;
  }

  it('a banned user is refused with 403: votes, reviews, adding, editing, submitting and relisting a bot; lifted, all works again', async () => {
    const { id: botId } = await putBot(t);
    const user = newUser();
    const { botId: ownBot, owner } = await submittedListing(t, platform.standIn);
    const created = await ban('user', user);
    expect(created).toMatchObject({ kind: 'user', subjectId: user, liftedAt: null });
    const vote = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'Banned' });
    expect(vote.statusCode).toBe(403);
    expect(vote.json()).toEqual({ error: { code: 'forbidden', message: 'This user is banned' } });
    const review = await t.admin('POST', `/admin/v1/bots/${botId}/reviews`, { user, username: 'Banned', rating: 1, body: 'x' });
    expect(review.statusCode).toBe(403);
    expect(review.json().error.code).toBe('forbidden');
    const listings = t.app.services.listings;
    expect((await refused(listings.create(dashboardUser(user), newApplication(platform.standIn)))).code).toBe('forbidden');
    // The owner of a listing, banned: no edit, no submission.
    await t.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: owner, reason: 'Impersonation.' });
    await listings.withdraw(dashboardUser(owner), ownBot);
    expect((await refused(listings.edit(dashboardUser(owner), ownBot, { name: 'Again' }))).code).toBe('forbidden');
    expect((await refused(listings.submit(dashboardUser(owner), ownBot))).code).toBe('forbidden');
    // Someone else still votes.
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: newUser(), username: 'Fine' })).statusCode).toBe(201);

    const lifted = await t.admin('POST', `/admin/v1/bans/${created.id}/lift`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data.liftedAt).not.toBeNull();
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'Back' })).statusCode).toBe(201);
    expect((await t.admin('POST', `/admin/v1/bans/${created.id}/lift`)).statusCode).toBe(409);
    // Banned again after the lift: a new ban.
    expect((await ban('user', user)).id).not.toBe(created.id);
  });

  it('a banned bot leaves every answer at once, and is never added again, even after its deletion', async () => {
    const { botId, listing, content } = await submittedListing(t, platform.standIn, { name: 'Brimblewick' });
    await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
    expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(200);
    await ban('bot', botId, 'Phishing links in its replies.');
    expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
    expect((await t.get(`/en/bots/${content.slugs!.en}`)).statusCode).toBe(404);
    const removed = (await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data;
    expect(removed).toMatchObject({ status: 'removed', note: 'Phishing links in its replies.' });
    expect(removed.history[0]).toMatchObject({ transition: 'remove', actor: 'operator', via: 'admin_api' });
    expect((await t.admin('DELETE', `/admin/v1/bots/${botId}`)).statusCode).toBe(204);
    const again = await refused(t.app.services.listings.create(dashboardUser(newUser()), botId));
    expect(again.code).toBe('forbidden');
    expect(again.reason).toEqual({ kind: 'bot_banned' });
    // A bot banned before anyone adds it, and one whose listing was denied already: banned all the same.
    const future = newApplication(platform.standIn);
    await ban('bot', future);
    expect((await refused(t.app.services.listings.create(dashboardUser(newUser()), future))).code).toBe('forbidden');
    const denied = await submittedListing(t, platform.standIn);
    await t.admin('POST', `/admin/v1/submissions/${denied.listing.submissionId}/deny`, { reason: 'No.' });
    await ban('bot', denied.botId);
  });

  it('lists the bans in force newest first, a page at a time by keyset; a lifted ban leaves the list', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await ban('user', newUser()));
    const expected = newestFirst(made);
    const first = await t.admin('GET', '/admin/v1/bans?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ data: { id: string }[]; next: string | null }>();
    expect(page.data.map((b) => b.id)).toEqual(expected.slice(0, 2));
    expect(page.next).not.toBeNull();
    const second = (await t.admin('GET', `/admin/v1/bans?limit=2&after=${page.next}`)).json<{ data: { id: string }[] }>();
    expect(second.data[0]!.id).toBe(expected[2]);
    await t.admin('POST', `/admin/v1/bans/${made[1]!.id}/lift`);
    const after = (await t.admin('GET', '/admin/v1/bans?limit=100')).json<{ data: { id: string }[] }>().data.map((b) => b.id);
    expect(after).toEqual(expect.arrayContaining([made[0]!.id, made[2]!.id]));
    expect(after).not.toContain(made[1]!.id);
  });

  it('answers 4xx in the envelope for bad input, twice the same ban, unknown and malformed ids', async () => {
    const user = newUser();
    for (const body of [
      {},
      { kind: 'user', subjectId: user },
      { kind: 'user', subjectId: user, reason: '' },
      { kind: 'user', subjectId: user, reason: '   ' },
      { kind: 'user', subjectId: user, reason: 'x'.repeat(2001) },
      { kind: 'server', subjectId: user, reason: 'x' },
      { kind: 'user', subjectId: 'abc', reason: 'x' },
      { kind: 'user', subjectId: 12345678901234, reason: 'x' },
      { kind: ['user'], subjectId: user, reason: 'x' },
      { kind: 'user', subjectId: user, reason: 'x', extra: true },
    ]) {
      const response = await t.admin('POST', '/admin/v1/bans', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.code).toBe('validation_failed');
    }
    await ban('user', user, 'Ünïcödé reason: 禁止 🚫');
    const twice = await t.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: user, reason: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect((await t.admin('POST', '/admin/v1/bans/00000000-0000-4000-8000-000000000000/lift')).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/v1/bans/not-a-uuid/lift')).statusCode).toBe(422);
    expect((await t.admin('POST', '/admin/v1/bans/urn:uuid:00000000-0000-4000-8000-000000000000/lift')).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/v1/bans?after=nonsense')).statusCode).toBe(422);
    expect((await t.admin('GET', '/admin/v1/bans?limit=0')).statusCode).toBe(422);
    expect((await t.inject({ method: 'GET', url: '/admin/v1/bans' })).statusCode).toBe(401);
    // Banned users' reasons are kept as given.
    const listed = (await t.admin('GET', '/admin/v1/bans?limit=100')).json().data as { subjectId: string; reason: string }[];
    expect(listed.find((b) => b.subjectId === user)?.reason).toBe('Ünïcödé reason: 禁止 🚫');
  });

  it('edits a listing the ban leaves alone: unlisting and withdrawing stay possible', async () => {
    const { botId, owner } = await submittedListing(t, platform.standIn, completeContent());
    await ban('user', owner);
    expect((await t.app.services.listings.withdraw(dashboardUser(owner), botId)).status).toBe('draft');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('bans across processes (postgres)', () => {
  const shared = databasePerFile('postgres');
  const first = appPerFile('postgres', () => ({ db: shared.db }));
  const second = appPerFile('postgres', () => ({ db: shared.db }));

  it('a ban made in one process refuses the user in another within a second, and its lifting too', async () => {
    const { id: botId } = await putBot(first);
    const user = newUser();
    // The second process has read the bans in force before the ban.
    expect((await second.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: newUser(), username: 'Warm' })).statusCode).toBe(201);
    const made = (await first.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: user, reason: 'Bots voting.' })).json().data;
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 1000) {
      status = (await second.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'Banned' })).statusCode;
      if (status === 403) break;
      await sleep(20);
    }
    expect(status).toBe(403);
    await first.admin('POST', `/admin/v1/bans/${made.id}/lift`);
    const lifted = Date.now();
    while (Date.now() - lifted < 1000) {
      status = (await second.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'Back' })).statusCode;
      if (status !== 403) break;
      await sleep(20);
    }
    // Recorded, or refused by the 12-hour rule when a vote got in before the ban was heard of.
    expect([201, 409]).toContain(status);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
