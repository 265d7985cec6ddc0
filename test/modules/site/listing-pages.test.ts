/**
 * The owner's listing pages over `app.inject`, as a browser without script uses them: adding a bot
 * by its application ID (the platform stand-in answers), the editor with every field in both
 * languages, its preview, its steps; and every bad input a 4xx page with the error beside its
 * field or above the form, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { MARKDOWN_MAX_LENGTH } from '../../../src/html/markdown.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { newApplication } from '../listings/harness.js';
import { Browser, OWNER_A, OWNER_B, PERSONAS, VOTER } from './session-client.js';

let slugs = 0;

/** Every field of the editor, filled in validly, as the form sends it. */
function filled(overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  slugs += 1;
  const slug = `lighthouse-${Date.now().toString(36)}-${slugs}`;
  return {
    name: 'Lighthouse',
    'slugs.en': slug,
    'slugs.de': `${slug}-de`,
    'shortDescription.en': 'Guides your members through the server.',
    'shortDescription.de': 'Führt deine Mitglieder durch den Server.',
    'longDescription.en': '## Features\r\n\r\n- Guided tours\r\n- **Roles** on request',
    'longDescription.de': '## Funktionen\r\n\r\n- Führungen',
    prefix: '/',
    pricing: 'free',
    inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
    supportServerUrl: 'https://discord.gg/lighthouse',
    websiteUrl: 'https://lighthouse.example.org',
    categories: ['utility', 'welcome'],
    tags: 'tours, roles',
    iconUrl: 'https://cdn.example.org/lighthouse.png',
    bannerUrl: '',
    screenshots: ['https://cdn.example.org/shot-1.png', '', 'https://cdn.example.org/shot-2.png'],
    contactEmail: 'owner@example.org',
    intent: 'save',
    ...overrides,
  };
}

/** The error shown beside the field with this id (`l-slugs-en`), if any. */
function errorBeside(body: string, id: string): string | undefined {
  return new RegExp(`<p class="error" id="${id}-error">([^<]*)</p>`).exec(body)?.[1];
}

for (const backend of backends()) {
  describe(`the owner's listing pages (${backend})`, () => {
    let provider: DemoProvider;
    let platform: PlatformStandIn;
    let t: TestApp;
    let reviewed: TestApp;
    let owner: Browser;
    let other: Browser;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      platform = await startPlatformStandIn();
      t = await testApp(backend, { env: { ...provider.env, ...platform.env } });
      // A second process on the same database, where an approved listing's edit waits for review.
      reviewed = await testApp(backend, { db: t.db, env: { ...provider.env, ...platform.env, LISTING_EDITS: 'review' } });
      owner = new Browser(t);
      await owner.signIn(OWNER_A.id);
      other = new Browser(t);
      await other.signIn(OWNER_B.id);
    });
    afterAll(async () => {
      await reviewed?.close();
      await t?.close();
      await platform?.stop();
      await provider?.stop();
    });

    /** A bot OWNER_A added through the page: its id, and the editor's page. */
    async function added(name = 'Lighthouse'): Promise<{ botId: string; page: string }> {
      const botId = newApplication(platform, name);
      const form = await owner.get('/dashboard/bots/new?lang=en');
      const response = await owner.post('/dashboard/bots/new?lang=en', { applicationId: botId }, form.body);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=added`);
      const page = await owner.get(String(response.headers.location));
      expect(page.statusCode).toBe(200);
      return { botId, page: page.body };
    }

    describe('adding a bot', () => {
      it('asks for the application ID, signed in only, and leads to the editor of the new draft (POST → 303 → GET)', async () => {
        expect((await new Browser(t).get('/dashboard/bots/new')).statusCode).toBe(303);
        const form = await owner.get('/dashboard/bots/new?lang=en');
        expect(form.statusCode).toBe(200);
        expect(form.headers['cache-control']).toBe('private, no-store');
        expect(form.body).toContain('<label for="application-id">Application ID</label>');
        expect(form.body).toMatch(/name="_csrf" value="[^"]+"/);
        const { botId, page } = await added('Lighthouse <i>');
        expect(page).toContain('Your bot is added as a draft.');
        expect(page).toContain('<h1>Listing of Lighthouse &lt;i&gt;</h1>');
        expect(page).toContain('<strong>Draft</strong>');
        expect(page).toContain(`action="/dashboard/bots/${botId}/listing/submit?lang=en"`);
        // The dashboard lists it with its state, linked to the editor; the bot's page links the editor too.
        const list = await owner.get('/dashboard?lang=en');
        expect(list.body).toMatch(new RegExp(`<a href="/dashboard/bots/${botId}/listing\\?lang=en">Draft</a\\s*>`));
        expect(list.body).toContain('href="/dashboard/bots/new?lang=en">Add a bot</a>');
        const overview = await owner.get(`/dashboard/bots/${botId}?lang=de`);
        expect(overview.body).toContain(`href="/dashboard/bots/${botId}/listing?lang=de">Eintrag bearbeiten</a>`);
      });

      it('shows each refusal beside the field, in the page language, with the status of the refusal', async () => {
        const person = '210000000000000077';
        platform.addUser({ id: person, name: 'A person' });
        const noBot = newApplication(platform, 'No Bot', { bot: false });
        const listed = newApplication(platform);
        const form = await owner.get('/dashboard/bots/new?lang=en');
        expect((await owner.post('/dashboard/bots/new?lang=en', { applicationId: listed }, form.body)).statusCode).toBe(303);
        const cases: [string, number, string, string][] = [
          ['', 422, 'Fill in this field.', 'Bitte fülle dieses Feld aus.'],
          ['not an id', 422, 'Enter the 17 to 20 digits of an application ID.', 'Bitte gib die 17 bis 20 Ziffern einer Anwendungs-ID ein.'],
          [
            '<script>alert(1)</script>',
            422,
            'Enter the 17 to 20 digits of an application ID.',
            'Bitte gib die 17 bis 20 Ziffern einer Anwendungs-ID ein.',
          ],
          [
            '1'.repeat(21),
            422,
            'Enter the 17 to 20 digits of an application ID.',
            'Bitte gib die 17 bis 20 Ziffern einer Anwendungs-ID ein.',
          ],
          ['1388888888888888888', 422, 'No application has this ID.', 'Keine Anwendung hat diese ID.'],
          [
            person,
            422,
            'This is the ID of a user account. Enter the ID of your application.',
            'Das ist die ID eines Nutzerkontos. Bitte gib die ID deiner Anwendung ein.',
          ],
          [
            noBot,
            422,
            'This application has no bot user. Add a bot user to it first.',
            'Diese Anwendung hat keinen Bot-Nutzer. Füge ihr zuerst einen hinzu.',
          ],
          [listed, 409, 'This bot is listed already.', 'Dieser Bot ist schon eingetragen.'],
        ];
        for (const [applicationId, status, en, de] of cases) {
          for (const [lang, words] of [
            ['en', en],
            ['de', de],
          ] as const) {
            const response = await owner.post(`/dashboard/bots/new?lang=${lang}`, { applicationId }, form.body);
            expect(response.statusCode, applicationId).toBe(status);
            expect(errorBeside(response.body, 'application-id'), applicationId).toBe(words);
            expect(response.body).toContain('aria-invalid="true"');
            expect(response.body).not.toContain('<script>alert(1)</script>');
          }
        }
      });

      it('is a 503 beside the field while the platform is down, and adds nothing', async () => {
        const botId = newApplication(platform);
        const form = await owner.get('/dashboard/bots/new?lang=en');
        platform.failWith(503);
        try {
          const response = await owner.post('/dashboard/bots/new?lang=en', { applicationId: botId }, form.body);
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBeDefined();
          expect(errorBeside(response.body, 'application-id')).toBe(
            'The chat platform does not answer right now. Please try again in a minute.',
          );
        } finally {
          platform.failWith(undefined);
        }
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).statusCode).toBe(404);
      });

      it('refuses a form without the session’s CSRF token, and one sent without a session', async () => {
        const botId = newApplication(platform);
        expect((await owner.post('/dashboard/bots/new', { applicationId: botId })).statusCode).toBe(403);
        expect((await owner.post('/dashboard/bots/new', { applicationId: botId, _csrf: 'forged' })).statusCode).toBe(403);
        expect((await new Browser(t).post('/dashboard/bots/new', { applicationId: botId })).statusCode).toBe(401);
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).statusCode).toBe(404);
      });
    });

    describe('the editor', () => {
      it('shows every field in both languages, the categories of the operator, and the working copy', async () => {
        const { page } = await added();
        for (const name of [
          'name',
          'slugs.en',
          'slugs.de',
          'shortDescription.en',
          'shortDescription.de',
          'longDescription.en',
          'longDescription.de',
          'prefix',
          'pricing',
          'inviteUrl',
          'supportServerUrl',
          'websiteUrl',
          'tags',
          'iconUrl',
          'bannerUrl',
          'contactEmail',
        ]) {
          expect(page, name).toContain(`name="${name}"`);
        }
        expect(page.match(/name="screenshots"/g)).toHaveLength(5);
        expect(page).toMatch(/<input\s+type="checkbox"\s+name="categories"\s+value="music"\s*\/>/);
        expect(page).toContain('name="intent" value="preview"');
        expect(page).toContain('Daily quizzes and trivia nights.');
      });

      it('saves every field (POST → 303 → GET), keeps unicode and markup as text, and shows what the saved version changes', async () => {
        const { botId, page } = await added();
        const form = filled({ name: 'Leuchtturm "Ü" <b>🤖</b>' });
        const saved = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, form, page);
        expect(saved.statusCode).toBe(303);
        expect(saved.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=saved`);
        const listing = await t.app.services.listings.get(OWNER_A.id, botId);
        expect(listing.working).toMatchObject({
          name: 'Leuchtturm "Ü" <b>🤖</b>',
          slugs: { en: form['slugs.en'], de: form['slugs.de'] },
          longDescription: { en: '## Features\n\n- Guided tours\n- **Roles** on request', de: '## Funktionen\n\n- Führungen' },
          categories: ['utility', 'welcome'],
          tags: ['tours', 'roles'],
          bannerUrl: null,
          screenshots: ['https://cdn.example.org/shot-1.png', 'https://cdn.example.org/shot-2.png'],
        });
        expect(listing.contactEmail).toBe('owner@example.org');
        const shown = await owner.get(String(saved.headers.location));
        expect(shown.body).toContain('<p class="ok" role="status">Saved.</p>');
        expect(shown.body).toContain('value="Leuchtturm &quot;Ü&quot; &lt;b&gt;🤖&lt;/b&gt;"');
        expect(shown.body).not.toContain('<b>🤖</b>');
        // A draft never submitted has no version to compare with: no changes are listed.
        expect(shown.body).not.toContain('<h2 id="changes">');
        expect(shown.body).toMatch(/<input\s+type="checkbox"\s+name="categories"\s+value="welcome"\s+checked\s*\/>/);
      });

      it('refuses bad values beside each field, in German too, keeps what was typed, and saves nothing', async () => {
        const { botId, page } = await added();
        const before = (await t.app.services.listings.get(OWNER_A.id, botId)).working;
        const response = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=de`,
          filled({
            name: '   ',
            'slugs.en': 'Not A Slug',
            websiteUrl: 'javascript:alert(1)',
            supportServerUrl: 'data:text/html,<script>alert(1)</script>',
            iconUrl: 'http://insecure.example/icon.png',
            bannerUrl: 'data:image/png;base64,AAAA',
            screenshots: ['https://a.example/1.png', 'javascript:alert(1)'],
            'longDescription.en': 'x'.repeat(MARKDOWN_MAX_LENGTH + 1),
            'shortDescription.de': 'x'.repeat(301),
            tags: 'Upper Case, ok',
            pricing: 'Free Forever',
            contactEmail: 'not an address',
          }),
          page,
        );
        expect(response.statusCode).toBe(422);
        const body = response.body;
        expect(errorBeside(body, 'l-name')).toBe('Bitte fülle dieses Feld aus.');
        expect(errorBeside(body, 'l-slugs-en')).toBe('Bitte verwende nur Kleinbuchstaben, Ziffern und einzelne Bindestriche.');
        expect(errorBeside(body, 'l-websiteUrl')).toBe('Bitte gib eine Adresse ein, die mit https:// oder http:// beginnt.');
        expect(errorBeside(body, 'l-supportServerUrl')).toBe('Bitte gib eine Adresse ein, die mit https:// oder http:// beginnt.');
        expect(errorBeside(body, 'l-iconUrl')).toBe('Bitte gib eine Adresse ein, die mit https:// beginnt.');
        expect(errorBeside(body, 'l-bannerUrl')).toBe('Bitte gib eine Adresse ein, die mit https:// beginnt.');
        expect(errorBeside(body, 'l-screenshots-1')).toBe('Bitte gib eine Adresse ein, die mit https:// beginnt.');
        expect(errorBeside(body, 'l-longDescription-en')).toBe('Bitte verwende höchstens 10000 Zeichen.');
        expect(errorBeside(body, 'l-shortDescription-de')).toBe('Bitte verwende höchstens 300 Zeichen.');
        expect(errorBeside(body, 'l-tags')).toMatch(/^Tags sind kleingeschriebene Wörter/);
        expect(errorBeside(body, 'l-pricing')).toBe('Bitte verwende ein kleingeschriebenes Wort, zum Beispiel free.');
        expect(errorBeside(body, 'l-contactEmail')).toBe('Bitte gib eine E-Mail-Adresse wie name@example.org ein.');
        // The summary links each field; what was typed is shown again, escaped.
        expect(body).toContain('<a href="#l-websiteUrl">Website</a>');
        expect(body).toContain('value="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"');
        expect(body).not.toContain('<script>alert(1)</script>');
        expect((await t.app.services.listings.get(OWNER_A.id, botId)).working).toEqual(before);
      });

      it("refuses reserved slugs, another bot's slugs and categories not in the operator's list beside their fields", async () => {
        const { botId, page } = await added();
        const { body: theirs } = await putBot(t);
        const taken = (theirs.slugs as { en: string }).en;
        const response = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ 'slugs.en': taken, 'slugs.de': 'search' }),
          page,
        );
        expect(response.statusCode).toBe(422);
        expect(errorBeside(response.body, 'l-slugs-en')).toBe('Another bot has this address already.');
        expect(errorBeside(response.body, 'l-slugs-de')).toBe('This word is reserved for the site’s own pages.');
        const unknown = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled({ categories: ['utility', 'no-such'] }), page);
        expect(unknown.statusCode).toBe(422);
        expect(errorBeside(unknown.body, 'l-categories')).toBe('Choose categories from the list only.');
        const twice = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled({ categories: ['utility', 'utility'] }), page);
        expect(errorBeside(twice.body, 'l-categories')).toBe('Each value only once, please.');
      });

      it('takes the last of a repeated field, refuses more than 5 screenshots, ignores fields it does not have, and answers a JSON body with a 4xx', async () => {
        const { botId, page } = await added();
        const repeated = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled({ name: ['First', 'Second'] }), page);
        expect(repeated.statusCode).toBe(303);
        expect((await t.app.services.listings.get(OWNER_A.id, botId)).working?.name).toBe('Second');
        const many = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ screenshots: Array.from({ length: 6 }, (_, i) => `https://cdn.example.org/${i}.png`) }),
          page,
        );
        expect(many.statusCode).toBe(422);
        expect(errorBeside(many.body, 'l-screenshots')).toBe('Choose 5 at most.');
        // Fields the form does not have (owners, verification, publication) change nothing.
        const extra = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ owners: OWNER_B.id, isVerified: 'true', published: 'true', status: 'published' }),
          page,
        );
        expect(extra.statusCode).toBe(303);
        const admin = (await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data;
        expect(admin).toMatchObject({ owners: [OWNER_A.id], isVerified: false, published: false });
        // A JSON body with the wrong types: the page's 422, never a 500.
        const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
        const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        for (const payload of [
          { _csrf: csrf, name: 5, screenshots: { a: 1 }, categories: [1, null], intent: 'save' },
          { _csrf: csrf, name: ['x', 7], intent: ['save', {}] },
        ]) {
          const response = await t.inject({
            method: 'POST',
            url: `/dashboard/bots/${botId}/listing?lang=en`,
            headers: { cookie, 'content-type': 'application/json' },
            payload,
          });
          expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
        }
        const form = await owner.get('/dashboard/bots/new?lang=en');
        const wrong = await t.inject({
          method: 'POST',
          url: '/dashboard/bots/new?lang=en',
          headers: { cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'content-type': 'application/json' },
          payload: { _csrf: /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1], applicationId: 1234567890123 },
        });
        expect(wrong.statusCode).toBe(422);
      });

      it('previews the long description sanitised, without saving it; script, javascript: and data: links never get through', async () => {
        const { botId, page } = await added();
        const before = (await t.app.services.listings.get(OWNER_A.id, botId)).working;
        const response = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({
            intent: 'preview',
            'longDescription.en':
              '## Hello\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [ok](https://ok.example.org) <img src=x onerror=alert(1)>',
            'longDescription.de': '',
          }),
          page,
        );
        expect(response.statusCode).toBe(200);
        const preview = /<section class="card"[\s\S]*?<\/section>/.exec(response.body)?.[0] ?? '';
        expect(preview).toContain('<h4>Hello</h4>');
        expect(preview).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(preview).toContain('<a href="https://ok.example.org" rel="nofollow ugc noopener">ok</a>');
        // Markup typed in the Markdown is text; a link to javascript: or data: is its text only.
        expect(preview).not.toMatch(/<script|<img|href="(javascript|data):|<[^>]*\sonerror=/i);
        expect(preview).toContain('&lt;img src=x onerror=alert(1)&gt;');
        expect(preview).toContain('No long description yet.');
        expect((await t.app.services.listings.get(OWNER_A.id, botId)).working).toEqual(before);
        // Oversized Markdown is not rendered: the error stands beside the field.
        const big = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ intent: 'preview', 'longDescription.de': '# x\n'.repeat(3000) }),
          page,
        );
        expect(big.statusCode).toBe(422);
        expect(errorBeside(big.body, 'l-longDescription-de')).toBe('Use at most 10000 characters.');
      });

      it('takes a long description of 10,000 characters in each language (multi-byte), above the other forms’ body limit', async () => {
        const { botId, page } = await added();
        const saved = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ 'longDescription.en': 'ü'.repeat(MARKDOWN_MAX_LENGTH), 'longDescription.de': '語'.repeat(MARKDOWN_MAX_LENGTH) }),
          page,
        );
        expect(saved.statusCode).toBe(303);
        expect((await t.app.services.listings.get(OWNER_A.id, botId)).working?.longDescription?.de).toHaveLength(MARKDOWN_MAX_LENGTH);
        // Far beyond any listing: 413, a page saying so; the add form keeps the small limit of the other forms.
        const huge = await owner.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          filled({ 'longDescription.en': 'x'.repeat(300_000) }),
          page,
        );
        expect(huge.statusCode).toBe(413);
        expect(huge.body).toContain('What was sent is too large.');
        const form = await owner.get('/dashboard/bots/new?lang=en');
        expect((await owner.post('/dashboard/bots/new?lang=en', { applicationId: '1'.repeat(20_000) }, form.body)).statusCode).toBe(413);
      });

      it('is a 403 for a bot that is not yours: the page, the form, the preview and every step', async () => {
        const { botId, page } = await added();
        const theirs = await other.get('/dashboard?lang=en');
        expect((await other.get(`/dashboard/bots/${botId}/listing`)).statusCode).toBe(403);
        for (const intent of ['save', 'preview']) {
          expect((await other.post(`/dashboard/bots/${botId}/listing`, filled({ intent }), theirs.body)).statusCode).toBe(403);
        }
        for (const step of ['submit', 'withdraw', 'unlist', 'relist', 'discard-edit']) {
          expect((await other.post(`/dashboard/bots/${botId}/listing/${step}`, {}, theirs.body)).statusCode, step).toBe(403);
        }
        expect((await owner.get('/dashboard/bots/1377777777777777777/listing')).statusCode).toBe(404);
        expect((await owner.get('/dashboard/bots/not-an-id/listing')).statusCode).toBe(422);
        expect((await owner.post(`/dashboard/bots/${botId}/listing/publish`, {}, page)).statusCode).toBe(422);
        // Without the CSRF token: refused before anything happens.
        expect((await owner.post(`/dashboard/bots/${botId}/listing`, filled())).statusCode).toBe(403);
        expect((await owner.post(`/dashboard/bots/${botId}/listing/submit`, { _csrf: 'forged' })).statusCode).toBe(403);
        expect((await t.app.services.listings.get(OWNER_A.id, botId)).status).toBe('draft');
        const voter = new Browser(t);
        await voter.signIn(VOTER.id);
        expect((await voter.get(`/dashboard/bots/${botId}/listing`)).statusCode).toBe(403);
      });
    });

    describe('the steps', () => {
      it('names what a submission misses beside each field, then submits, withdraws, and refuses steps the state does not allow', async () => {
        const { botId, page } = await added();
        const incomplete = await owner.post(`/dashboard/bots/${botId}/listing/submit?lang=en`, {}, page);
        expect(incomplete.statusCode).toBe(422);
        expect(incomplete.body).toContain('Please complete the fields marked below first.');
        for (const id of ['l-shortDescription-de', 'l-supportServerUrl', 'l-websiteUrl']) {
          expect(errorBeside(incomplete.body, id), id).toBe('Fill in this field.');
        }
        expect((await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled(), page)).statusCode).toBe(303);
        const submitted = await owner.post(`/dashboard/bots/${botId}/listing/submit?lang=en`, {}, page);
        expect(submitted.statusCode).toBe(303);
        expect(submitted.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=submitted`);
        const waiting = await owner.get(String(submitted.headers.location));
        expect(waiting.body).toContain('<strong>Waiting for review</strong>');
        expect(waiting.body).toContain('Submitted. The moderators will review it.');
        expect(waiting.body).not.toContain('name="intent"');
        // Steps the state does not allow: the page again, saying so, with 409.
        for (const step of ['submit', 'unlist', 'relist', 'discard-edit']) {
          const refused = await owner.post(`/dashboard/bots/${botId}/listing/${step}?lang=de`, {}, waiting.body);
          expect(refused.statusCode, step).toBe(409);
          expect(refused.body).toContain(
            '<p class="error" role="alert">Wartet auf Prüfung: Dieser Schritt ist jetzt nicht möglich. Bitte lade die Seite neu.</p>',
          );
        }
        const edit = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled(), waiting.body);
        expect(edit.statusCode).toBe(409);
        const withdrawn = await owner.post(`/dashboard/bots/${botId}/listing/withdraw?lang=en`, {}, waiting.body);
        expect(withdrawn.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=withdrawn`);
        const draft = await owner.get(String(withdrawn.headers.location));
        expect(draft.body).toContain('<strong>Draft</strong>');
        expect(draft.body).toMatch(/<td>Withdrawn<\/td>\s*<td>Owner<\/td>/);
        // Only the page's own words follow `done=`.
        for (const done of ['constructor', '__proto__', '<script>']) {
          const odd = await owner.get(`/dashboard/bots/${botId}/listing?lang=en&done=${encodeURIComponent(done)}`);
          expect(odd.statusCode).toBe(200);
          expect(odd.body).not.toContain('role="status"');
        }
        // The address of a step, opened by itself, leads to the editor.
        const opened = await owner.get(`/dashboard/bots/${botId}/listing/submit?lang=en`);
        expect(opened.statusCode).toBe(303);
        expect(opened.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en`);
      });

      it('shows the moderators’ note, unlists and lists again an approved listing', async () => {
        const { botId, page } = await added();
        expect((await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled(), page)).statusCode).toBe(303);
        expect((await owner.post(`/dashboard/bots/${botId}/listing/submit?lang=en`, {}, page)).statusCode).toBe(303);
        const queued = await t.app.services.listings.get(OWNER_A.id, botId);
        const sentBack = await t.admin('POST', `/admin/v1/submissions/${queued.submissionId}/request-changes`, {
          note: 'Please add a <German> description.',
        });
        expect(sentBack.statusCode).toBe(200);
        const back = await owner.get(`/dashboard/bots/${botId}/listing?lang=en`);
        expect(back.body).toContain('<strong>Changes requested</strong>');
        expect(back.body).toContain('<p>Please add a &lt;German&gt; description.</p>');
        expect((await owner.post(`/dashboard/bots/${botId}/listing/submit?lang=en`, {}, back.body)).statusCode).toBe(303);
        const again = await t.app.services.listings.get(OWNER_A.id, botId);
        expect((await t.admin('POST', `/admin/v1/submissions/${again.submissionId}/approve`)).statusCode).toBe(200);
        const published = await owner.get(`/dashboard/bots/${botId}/listing?lang=en`);
        expect(published.body).toContain('<strong>Published</strong>');
        expect(published.body).toContain('Changes you save are shown at once.');
        const unlisted = await owner.post(`/dashboard/bots/${botId}/listing/unlist?lang=en`, {}, published.body);
        expect(unlisted.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=unlisted`);
        expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
        const relisted = await owner.post(`/dashboard/bots/${botId}/listing/relist?lang=en`, {}, published.body);
        expect(relisted.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=relisted`);
        expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(200);
        // A live edit of a published listing: at once on the bot.
        const renamed = await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, filled({ name: 'Lighthouse Two' }), published.body);
        expect(renamed.statusCode).toBe(303);
        expect((await t.get(`/api/v1/bots/${botId}`)).json().data.name).toBe('Lighthouse Two');
      });

      it('under LISTING_EDITS=review, an edit of a published listing waits, shows its changes, and can be discarded', async () => {
        const { botId, page } = await added();
        const content = filled();
        expect((await owner.post(`/dashboard/bots/${botId}/listing?lang=en`, content, page)).statusCode).toBe(303);
        expect((await owner.post(`/dashboard/bots/${botId}/listing/submit?lang=en`, {}, page)).statusCode).toBe(303);
        const queued = await t.app.services.listings.get(OWNER_A.id, botId);
        expect((await t.admin('POST', `/admin/v1/submissions/${queued.submissionId}/approve`)).statusCode).toBe(200);
        const browser = new Browser(reviewed);
        await browser.signIn(OWNER_A.id);
        const editor = await browser.get(`/dashboard/bots/${botId}/listing?lang=en`);
        expect(editor.body).toContain('shown once a moderator approves them');
        const saved = await browser.post(
          `/dashboard/bots/${botId}/listing?lang=en`,
          { ...content, name: 'Lighthouse Renamed' },
          editor.body,
        );
        expect(saved.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=savedForReview`);
        const waiting = await browser.get(String(saved.headers.location));
        expect(waiting.body).toContain('Saved. Your edit waits for review.');
        expect(waiting.body).toContain('An edit waits for review');
        expect(waiting.body).toMatch(
          /<th scope="row">Name<\/th>\s*<td class="before">Lighthouse<\/td>\s*<td class="after">Lighthouse Renamed<\/td>/,
        );
        expect((await reviewed.get(`/api/v1/bots/${botId}`)).json().data.name).toBe('Lighthouse');
        const discarded = await browser.post(`/dashboard/bots/${botId}/listing/discard-edit?lang=en`, {}, waiting.body);
        expect(discarded.headers.location).toBe(`/dashboard/bots/${botId}/listing?lang=en&done=discarded`);
        const after = await browser.get(String(discarded.headers.location));
        expect(after.body).not.toContain('<h2 id="changes">');
        expect(after.body).toContain('value="Lighthouse"');
      });
    });
  });
}
