/**
 * An owner's side of a listing, as the dashboard will call it: adding a bot by its application ID
 * (the platform stand-in answers), editing every field in both languages with errors by field,
 * submitting, withdrawing; and every refusal a clear 4xx, never a 500.
 */
import { describe, expect, it } from 'vitest';
import { SLUG_PROBLEM } from '../../../src/modules/listings/writer.js';
import { APPLICATION_PROBLEM } from '../../../src/modules/listings/service.js';
import { MARKDOWN_MAX_LENGTH } from '../../../src/html/markdown.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { completeContent, newApplication, newUser, platformPerFile, refused, submittedListing } from './harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

describe.each(backends())('an owner lists a bot (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: platform.env }));
  const listings = () => t.app.services.listings;

  describe('adding a bot by its application ID', () => {
    it('starts a draft from what the platform says, owned by the user, not public', async () => {
      const owner = newUser();
      const botId = newApplication(platform.standIn, 'Lantern Ü', { description: 'Daily quizzes.' });
      const listing = await listings().create(dashboardUser(owner), botId);
      expect(listing).toMatchObject({ botId, status: 'draft', editStatus: 'none', createdBy: owner, ownershipConfirmed: false });
      expect(listing.working).toMatchObject({
        name: 'Lantern Ü',
        slugs: { de: 'lantern-u', en: 'lantern-u' },
        shortDescription: { de: '', en: 'Daily quizzes.' },
        inviteUrl: `https://discord.com/oauth2/authorize?client_id=${botId}`,
      });
      expect(listing.working?.iconUrl).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/);
      expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
      const admin = (await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data;
      expect(admin).toMatchObject({ owners: [owner], published: false, publishedAt: null });
      expect(await listings().mine(owner)).toEqual([
        { botId, name: 'Lantern Ü', iconUrl: listing.working?.iconUrl, status: 'draft', editStatus: 'none' },
      ]);
    });

    it("takes the name and the ID for the slug when another bot has the name's slug, or it is reserved", async () => {
      const first = await listings().create(dashboardUser(newUser()), newApplication(platform.standIn, 'Twin'));
      expect(first.working?.slugs).toEqual({ de: 'twin', en: 'twin' });
      const second = newApplication(platform.standIn, 'Twin');
      expect((await listings().create(dashboardUser(newUser()), second)).working?.slugs).toEqual({
        de: `twin-${second}`,
        en: `twin-${second}`,
      });
      const reserved = newApplication(platform.standIn, 'Search');
      expect((await listings().create(dashboardUser(newUser()), reserved)).working?.slugs).toEqual({
        de: `search-${reserved}`,
        en: `search-${reserved}`,
      });
    });

    it("refuses a user account's ID and an application without a bot beside the field", async () => {
      const person = newUser();
      platform.standIn.addUser({ id: person, name: 'A person' });
      const noBot = newApplication(platform.standIn, 'No Bot', { bot: false });
      for (const [id, message] of [
        [person, APPLICATION_PROBLEM.user],
        [noBot, APPLICATION_PROBLEM.notBot],
      ] as const) {
        const error = await refused(listings().create(dashboardUser(newUser()), id));
        expect(error.statusCode).toBe(422);
        expect(error.details).toEqual([{ field: 'applicationId', message }]);
      }
    });

    it('refuses an ID nobody has, and text that is no ID, beside the field', async () => {
      expect((await refused(listings().create(dashboardUser(newUser()), '1388888888888888888'))).details).toEqual([
        { field: 'applicationId', message: APPLICATION_PROBLEM.unknown },
      ]);
      for (const id of ['', 'abc', '12', '<script>', '1'.repeat(21), '١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨']) {
        expect((await refused(listings().create(dashboardUser(newUser()), id))).details?.[0]?.field).toBe('applicationId');
      }
    });

    it('refuses a bot that is listed already (409), also one the operator added', async () => {
      const botId = newApplication(platform.standIn);
      await listings().create(dashboardUser(newUser()), botId);
      expect((await refused(listings().create(dashboardUser(newUser()), botId))).code).toBe('conflict');
      const { id } = await putBot(t);
      platform.standIn.addApplication({ id, name: 'Operator made' });
      expect((await refused(listings().create(dashboardUser(newUser()), id))).code).toBe('conflict');
    });

    it('is a 503 when the platform does not answer, and adds nothing', async () => {
      const botId = newApplication(platform.standIn);
      platform.standIn.failWith(503);
      try {
        expect((await refused(listings().create(dashboardUser(newUser()), botId))).code).toBe('service_unavailable');
      } finally {
        platform.standIn.failWith(undefined);
      }
      expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).statusCode).toBe(404);
    });
  });

  describe('editing', () => {
    async function draft() {
      const owner = newUser();
      const botId = newApplication(platform.standIn);
      await listings().create(dashboardUser(owner), botId);
      return { owner, botId };
    }

    it('keeps every field in both languages in the working copy, and the contact address apart', async () => {
      const { owner, botId } = await draft();
      const content = completeContent();
      const listing = await listings().edit(dashboardUser(owner), botId, { ...content, contactEmail: 'owner@example.org' });
      expect(listing.working).toEqual(content);
      expect(listing.contactEmail).toBe('owner@example.org');
      expect((await listings().edit(dashboardUser(owner), botId, { contactEmail: null })).contactEmail).toBeNull();
      expect((await listings().pendingChanges(owner, botId)).map((c) => c.field)).toContain('longDescription.en');
    });

    it('names each wrong field, as the management API does', async () => {
      const { owner, botId } = await draft();
      const error = await refused(
        listings().edit(dashboardUser(owner), botId, {
          name: '',
          slugs: { de: 'Not A Slug', en: 'ok-slug' },
          shortDescription: { de: 'x'.repeat(301), en: 'fine' },
          tags: Array.from({ length: 21 }, (_, i) => `tag${i}`),
          categories: ['fun', 'fun'],
          websiteUrl: 'javascript:alert(1)',
          supportServerUrl: 'data:text/html,<script>alert(1)</script>',
          iconUrl: 'http://insecure.example/icon.png',
          screenshots: [
            'https://a.example/1.png',
            'https://a.example/2.png',
            'https://a.example/3.png',
            'https://a.example/4.png',
            'https://a.example/5.png',
            'https://a.example/6.png',
          ],
          longDescription: { de: 'x'.repeat(MARKDOWN_MAX_LENGTH + 1), en: '' },
          contactEmail: 'not an address',
          isVerified: true,
        }),
      );
      expect(error.statusCode).toBe(422);
      expect(error.details?.map((d) => d.field).sort()).toEqual(
        [
          'name',
          'slugs.de',
          'shortDescription.de',
          'tags',
          'categories',
          'websiteUrl',
          'supportServerUrl',
          'iconUrl',
          'screenshots',
          'longDescription.de',
          'contactEmail',
          'isVerified',
        ].sort(),
      );
    });

    it.each([
      ['an empty edit', {}],
      ['a list', []],
      ['a string', 'name'],
      ['null', null],
      ['a number for the name', { name: 5 }],
      ['a screenshot over data:', { screenshots: ['data:image/png;base64,AAAA'] }],
      ['a banner over javascript:', { bannerUrl: 'javascript:alert(1)' }],
      ['repeated screenshots', { screenshots: ['https://a.example/1.png', 'https://a.example/1.png'] }],
    ])('refuses %s with a 422', async (_name, edit) => {
      const { owner, botId } = await draft();
      expect((await refused(listings().edit(dashboardUser(owner), botId, edit))).statusCode).toBe(422);
    });

    it('refuses reserved slugs and slugs another bot has, per language', async () => {
      const { owner, botId } = await draft();
      const other = await putBot(t);
      const taken = (other.body.slugs as { en: string }).en;
      const error = await refused(listings().edit(dashboardUser(owner), botId, { slugs: { de: 'new', en: taken } }));
      expect(error.details).toEqual([
        { field: 'slugs.en', message: SLUG_PROBLEM.taken },
        { field: 'slugs.de', message: SLUG_PROBLEM.reserved },
      ]);
      // The same slug in both languages of one bot is fine; another bot's German slug as an English one too.
      const otherDe = (other.body.slugs as { de: string }).de;
      expect(
        (
          await listings().edit(dashboardUser(owner), botId, {
            slugs: { de: `${otherDe}-x`, en: otherDe === taken ? `${taken}-y` : otherDe },
          })
        ).working?.slugs,
      ).toBeDefined();
    });

    it('keeps unicode and markup-looking text as text', async () => {
      const { owner, botId } = await draft();
      const name = '"><script>alert(1)</script> Ünïcødé 🤖';
      const listing = await listings().edit(dashboardUser(owner), botId, {
        name,
        shortDescription: { de: '"onmouseover="alert(1)', en: 'Grüße 👋' },
      });
      expect(listing.working).toMatchObject({ name, shortDescription: { de: '"onmouseover="alert(1)', en: 'Grüße 👋' } });
    });

    it('is a 403 for a bot that is not yours, and a 404 for one without a listing', async () => {
      const { botId } = await draft();
      const stranger = newUser();
      for (const call of [
        () => listings().get(stranger, botId),
        () => listings().edit(dashboardUser(stranger), botId, { name: 'Mine now' }),
        () => listings().submit(dashboardUser(stranger), botId),
        () => listings().withdraw(dashboardUser(stranger), botId),
        () => listings().unlist(dashboardUser(stranger), botId),
        () => listings().relist(dashboardUser(stranger), botId),
        () => listings().discardEdit(dashboardUser(stranger), botId),
        () => listings().pendingChanges(stranger, botId),
      ]) {
        expect((await refused(call())).code).toBe('forbidden');
      }
      expect((await refused(listings().get(stranger, '1377777777777777777'))).code).toBe('not_found');
      expect((await refused(listings().get(stranger, 'not-an-id'))).code).toBe('not_found');
      expect((await refused(listings().edit(dashboardUser(stranger), '1377777777777777777', { name: 'x' }))).code).toBe('not_found');
    });
  });

  describe('submitting', () => {
    it('refuses an incomplete listing, naming what is missing', async () => {
      const owner = newUser();
      const botId = newApplication(platform.standIn);
      await listings().create(dashboardUser(owner), botId);
      const error = await refused(listings().submit(dashboardUser(owner), botId));
      expect(error.statusCode).toBe(422);
      expect(error.details?.map((d) => d.field).sort()).toEqual(['shortDescription.de', 'supportServerUrl', 'websiteUrl']);
    });

    it('queues a complete listing; the bot row takes the submitted version, still not public', async () => {
      const { botId, owner, content } = await submittedListing(t, platform.standIn);
      const admin = (await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data;
      expect(admin).toMatchObject({ name: content.name, slugs: content.slugs, websiteUrl: content.websiteUrl, published: false });
      expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
      // Submitted: no edits until withdrawn; then back to a draft, out of the queue.
      expect((await refused(listings().edit(dashboardUser(owner), botId, { name: 'Changed' }))).code).toBe('conflict');
      expect((await refused(listings().submit(dashboardUser(owner), botId))).code).toBe('conflict');
      const withdrawn = await listings().withdraw(dashboardUser(owner), botId);
      expect(withdrawn).toMatchObject({ status: 'draft', submissionId: null, queuedAt: null });
      expect(withdrawn.history.map((h) => [h.transition, h.from, h.to, h.actor, h.actorId, h.via])).toEqual([
        ['withdraw', 'submitted', 'draft', 'owner', owner, 'dashboard'],
        ['submit', 'draft', 'submitted', 'owner', owner, 'dashboard'],
      ]);
      expect((await refused(listings().withdraw(dashboardUser(owner), botId))).code).toBe('conflict');
    });

    it('refuses owner steps the state does not allow (409)', async () => {
      const { botId, owner } = await submittedListing(t, platform.standIn);
      expect((await refused(listings().unlist(dashboardUser(owner), botId))).code).toBe('conflict');
      expect((await refused(listings().relist(dashboardUser(owner), botId))).code).toBe('conflict');
      expect((await refused(listings().discardEdit(dashboardUser(owner), botId))).code).toBe('conflict');
    });
  });
});
