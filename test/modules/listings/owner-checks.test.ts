/**
 * What an owner's edit is checked against beyond the schemas: categories from the operator's list
 * only (CATEGORIES), and slugs no other bot has now or had before a rename (bot_slug_history, whose
 * old addresses still lead to that bot). A rename of a bot that has been public keeps its old
 * address, as a rename through the management API does.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_PROBLEM } from '../../../src/modules/listings/content.js';
import { SLUG_PROBLEM } from '../../../src/modules/listings/writer.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { newApplication, newUser, platformPerFile, refused, submittedListing } from './harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

const CATEGORIES = JSON.stringify([
  { id: 'fun', en: 'Fun', de: 'Spaß' },
  { id: 'quizzes', en: 'Quizzes', de: 'Quizze' },
]);

describe.each(backends())("an owner's edit, checked against the operator's lists and old slugs (%s)", (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: { ...platform.env, CATEGORIES } }));
  const listings = () => t.app.services.listings;

  async function draft() {
    const owner = newUser();
    const botId = newApplication(platform.standIn);
    await listings().create(dashboardUser(owner), botId);
    return { owner, botId };
  }

  it("takes categories from the operator's list only (422 beside categories otherwise)", async () => {
    const { owner, botId } = await draft();
    expect((await listings().edit(dashboardUser(owner), botId, { categories: ['quizzes', 'fun'] })).working?.categories).toEqual([
      'quizzes',
      'fun',
    ]);
    // A category the schema takes but the operator does not list (the default list's `music` too).
    for (const categories of [['music'], ['fun', 'not-listed'], ['moderation']]) {
      const error = await refused(listings().edit(dashboardUser(owner), botId, { categories }));
      expect(error.statusCode).toBe(422);
      expect(error.details).toEqual([{ field: 'categories', message: CATEGORY_PROBLEM.unknown }]);
    }
    expect((await listings().get(owner, botId)).working?.categories).toEqual(['quizzes', 'fun']);
    // No categories at all is a choice too.
    expect((await listings().edit(dashboardUser(owner), botId, { categories: [] })).working?.categories).toEqual([]);
  });

  it("keeps a bot's other categories from the management API while the owner edits other fields", async () => {
    const owner = newUser();
    const { id } = await putBot(t, { owners: [owner], categories: ['utility'], published: false });
    const listing = await listings().edit(dashboardUser(owner), id, { name: 'Renamed by its owner' });
    expect(listing.working).toMatchObject({ name: 'Renamed by its owner', categories: ['utility'] });
  });

  it('refuses a slug another bot had before a rename (its old address leads there), in that language only', async () => {
    const { id: other, body } = await putBot(t);
    const old = (body.slugs as { en: string; de: string }).en;
    expect((await t.admin('PATCH', `/admin/v1/bots/${other}`, { slugs: { de: `${old}-neu`, en: `${old}-new` } })).statusCode).toBe(200);
    expect((await t.get(`/en/bots/${old}`)).statusCode).toBe(301);
    const { owner, botId } = await draft();
    const error = await refused(listings().edit(dashboardUser(owner), botId, { slugs: { de: old, en: old } }));
    expect(error.statusCode).toBe(422);
    expect(error.details).toEqual([
      { field: 'slugs.en', message: SLUG_PROBLEM.former },
      { field: 'slugs.de', message: SLUG_PROBLEM.former },
    ]);
    // The redirect still leads to the bot that had it.
    expect((await t.get(`/en/bots/${old}`)).headers.location).toBe(`/en/bots/${old}-new`);
    // Its current slug is refused as taken, not as former.
    expect(
      (await refused(listings().edit(dashboardUser(owner), botId, { slugs: { de: `${old}-neu`, en: 'free-slug-x1' } }))).details,
    ).toEqual([{ field: 'slugs.de', message: SLUG_PROBLEM.taken }]);
  });

  it('renames a published bot through its listing: the old address leads to it, and no other bot can take it', async () => {
    const { botId, owner, listing, content } = await submittedListing(t, platform.standIn, { categories: ['quizzes'] });
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`)).statusCode).toBe(200);
    const old = content.slugs!;
    const renamed = { de: `${old.de}-2`, en: `${old.en}-2` };
    expect((await listings().edit(dashboardUser(owner), botId, { slugs: renamed })).status).toBe('published');
    expect((await t.get(`/en/bots/${renamed.en}`)).statusCode).toBe(200);
    const moved = await t.get(`/en/bots/${old.en}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/en/bots/${renamed.en}`);
    // Another owner's draft cannot take the old address; the bot itself can take it back.
    const { owner: someone, botId: theirs } = await draft();
    expect((await refused(listings().edit(dashboardUser(someone), theirs, { slugs: old }))).details?.map((d) => d.message)).toEqual([
      SLUG_PROBLEM.former,
      SLUG_PROBLEM.former,
    ]);
    expect((await listings().edit(dashboardUser(owner), botId, { slugs: old })).current.slugs).toEqual(old);
    expect((await t.get(`/en/bots/${old.en}`)).statusCode).toBe(200);
    expect((await t.get(`/en/bots/${renamed.en}`)).statusCode).toBe(301);
  });

  it('gives a new bot whose name slug another bot had before a rename the slug with its ID', async () => {
    const { id: other } = await putBot(t, { slugs: { de: 'beacon', en: 'beacon' } });
    expect((await t.admin('PATCH', `/admin/v1/bots/${other}`, { slugs: { de: 'beacon-2', en: 'beacon-2' } })).statusCode).toBe(200);
    const botId = newApplication(platform.standIn, 'Beacon');
    expect((await listings().create(dashboardUser(newUser()), botId)).working?.slugs).toEqual({
      de: `beacon-${botId}`,
      en: `beacon-${botId}`,
    });
  });
});
