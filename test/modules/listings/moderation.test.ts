/**
 * The operator's side through the management API: the queue (oldest first, keyset pages, the
 * changes of each submission), approve / request changes / deny / remove, and the visibility each
 * decision gives: in or out of every public answer at once.
 */
import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { completeContent, newApplication, newUser, platformPerFile, refused, submittedListing } from './harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

describe.each(backends())('moderation (%s)', (backend) => {
  const platform = platformPerFile();
  const clock = new ManualClock(new Date('2026-06-01T09:00:00.000Z'));
  const t = appPerFile(backend, () => ({ env: platform.env, clock }));
  const listings = () => t.app.services.listings;

  /** Where the bot shows publicly: the single bot, a list page, the list's name search, search, its page. */
  async function shown(botId: string, name: string, slug: string) {
    const inList = async (url: string) => ((await t.get(url)).json().data as { id: string }[]).some((b) => b.id === botId);
    return {
      single: (await t.get(`/api/v1/bots/${botId}`)).statusCode,
      list: await inList('/api/v1/bots?sort=new&limit=100'),
      listSearch: await inList(`/api/v1/bots?search=${encodeURIComponent(name)}`),
      search: await inList(`/api/v1/search?q=${encodeURIComponent(name)}`),
      page: (await t.get(`/en/bots/${slug}`)).statusCode,
    };
  }
  const VISIBLE = { single: 200, list: true, listSearch: true, search: true, page: 200 };
  const HIDDEN = { single: 404, list: false, listSearch: false, search: false, page: 404 };

  async function queue(after?: string, limit = 100) {
    const response = await t.admin('GET', `/admin/v1/submissions?limit=${limit}${after ? `&after=${after}` : ''}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: string; botId: string; kind: string; changes: { field: string }[] }[]; next: string | null }>();
  }

  it('approves a submission: public in every answer at once, the owner told, the queue emptied', async () => {
    const { botId, listing, content } = await submittedListing(t, platform.standIn, { name: 'Glimmerquark' });
    const item = (await queue()).data.find((s) => s.botId === botId)!;
    expect(item).toMatchObject({ id: listing.submissionId, kind: 'listing', ownershipConfirmed: false });
    expect(item.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['name', 'slugs.de', 'slugs.en', 'longDescription.en', 'screenshots']),
    );
    expect(await shown(botId, 'Glimmerquark', content.slugs!.en)).toEqual(HIDDEN);

    const approved = await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'published', submissionId: null, note: null });
    expect(await shown(botId, 'Glimmerquark', content.slugs!.en)).toEqual(VISIBLE);
    expect((await queue()).data.some((s) => s.botId === botId)).toBe(false);
    // The long description is rendered and sanitised for the page; the screenshots come with it.
    const extras = await listings().published(botId);
    expect(extras.longDescription.en.value).toContain('<h4>Features</h4>');
    expect(extras.longDescription.en.value).not.toContain('<script');
    expect(extras.screenshots).toEqual(content.screenshots);
    // Told: a listing event in the outbox, a notice for the operator to relay.
    const { rows } = await t.db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM events WHERE bot_id = $1 AND type = 'listing' AND payload->>'transition' = 'approve'`,
      [botId],
    );
    expect(rows[0]?.payload).toEqual({ status: 'published', editStatus: 'none', transition: 'approve', edit: false, reason: null });
    const notices = (await t.admin('GET', '/admin/v1/notifications?limit=100')).json().data as { botId: string; kind: string }[];
    expect(notices.find((n) => n.botId === botId)?.kind).toBe('listing');
    // Decided once: the same submission again is not found.
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {})).statusCode).toBe(404);
  });

  it('sends a submission back with a note; the owner fixes it and submits again; then it is approved', async () => {
    const { botId, owner, listing } = await submittedListing(t, platform.standIn);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/request-changes`, {})).statusCode).toBe(422);
    const back = await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/request-changes`, {
      note: 'Add a German description.',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'changes_requested', note: 'Add a German description.' });
    const mine = await listings().get(owner, botId);
    expect(mine.note).toBe('Add a German description.');
    await listings().edit(dashboardUser(owner), botId, { shortDescription: { de: 'Jetzt auch auf Deutsch.', en: 'Now in German too.' } });
    const again = await listings().submit(dashboardUser(owner), botId);
    expect(again).toMatchObject({ status: 'submitted', note: null });
    expect(again.submissionId).not.toBe(listing.submissionId);
    // The old submission is gone; the new one is decided.
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {})).statusCode).toBe(404);
    expect((await t.admin('POST', `/admin/v1/submissions/${again.submissionId}/approve`, { note: 'Welcome!' })).json().data).toMatchObject({
      status: 'published',
      note: 'Welcome!',
      current: { shortDescription: { de: 'Jetzt auch auf Deutsch.' } },
    });
  });

  it('denies with a reason for good: the owner can neither edit nor submit it again', async () => {
    const { botId, owner, listing } = await submittedListing(t, platform.standIn);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/deny`, { reason: '' })).statusCode).toBe(422);
    const denied = await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/deny`, { reason: 'Not a bot of yours.' });
    expect(denied.json().data).toMatchObject({ status: 'denied', note: 'Not a bot of yours.' });
    expect((await refused(listings().edit(dashboardUser(owner), botId, { name: 'Again' }))).code).toBe('conflict');
    expect((await refused(listings().submit(dashboardUser(owner), botId))).code).toBe('conflict');
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/remove`, { reason: 'spam' })).statusCode).toBe(409);
  });

  it('refuses a decision on a submission withdrawn meanwhile, and answers 404/422 for unknown or malformed ids', async () => {
    const { botId, owner, listing } = await submittedListing(t, platform.standIn);
    await listings().withdraw(dashboardUser(owner), botId);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {})).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/v1/submissions/00000000-0000-4000-8000-000000000000/deny', { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await t.admin('POST', '/admin/v1/submissions/not-a-uuid/approve', {})).statusCode).toBe(422);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, { note: 5 })).statusCode).toBe(422);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, { extra: true })).statusCode).toBe(422);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/deny`, { reason: 'x'.repeat(2001) })).statusCode).toBe(
      422,
    );
    expect((await t.inject({ method: 'GET', url: '/admin/v1/submissions' })).statusCode).toBe(401);
  });

  it('removes a published listing with a reason: out of every answer at once, for good', async () => {
    const { botId, owner, listing, content } = await submittedListing(t, platform.standIn, { name: 'Wobblefrost' });
    await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
    expect(await shown(botId, 'Wobblefrost', content.slugs!.en)).toEqual(VISIBLE);
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/remove`, {})).statusCode).toBe(422);
    const removed = await t.admin('POST', `/admin/v1/bots/${botId}/remove`, { reason: 'Breaks the rules.' });
    expect(removed.json().data).toMatchObject({ status: 'removed', note: 'Breaks the rules.' });
    expect(await shown(botId, 'Wobblefrost', content.slugs!.en)).toEqual(HIDDEN);
    expect((await refused(listings().relist(dashboardUser(owner), botId))).code).toBe('conflict');
    expect((await refused(listings().edit(dashboardUser(owner), botId, { name: 'Back' }))).code).toBe('conflict');
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/remove`, { reason: 'again' })).statusCode).toBe(409);
    expect((await t.admin('POST', '/admin/v1/bots/1366666666666666666/remove', { reason: 'x' })).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/v1/bots/abc/remove', { reason: 'x' })).statusCode).toBe(422);
    // The operator's switch still brings it back (and says so in its history).
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: true })).statusCode).toBe(200);
    const back = (await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data;
    expect(back.status).toBe('published');
    expect(back.history[0]).toMatchObject({
      transition: 'publish',
      from: 'removed',
      to: 'published',
      actor: 'operator',
      actorId: null,
      via: 'admin_api',
    });
  });

  it('lets the owner take an approved listing out of view and back, in every answer at once', async () => {
    const { botId, owner, listing, content } = await submittedListing(t, platform.standIn, { name: 'Snorkelwisp' });
    await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
    expect((await listings().unlist(dashboardUser(owner), botId)).status).toBe('unlisted');
    expect(await shown(botId, 'Snorkelwisp', content.slugs!.en)).toEqual(HIDDEN);
    expect((await listings().relist(dashboardUser(owner), botId)).status).toBe('published');
    expect(await shown(botId, 'Snorkelwisp', content.slugs!.en)).toEqual(VISIBLE);
  });

  it('applies an owner\u2019s edit of a published listing at once (LISTING_EDITS=live) and refuses leaving fields empty', async () => {
    const { botId, owner, listing } = await submittedListing(t, platform.standIn, { name: 'Quibblestone' });
    await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
    const edited = await listings().edit(dashboardUser(owner), botId, {
      name: 'Quibblestone Two',
      longDescription: { de: 'Neu', en: '**New**' },
    });
    expect(edited).toMatchObject({ status: 'published', editStatus: 'none', working: null, current: { name: 'Quibblestone Two' } });
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.name).toBe('Quibblestone Two');
    expect((await listings().published(botId)).longDescription.en.value).toBe('<p><strong>New</strong></p>');
    expect((await refused(listings().edit(dashboardUser(owner), botId, { websiteUrl: '' }))).details?.[0]?.field).toBe('websiteUrl');
  });

  it('reads the queue oldest first in keyset pages that neither repeat nor skip, across ties of time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      if (i !== 2) clock.advance(60_000); // two submissions share a queue time: ties go by bot id
      ids.push((await submittedListing(t, platform.standIn)).botId);
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await queue(after, 2);
      seen.push(...page.data.map((s) => s.botId));
      if (page.next === null) break;
      after = page.next;
    }
    const mine = seen.filter((id) => ids.includes(id));
    const tied = [ids[1]!, ids[2]!].sort();
    expect(mine).toEqual([ids[0], ...tied, ids[3], ids[4]]);
    expect(new Set(seen).size).toBe(seen.length);
    for (const bad of ['x', 'bm90IGEgY3Vyc29y', '%00', 'a'.repeat(101)]) {
      expect((await t.admin('GET', `/admin/v1/submissions?after=${bad}`)).statusCode).toBe(422);
    }
    expect((await t.admin('GET', '/admin/v1/submissions?limit=0')).statusCode).toBe(422);
    expect((await t.admin('GET', '/admin/v1/submissions?limit=101')).statusCode).toBe(422);
  });

  it('keeps each bot of the management API in step with its listing', async () => {
    const { id } = await putBot(t, { published: false });
    expect((await t.admin('GET', `/admin/v1/bots/${id}/listing`)).json().data).toMatchObject({ status: 'draft', createdBy: null });
    await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: true });
    expect((await t.admin('GET', `/admin/v1/bots/${id}/listing`)).json().data.status).toBe('published');
    await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
    const listing = (await t.admin('GET', `/admin/v1/bots/${id}/listing`)).json().data;
    expect(listing.status).toBe('unlisted');
    expect(listing.history.map((h: { transition: string }) => h.transition)).toEqual(['unlist', 'publish']);
    // Its owner may list it again: the switch is the operator's, not a removal.
    const owner = (await t.admin('GET', `/admin/v1/bots/${id}`)).json().data.owners[0] as string;
    expect((await listings().relist(dashboardUser(owner), id)).status).toBe('published');
    expect((await t.admin('DELETE', `/admin/v1/bots/${id}`)).statusCode).toBe(204);
    expect((await t.admin('GET', `/admin/v1/bots/${id}/listing`)).statusCode).toBe(404);
  });

  it('shows the operator an owner\u2019s working copy of a draft', async () => {
    const owner = newUser();
    const botId = newApplication(platform.standIn);
    await listings().create(dashboardUser(owner), botId);
    await listings().edit(dashboardUser(owner), botId, completeContent());
    expect((await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data.working).toMatchObject({ name: 'Lantern' });
  });
});
