/**
 * The bot page shows what the owner wrote in the listing once it is approved: the long description
 * in the page's language (Markdown rendered and sanitised) and the screenshots; nothing of a waiting
 * edit, and no section for a bot the operator added through the management API.
 */
import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { platformPerFile, submittedListing } from '../listings/harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

describe.each(backends())('the bot page, for a listed bot (%s)', (backend) => {
  const platform = platformPerFile();
  const t = appPerFile(backend, () => ({ env: { ...platform.env, LISTING_EDITS: 'review' } }));

  it("shows the approved long description in the page's language, sanitised, and the screenshots", async () => {
    const { botId, owner, listing, content } = await submittedListing(t, platform.standIn, {
      longDescription: {
        en: '## Plays radio\n\n**Loud** music. <script>alert(1)</script> [site](javascript:alert(1))',
        de: '## Spielt Radio\n\n**Laute** Musik.',
      },
      screenshots: ['https://cdn.example.org/one.png', 'https://cdn.example.org/two.png'],
    });
    const before = await t.get(`/en/bots/${content.slugs!.en}`);
    expect(before.statusCode).toBe(404);
    expect((await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`)).statusCode).toBe(200);

    const en = (await t.get(`/en/bots/${content.slugs!.en}`)).body;
    expect(en).toContain('<h2 id="about">About this bot</h2>');
    expect(en).toContain('<strong>Loud</strong> music.');
    expect(en).not.toContain('<script>alert(1)</script>');
    expect(en).not.toContain('javascript:alert');
    expect(en).toContain('<img src="https://cdn.example.org/two.png" alt="Screenshot 2 of ');
    const de = (await t.get(`/de/bots/${content.slugs!.de}`)).body;
    expect(de).toContain('<h2 id="about">Über diesen Bot</h2>');
    expect(de).toContain('<strong>Laute</strong> Musik.');
    expect(de).not.toContain('Loud');

    // An edit waiting for review is not shown; the approved text stays.
    await t.app.services.listings.edit(dashboardUser(owner), botId, {
      longDescription: { en: 'Something else entirely', de: 'Etwas anderes' },
    });
    const still = (await t.get(`/en/bots/${content.slugs!.en}`)).body;
    expect(still).toContain('<strong>Loud</strong> music.');
    expect(still).not.toContain('Something else entirely');
  });

  it('has no such section for a bot added through the management API', async () => {
    const { body } = await putBot(t);
    const page = await t.get(`/en/bots/${(body.slugs as { en: string }).en}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('id="about"');
  });
});
