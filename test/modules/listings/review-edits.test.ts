/**
 * LISTING_EDITS=review: an owner's edit of an approved listing waits for the operator while the
 * approved version stays public; approval applies it everywhere at once, in this process and, by
 * the change feed, in another as soon as the notification reaches it.
 */
import { describe, expect, it } from 'vitest';
import { appPerFile, backends, databasePerFile, type TestApp } from '../../helpers.js';
import { platformPerFile, refused, submittedListing } from './harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

async function approvedListing(t: TestApp, standIn: Parameters<typeof submittedListing>[1], name: string) {
  const submitted = await submittedListing(t, standIn, { name });
  expect((await t.admin('POST', `/admin/v1/submissions/${submitted.listing.submissionId}/approve`, {})).statusCode).toBe(200);
  return submitted;
}

describe.each(backends())('edits under review (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: { ...platform.env, LISTING_EDITS: 'review' } }));
  const listings = () => t.app.services.listings;
  const publicName = async (botId: string) => (await t.get(`/api/v1/bots/${botId}`)).json().data.name as string;

  it('keeps the approved version public while an edit waits, and applies it on approval', async () => {
    const { botId, owner } = await approvedListing(t, platform.standIn, 'Brambleflux');
    const edited = await listings().edit(dashboardUser(owner), botId, { name: 'Brambleflux Deluxe', tags: ['quiz', 'music'] });
    expect(edited).toMatchObject({ status: 'published', editStatus: 'submitted', current: { name: 'Brambleflux' } });
    expect(await publicName(botId)).toBe('Brambleflux');
    expect((await t.get('/api/v1/search?q=Deluxe')).json().data.some((b: { id: string }) => b.id === botId)).toBe(false);

    const queued = (await t.admin('GET', '/admin/v1/submissions?limit=100')).json().data.find((s: { botId: string }) => s.botId === botId);
    expect(queued).toMatchObject({ id: edited.submissionId, kind: 'edit' });
    expect(queued.changes).toEqual([
      { field: 'name', before: 'Brambleflux', after: 'Brambleflux Deluxe' },
      { field: 'tags', before: ['quiz', 'trivia'], after: ['quiz', 'music'] },
    ]);
    const approved = await t.admin('POST', `/admin/v1/submissions/${edited.submissionId}/approve`, {});
    expect(approved.json().data).toMatchObject({
      status: 'published',
      editStatus: 'none',
      working: null,
      current: { name: 'Brambleflux Deluxe' },
    });
    expect(await publicName(botId)).toBe('Brambleflux Deluxe');
    expect((await t.get('/api/v1/search?q=Deluxe')).json().data.some((b: { id: string }) => b.id === botId)).toBe(true);
  });

  it('sends an edit back, takes the owner\u2019s next save as a new submission, and drops a denied one', async () => {
    const { botId, owner } = await approvedListing(t, platform.standIn, 'Crumblewick');
    const first = await listings().edit(dashboardUser(owner), botId, { name: 'Crumblewick!!!' });
    const back = await t.admin('POST', `/admin/v1/submissions/${first.submissionId}/request-changes`, { note: 'No shouting.' });
    expect(back.json().data).toMatchObject({
      status: 'published',
      editStatus: 'changes_requested',
      note: 'No shouting.',
      submissionId: null,
    });
    const second = await listings().edit(dashboardUser(owner), botId, { name: 'Crumblewick Two' });
    expect(second).toMatchObject({ editStatus: 'submitted', note: null });
    expect(second.submissionId).not.toBe(first.submissionId);
    const denied = await t.admin('POST', `/admin/v1/submissions/${second.submissionId}/deny`, { reason: 'Keep the name.' });
    expect(denied.json().data).toMatchObject({ status: 'published', editStatus: 'none', working: null, note: 'Keep the name.' });
    expect(await publicName(botId)).toBe('Crumblewick');
    const { rows } = await t.db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM events WHERE bot_id = $1 AND type = 'listing' AND payload->>'transition' = 'deny'`,
      [botId],
    );
    expect(rows[0]?.payload).toEqual({ status: 'published', editStatus: 'none', transition: 'deny', edit: true, reason: 'Keep the name.' });
  });

  it('lets the owner drop a waiting edit; an edit back to the approved version drops it too', async () => {
    const { botId, owner } = await approvedListing(t, platform.standIn, 'Dapplemoss');
    const waiting = await listings().edit(dashboardUser(owner), botId, { name: 'Dapplemoss 2' });
    // A new contact address is no new edit: the waiting one keeps its place in the queue.
    expect((await listings().edit(dashboardUser(owner), botId, { contactEmail: 'owner@example.org' })).submissionId).toBe(
      waiting.submissionId,
    );
    const dropped = await listings().discardEdit(dashboardUser(owner), botId);
    expect(dropped).toMatchObject({ editStatus: 'none', working: null, submissionId: null });
    expect((await t.admin('POST', `/admin/v1/submissions/${waiting.submissionId}/approve`, {})).statusCode).toBe(404);
    await listings().edit(dashboardUser(owner), botId, { name: 'Dapplemoss 3' });
    expect(await listings().edit(dashboardUser(owner), botId, { name: 'Dapplemoss' })).toMatchObject({ editStatus: 'none', working: null });
    expect((await refused(listings().discardEdit(dashboardUser(owner), botId))).code).toBe('conflict');
  });

  it('re-checks a slug at approval: one another bot took meanwhile refuses the approval (422)', async () => {
    const a = await approvedListing(t, platform.standIn, 'Eddyglow');
    const b = await approvedListing(t, platform.standIn, 'Fernwhistle');
    const slug = `${a.content.slugs!.en}-shared`;
    const waitingA = await listings().edit(dashboardUser(a.owner), a.botId, { slugs: { de: a.content.slugs!.de, en: slug } });
    const waitingB = await listings().edit(dashboardUser(b.owner), b.botId, { slugs: { de: b.content.slugs!.de, en: slug } });
    expect((await t.admin('POST', `/admin/v1/submissions/${waitingA.submissionId}/approve`, {})).statusCode).toBe(200);
    const refusedApproval = await t.admin('POST', `/admin/v1/submissions/${waitingB.submissionId}/approve`, {});
    expect(refusedApproval.statusCode).toBe(422);
    expect(refusedApproval.json().error.details).toEqual([{ field: 'slugs.en', message: 'is taken by another bot' }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a decision reaches another process (postgres)', () => {
  const platform = platformPerFile();
  const shared = databasePerFile('postgres');
  const writer = appPerFile('postgres', () => ({
    db: shared.db,
    env: { ...platform.env, LISTING_EDITS: 'review', LIST_MAX_STALE_MS: '60000' },
  }));
  const reader = appPerFile('postgres', () => ({
    db: shared.db,
    env: { ...platform.env, LISTING_EDITS: 'review', LIST_MAX_STALE_MS: '60000' },
  }));

  /**
   * Whether the reader's answer comes to pass `check` once the change feed reaches it (a NOTIFY:
   * milliseconds; the wait is bounded generously so that a loaded machine does not fail it).
   */
  async function reached(url: string, check: (response: { statusCode: number; data: unknown }) => boolean) {
    const deadline = Date.now() + 5000;
    const ask = async () => {
      const response = await reader.get(url);
      return { statusCode: response.statusCode, data: response.json<{ data?: unknown }>().data };
    };
    let answer = await ask();
    while (!check(answer) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await ask();
    }
    return check(answer);
  }

  it('approval, an edit and a removal reach the other process through the change feed', async () => {
    const { botId, owner, listing } = await submittedListing(writer, platform.standIn, { name: 'Gillyflower' });
    const inSearch = (answer: { data: unknown }) => (answer.data as { id: string }[]).some((b) => b.id === botId);
    // The reader has answered (and keeps) the search and the bot without it.
    expect(inSearch((await reader.get('/api/v1/search?q=Gillyflower')).json())).toBe(false);
    expect((await reader.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
    await writer.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
    expect(await reached('/api/v1/search?q=Gillyflower', inSearch)).toBe(true);
    expect(await reached(`/api/v1/bots/${botId}`, (answer) => answer.statusCode === 200)).toBe(true);

    const edit = await writer.app.services.listings.edit(dashboardUser(owner), botId, { name: 'Gillyflower Prime' });
    await writer.admin('POST', `/admin/v1/submissions/${edit.submissionId}/approve`, {});
    expect(await reached(`/api/v1/bots?search=prime`, inSearch)).toBe(true);

    await writer.admin('POST', `/admin/v1/bots/${botId}/remove`, { reason: 'Gone.' });
    expect(await reached('/api/v1/search?q=Gillyflower', (answer) => !inSearch(answer))).toBe(true);
    expect(await reached(`/api/v1/bots/${botId}`, (answer) => answer.statusCode === 404)).toBe(true);
  });
});
