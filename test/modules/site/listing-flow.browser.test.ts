/**
 * Issue 30's browser test: an owner adds a bot through the platform stand-in, writes its listing
 * (Markdown with a preview), submits it; an operator sends it back with a note (a reason
 * template), the owner fixes it and submits again, the operator approves; the bot is in search, on
 * its page and in the lists; a visitor reports it, the operator resolves the report and the
 * visitor reads the answer. Real clicks and form fills in Chromium, no script needed by the pages.
 * The flow runs twice: once with the owner in German and the operator in English, once the other
 * way round, so every page of it is seen in both languages; screenshots in light and dark, at
 * desktop width and at 390 px, go to test-artifacts/listing-flow.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider, type Persona } from '../../../scripts/demo-provider.js';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { TEXTS, type Lang } from '../../../src/html/i18n/index.js';
import { freshDatabase, testConfig } from '../../helpers.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { DESKTOP, freePort, shoot, signInAs, type Watched, watchedPage } from '../../support/browser-flow.js';

const ARTIFACTS = 'test-artifacts/listing-flow';
const OPERATOR: Persona = { id: '230000000000000001', name: 'Olga Operator', label: 'Sign in as the operator' };
const VISITOR: Persona = { id: '230000000000000002', name: 'Vera Visitor', label: 'Sign in as a visitor' };
const OWNERS: Record<Lang, Persona> = {
  de: { id: '230000000000000011', name: 'Dora Owner', label: 'Sign in as a German-speaking owner' },
  en: { id: '230000000000000012', name: 'Eddie Owner', label: 'Sign in as an English-speaking owner' },
};
const IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f9e6e"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';

/** Banners and screenshots are wide, as real ones are. */
const WIDE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 400"><rect width="1280" height="400" fill="#1d5c8c"/><circle cx="1080" cy="120" r="60" fill="#f5c542"/><rect x="80" y="150" width="560" height="48" rx="10" fill="#fff"/><rect x="80" y="230" width="380" height="28" rx="8" fill="#cfe3f3"/></svg>';

let provider: DemoProvider;
let standIn: PlatformStandIn;
let app: FastifyInstance;
let db: Database;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: [OWNERS.de, OWNERS.en, OPERATOR, VISITOR] });
  standIn = await startPlatformStandIn();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({
    config: testConfig({ ...provider.env, ...standIn.env, BASE_URL: origin, OPERATOR_USER_IDS: OPERATOR.id }),
    db,
    logger: false,
    workers: true,
  });
  await app.listen({ port, host: '127.0.0.1' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await standIn?.stop();
  await provider?.stop();
});

/**
 * A browser context in `lang` (its Accept-Language) whose page fails the test on script errors,
 * CSP refusals and failed loads of our own origin. Every image elsewhere is answered by the
 * context itself (no network).
 */
async function open(lang: Lang): Promise<Watched> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
  await context.route(
    (url) => url.origin !== origin && url.origin !== provider.origin,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: /-(banner|shot)\./.test(route.request().url()) ? WIDE_SVG : IMAGE_SVG }),
  );
  return watchedPage(context, origin);
}

/** Reloads (a bounded number of times) until `locator` shows: other processes' caches follow the change feed. */
async function untilShown(page: Page, locator: Locator): Promise<void> {
  for (let i = 0; i < 50 && (await locator.count()) === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.reload();
  }
  await locator.first().waitFor();
}

interface Run {
  /** The owner's (and visitor's) language; the operator uses the other. */
  owner: Lang;
  operator: Lang;
  name: string;
  slug: string;
  category: { id: string; label: Record<Lang, string> };
  /** How the operator resolves the report. */
  resolution: 'actioned' | 'dismissed';
}

const RUNS: Run[] = [
  {
    owner: 'de',
    operator: 'en',
    name: 'Kometenquiz',
    slug: 'kometenquiz',
    category: { id: 'games', label: { en: 'Games', de: 'Spiele' } },
    resolution: 'dismissed',
  },
  {
    owner: 'en',
    operator: 'de',
    name: 'Orbitronome',
    slug: 'orbitronome',
    category: { id: 'music', label: { en: 'Music', de: 'Musik' } },
    resolution: 'actioned',
  },
];

let applicationCounter = 0;

describe('an owner lists a bot, an operator moderates it, a visitor reports it (Chromium)', () => {
  for (const run of RUNS) {
    it(`owner in ${run.owner}, operator in ${run.operator}: ${run.name}`, { timeout: 240_000 }, async () => {
      const tag = `${run.owner}-owner`;
      const owner = OWNERS[run.owner];
      const o = TEXTS[run.owner];
      const c = TEXTS[run.operator];
      const visitorLang = run.owner;
      const v = TEXTS[visitorLang];
      applicationCounter += 1;
      const applicationId = `14600000000000000${applicationCounter}0`;
      standIn.addApplication({ id: applicationId, name: run.name, description: 'A bot of the browser test.' });
      const templateTitle = `${run.name}: German description missing`;
      const templateBody = 'Please describe every feature in both languages.';

      // 1. A new user signs in and adds the bot by its application ID.
      const ownerSide = await open(run.owner);
      const op = ownerSide.page;
      /** The listing's state, as the editor says it under its heading. */
      const state = op.locator('#state + p > strong');
      await op.goto(`${origin}/dashboard`);
      await signInAs(op, owner, origin);
      await op.getByRole('heading', { name: o.dash.title, level: 1 }).waitFor();
      await op.getByRole('link', { name: o.listing.add }).click();
      await op.getByRole('heading', { name: o.listing.addTitle, level: 1 }).waitFor();
      await shoot(op, `${ARTIFACTS}/${tag}-1-add`);
      // An unknown application first: the error shows beside the field.
      await op.getByLabel(o.listing.applicationId).fill('14699999999999999999');
      await op.getByRole('button', { name: o.listing.addButton }).click();
      await op.getByText(o.listing.unknownApplication).waitFor();
      // The 422 is the page's own answer, not a failure of the page.
      ownerSide.problems.splice(0);
      await op.getByLabel(o.listing.applicationId).fill(applicationId);
      await op.getByRole('button', { name: o.listing.addButton }).click();
      await op.getByRole('heading', { name: o.listing.title(run.name), level: 1 }).waitFor();
      await op.getByText(o.listing.done.added!).waitFor();
      await expect(state.textContent()).resolves.toBe(o.listing.status.draft);

      // 2. The Markdown long description, once previewed, then every field submitting needs, saved.
      const field = (name: string) => op.getByLabel(o.listing.fields[name]!, { exact: true });
      await field('name').fill(run.name);
      await field('slugs.en').fill(run.slug);
      await field('slugs.de').fill(`${run.slug}-de`);
      await field('shortDescription.en').fill(`${run.name} runs quiz nights on your server.`);
      await field('shortDescription.de').fill(`${run.name} veranstaltet Quizabende auf deinem Server.`);
      await field('longDescription.en').fill(
        `## Features\n\n- **Daily** quizzes\n- Leaderboards per server\n\n[Docs](https://${run.slug}.example.org/docs)\n\n<script>alert(1)</script>`,
      );
      await field('longDescription.de').fill('## Funktionen\n\n- **Tägliche** Quizze');
      await op.getByRole('button', { name: o.listing.preview, exact: true }).click();
      const preview = op.locator('#preview-section');
      await preview.getByRole('heading', { name: o.listing.previewTitle }).waitFor();
      // Rendered on the server: headings from h3 on, emphasis, the link; the script shows as text.
      await preview.getByRole('heading', { name: 'Features' }).waitFor();
      await expect(preview.locator('strong', { hasText: 'Daily' }).count()).resolves.toBe(1);
      await expect(preview.getByRole('link', { name: 'Docs' }).getAttribute('href')).resolves.toBe(`https://${run.slug}.example.org/docs`);
      await expect(preview.locator('script').count()).resolves.toBe(0);
      await expect(preview.getByText('<script>alert(1)</script>').count()).resolves.toBe(1);
      // The preview saved nothing and kept what was typed.
      await expect(field('longDescription.de').inputValue()).resolves.toContain('Tägliche');
      await shoot(op, `${ARTIFACTS}/${tag}-2-preview`);
      await field('prefix').fill('!');
      await field('pricing').fill('free');
      await field('inviteUrl').fill(`https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot`);
      await field('supportServerUrl').fill(`https://discord.gg/${run.slug}`);
      await field('websiteUrl').fill(`https://${run.slug}.example.org`);
      await op.getByRole('checkbox', { name: run.category.label[run.owner], exact: true }).check();
      await field('tags').fill('quiz, trivia');
      await field('iconUrl').fill(`https://cdn.example.org/${run.slug}.svg`);
      await field('bannerUrl').fill(`https://cdn.example.org/${run.slug}-banner.svg`);
      await op.getByLabel(o.listing.screenshot(1), { exact: true }).fill(`https://cdn.example.org/${run.slug}-shot.svg`);
      await field('contactEmail').fill(`owner@${run.slug}.example.org`);
      await op.getByRole('button', { name: o.listing.save, exact: true }).click();
      await op.getByText(o.listing.done.saved!, { exact: true }).waitFor();
      await expect(field('tags').inputValue()).resolves.toBe('quiz, trivia');

      // 3. Submitted.
      await op.getByRole('button', { name: o.listing.submit }).click();
      await op.getByText(o.listing.done.submitted!).waitFor();
      await expect(state.textContent()).resolves.toBe(o.listing.status.submitted);
      await expect(op.getByRole('button', { name: o.listing.withdraw }).count()).resolves.toBe(1);
      await shoot(op, `${ARTIFACTS}/${tag}-3-submitted`);

      // 4. The operator makes a reason template, finds the submission in the queue and sends it back with it.
      const operatorSide = await open(run.operator);
      const mp = operatorSide.page;
      await mp.goto(`${origin}/console?lang=${run.operator}`);
      await signInAs(mp, OPERATOR, origin);
      await mp.getByRole('heading', { name: c.console.sections.submissions, level: 1 }).waitFor();
      await mp.getByRole('navigation', { name: c.console.nav }).getByRole('link', { name: c.console.sections.templates }).click();
      await mp.getByLabel(c.console.templateTitle, { exact: true }).fill(templateTitle);
      await mp.getByLabel(c.console.templateBody, { exact: true }).fill(templateBody);
      await mp.getByRole('button', { name: c.console.add, exact: true }).click();
      await mp.getByText(c.console.done.template_added!).waitFor();
      await mp.getByRole('heading', { name: templateTitle }).waitFor();
      await mp.getByRole('navigation', { name: c.console.nav }).getByRole('link', { name: c.console.sections.submissions }).click();
      const queueRow = mp.getByRole('row').filter({ hasText: run.name });
      await expect(queueRow.getByText(c.console.kinds.listing).count()).resolves.toBe(1);
      await expect(queueRow.getByText(c.console.ownershipUnchecked).count()).resolves.toBe(1);
      await shoot(mp, `${ARTIFACTS}/${tag}-4-console-queue`);
      await queueRow.getByRole('link', { name: run.name }).click();
      await mp.getByRole('heading', { name: c.console.submissionTitle(run.name), level: 1 }).waitFor();
      // The diff: each field with its value as submitted (as text, never rendered).
      const diff = mp.locator('table.diff');
      const longEn = diff
        .getByRole('row')
        .filter({ has: mp.getByRole('rowheader', { name: `${c.console.fields.longDescription} (${c.console.inLang.en})` }) });
      await expect(longEn.locator('td.after').textContent()).resolves.toContain('## Features');
      await expect(diff.getByRole('rowheader', { name: c.console.fields.tags }).count()).resolves.toBe(1);
      await mp.getByLabel(c.console.template, { exact: true }).selectOption({ label: templateTitle });
      await mp.getByLabel(c.console.noteForOwner, { exact: true }).fill('The German text lists one feature only.');
      await shoot(mp, `${ARTIFACTS}/${tag}-4-console-submission`);
      await mp.getByRole('button', { name: c.console.requestChanges }).click();
      await mp.getByText(c.console.done.changes_requested!).waitFor();
      await expect(mp.getByRole('row').filter({ hasText: run.name }).count()).resolves.toBe(0);

      // 5. The owner reads the note, fixes the German description and submits again.
      await op.reload();
      await expect(state.textContent()).resolves.toBe(o.listing.status.changes_requested);
      const note = op.locator('.notice').filter({ hasText: o.listing.note });
      await note.getByText(templateBody).waitFor();
      await note.getByText('The German text lists one feature only.').waitFor();
      await shoot(op, `${ARTIFACTS}/${tag}-5-changes-requested`);
      await field('longDescription.de').fill(
        '## Funktionen\n\n- **Tägliche** Quizze\n- Bestenlisten pro Server\n\n[Anleitung](https://' + run.slug + '.example.org/docs)',
      );
      await op.getByRole('button', { name: o.listing.save, exact: true }).click();
      await op.getByText(o.listing.done.saved!, { exact: true }).waitFor();
      await op.getByRole('button', { name: o.listing.submit }).click();
      await op.getByText(o.listing.done.submitted!).waitFor();

      // 6. The operator sees the fix in the diff (a new listing's diff holds every field), and approves.
      await mp.reload();
      await mp.getByRole('row').filter({ hasText: run.name }).getByRole('link', { name: run.name }).click();
      const fixed = mp
        .locator('table.diff')
        .getByRole('row')
        .filter({ has: mp.getByRole('rowheader', { name: `${c.console.fields.longDescription} (${c.console.inLang.de})` }) });
      await expect(fixed.locator('td.after').textContent()).resolves.toContain('Bestenlisten pro Server');
      await shoot(mp, `${ARTIFACTS}/${tag}-6-console-fixed`);
      await mp.getByRole('button', { name: c.console.approve, exact: true }).click();
      await mp.getByText(c.console.done.approved!).waitFor();
      // The listing's page in the console shows its history.
      await mp.getByLabel(c.console.findBot, { exact: true }).fill(applicationId);
      await mp.getByRole('button', { name: c.console.open, exact: true }).click();
      await mp.getByRole('heading', { name: c.console.listingTitle(run.name), level: 1 }).waitFor();
      await expect(
        mp
          .getByRole('cell')
          .filter({ hasText: `${c.console.transitions.approve} (${c.console.states.published})` })
          .count(),
      ).resolves.toBe(1);
      await shoot(mp, `${ARTIFACTS}/${tag}-6-console-listing`);

      await op.reload();
      await expect(state.textContent()).resolves.toBe(o.listing.status.published);
      await expect(op.getByRole('cell', { name: o.listing.steps.approve, exact: true }).count()).resolves.toBe(1);

      // 7. Public: in search, on its page (the long description rendered), in the newest list and its category, in both languages.
      const visitorSide = await open(visitorLang);
      const vp = visitorSide.page;
      for (const lang of [visitorLang, run.operator] as const) {
        const t = TEXTS[lang];
        const slug = lang === 'en' ? run.slug : `${run.slug}-de`;
        await vp.goto(`${origin}/${lang}`);
        await vp.getByLabel(t.directory.searchLabel).first().fill(run.name.toLowerCase());
        await vp.getByLabel(t.directory.searchLabel).first().press('Enter');
        await vp.waitForURL(/\/search\?q=/);
        const hit = vp.getByRole('main').getByRole('link', { name: run.name });
        await untilShown(vp, hit);
        await shoot(vp, `${ARTIFACTS}/${tag}-7-search-${lang}`);
        await hit.first().click();
        await vp.waitForURL(`${origin}/${lang}/bots/${slug}`);
        await vp.getByRole('heading', { name: run.name, level: 1 }).waitFor();
        const about = vp.getByRole('main');
        await about.getByRole('heading', { name: lang === 'en' ? 'Features' : 'Funktionen' }).waitFor();
        await about.getByText(lang === 'en' ? 'Leaderboards per server' : 'Bestenlisten pro Server').waitFor();
        await expect(about.locator('strong', { hasText: lang === 'en' ? 'Daily' : 'Tägliche' }).count()).resolves.toBe(1);
        await shoot(vp, `${ARTIFACTS}/${tag}-7-bot-page-${lang}`);
        await about.getByRole('link', { name: run.category.label[lang], exact: true }).first().click();
        await vp.waitForURL(`${origin}/${lang}/categories/${run.category.id}`);
        await vp.getByRole('heading', { name: run.category.label[lang], level: 1 }).waitFor();
        await untilShown(vp, vp.getByRole('main').getByRole('link', { name: run.name }));
        await vp.goto(`${origin}/${lang}/bots?sort=new`);
        await untilShown(vp, vp.getByRole('main').getByRole('link', { name: run.name }));
        await shoot(vp, `${ARTIFACTS}/${tag}-7-newest-${lang}`);
      }

      // 8. A visitor reports it; the operator resolves the report; the visitor reads the answer.
      const visitorSlug = visitorLang === 'en' ? run.slug : `${run.slug}-de`;
      await vp.goto(`${origin}/${visitorLang}/bots/${visitorSlug}`);
      await vp.getByRole('link', { name: v.report.link }).click();
      await signInAs(vp, VISITOR, origin);
      await vp.getByRole('heading', { name: v.report.title(run.name), level: 1 }).waitFor();
      await vp.getByLabel(v.report.reason, { exact: true }).selectOption({ label: v.report.reasons.broken! });
      await vp.getByLabel(v.report.details, { exact: true }).fill('The quiz command answers nothing.');
      await shoot(vp, `${ARTIFACTS}/${tag}-8-report-form`);
      await vp.getByRole('button', { name: v.report.send }).click();
      await vp.getByText(v.report.sent).waitFor();
      await vp.getByText(v.report.waiting).waitFor();

      await mp.getByRole('navigation', { name: c.console.nav }).getByRole('link', { name: c.console.sections.reports }).click();
      const report = mp.getByRole('article', { name: run.name });
      await report.getByText('The quiz command answers nothing.').waitFor();
      await expect(report.getByText(c.report.reasons.broken!).count()).resolves.toBe(1);
      await report.getByRole('radio', { name: c.console.resolutions[run.resolution]! }).check();
      await report.getByLabel(c.console.template, { exact: true }).selectOption({ label: c.console.noTemplate });
      await report.getByLabel(c.console.answer, { exact: true }).fill('Thanks: the owner fixed the quiz command.');
      await shoot(mp, `${ARTIFACTS}/${tag}-8-console-reports`);
      await report.getByRole('button', { name: c.console.resolve }).click();
      await mp.getByText(c.console.done.resolved!).waitFor();
      await mp.getByText(c.console.reportsEmpty).waitFor();
      await mp.getByRole('link', { name: c.console.resolvedReports }).click();
      await mp.getByRole('article', { name: run.name }).getByText('Thanks: the owner fixed the quiz command.').waitFor();

      await vp.goto(`${origin}/dashboard?lang=${visitorLang}`);
      const mine = vp.getByRole('link', { name: v.report.mine });
      await vp.getByText(v.report.newAnswers(1)).waitFor();
      await shoot(vp, `${ARTIFACTS}/${tag}-8-dashboard-new-answer`);
      await mine.click();
      await vp.getByRole('heading', { name: v.report.mine, level: 1 }).waitFor();
      const answered = vp.getByRole('row').filter({ hasText: run.name });
      await answered.getByText('Thanks: the owner fixed the quiz command.').waitFor();
      await expect(answered.getByText(v.report.resolutions[run.resolution]!, { exact: true }).count()).resolves.toBe(1);
      await expect(answered.getByText(v.report.newAnswer, { exact: true }).count()).resolves.toBe(1);
      await shoot(vp, `${ARTIFACTS}/${tag}-8-own-reports`);
      // Seen once: no longer new, and the bot's report page shows the answer too.
      await vp.reload();
      await expect(vp.getByText(v.report.newAnswer, { exact: true }).count()).resolves.toBe(0);
      await vp.goto(`${origin}/${visitorLang}/bots/${visitorSlug}/report`);
      await vp.getByText('Thanks: the owner fixed the quiz command.').waitFor();
      await expect(vp.getByText(v.report.waiting).count()).resolves.toBe(0);

      for (const side of [ownerSide, operatorSide, visitorSide]) {
        expect(side.problems).toEqual([]);
        await side.context.close();
      }
    });
  }
});
