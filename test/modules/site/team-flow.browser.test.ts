/**
 * Issue 31's browser test: an owner adds a bot, invites an editor with a link made on the team
 * page; the editor signs in, opens the link, joins, edits the listing's short description, and is
 * refused the webhooks and the audit log with a 403 page that says why; the owner adds two webhook
 * endpoints (an HTTP address with the default events, a Discord channel with some events only) and
 * reads every step in the bot's audit log with who did it. Real clicks and form fills in Chromium.
 * The flow runs twice: once with the owner in German and the editor in English, once the other way
 * round, so every page of it is seen in both languages; screenshots in light and dark, at desktop
 * width and at 390 px, go to test-artifacts/team-flow.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider, type Persona } from '../../../scripts/demo-provider.js';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { TEXTS, type Lang, type Texts } from '../../../src/html/i18n/index.js';
import { freshDatabase, testConfig } from '../../helpers.js';
import { publicDns } from '../audit/harness.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { DESKTOP, freePort, shoot, signInAs, type Watched, watchedPage } from '../../support/browser-flow.js';

const ARTIFACTS = 'test-artifacts/team-flow';
const OWNERS: Record<Lang, Persona> = {
  de: { id: '240000000000000011', name: 'Dora Owner', label: 'Sign in as a German-speaking owner' },
  en: { id: '240000000000000012', name: 'Eddie Owner', label: 'Sign in as an English-speaking owner' },
};
const EDITORS: Record<Lang, Persona> = {
  de: { id: '240000000000000021', name: 'Greta Editor', label: 'Sign in as a German-speaking editor' },
  en: { id: '240000000000000022', name: 'Edith Editor', label: 'Sign in as an English-speaking editor' },
};

let provider: DemoProvider;
let standIn: PlatformStandIn;
let app: FastifyInstance;
let db: Database;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: [OWNERS.de, OWNERS.en, EDITORS.de, EDITORS.en] });
  standIn = await startPlatformStandIn();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({
    config: testConfig({ ...provider.env, ...standIn.env, BASE_URL: origin }),
    db,
    logger: false,
    workers: true,
    // discord.com and receiver.example.org are public hosts to the address policy (no DNS asked).
    lookup: publicDns,
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
 * CSP refusals and failed loads of our own origin. Nothing outside our origin and the provider's is
 * loaded (the context answers it with an empty image).
 */
async function open(lang: Lang): Promise<Watched> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
  await context.route(
    (url) => url.origin !== origin && url.origin !== provider.origin,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  return watchedPage(context, origin);
}

/** The rows of the audit log's table whose "what" is `action` (in the page's words). */
function auditRows(page: Page, t: Texts, action: string): Locator {
  return page
    .locator('table.audit tbody tr')
    .filter({ has: page.locator('td:nth-child(3)', { hasText: new RegExp(`^\\s*${escapeRegExp(t.audit.actions[action]!)}`) }) });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Run {
  /** The owner's language; the editor uses the other. */
  owner: Lang;
  editor: Lang;
  name: string;
  applicationId: string;
}

const RUNS: Run[] = [
  { owner: 'de', editor: 'en', name: 'Leuchtturmwart', applicationId: '147000000000000010' },
  { owner: 'en', editor: 'de', name: 'Lighthouse Keeper', applicationId: '147000000000000020' },
];

describe('an owner invites an editor, the editor edits the listing, the owner adds webhooks and reads the audit log (Chromium)', () => {
  for (const run of RUNS) {
    it(`owner in ${run.owner}, editor in ${run.editor}: ${run.name}`, { timeout: 240_000 }, async () => {
      const tag = `${run.owner}-owner`;
      const owner = OWNERS[run.owner];
      const editor = EDITORS[run.editor];
      const o = TEXTS[run.owner];
      const e = TEXTS[run.editor];
      const botId = run.applicationId;
      const discordUrl = `https://discord.com/api/webhooks/1234567890123456${run.owner === 'de' ? '78' : '79'}/channel-token_${run.owner}`;
      const httpUrl = `https://receiver.example.org/${run.owner}/hooks`;
      standIn.addApplication({ id: botId, name: run.name, description: 'A bot of the team browser test.' });

      // 1. The owner signs in, adds the bot, and on its team page makes an invitation link for an editor.
      const ownerSide = await open(run.owner);
      const op = ownerSide.page;
      await op.goto(`${origin}/dashboard`);
      await signInAs(op, owner, origin);
      await op.getByRole('link', { name: o.listing.add }).click();
      await op.getByLabel(o.listing.applicationId).fill(botId);
      await op.getByRole('button', { name: o.listing.addButton }).click();
      await op.getByRole('heading', { name: o.listing.title(run.name), level: 1 }).waitFor();
      // The fields a listing must have before it is saved.
      const field = (name: string) => op.getByLabel(o.listing.fields[name]!, { exact: true });
      await field('shortDescription.en').fill(`${run.name} watches your server.`);
      await field('shortDescription.de').fill(`${run.name} bewacht deinen Server.`);
      await field('supportServerUrl').fill(`https://discord.gg/team-${run.owner}`);
      await field('websiteUrl').fill(`https://team-${run.owner}.example.org`);
      await op.getByRole('button', { name: o.listing.save, exact: true }).click();
      await op.getByText(o.listing.done.saved!, { exact: true }).waitFor();
      await op.getByRole('link', { name: o.listing.back }).click();
      await op.getByRole('heading', { name: run.name, level: 1 }).waitFor();
      await op.getByRole('link', { name: o.team.title, exact: true }).click();
      await op.getByRole('heading', { name: o.team.pageTitle(run.name), level: 1 }).waitFor();
      await op.getByText(o.team.noInvitations).waitFor();
      await op.getByLabel(o.team.role, { exact: true }).selectOption({ label: o.team.roles.editor });
      await op.getByRole('button', { name: o.team.createInvitation }).click();
      await op.getByText(o.team.done.invited!).waitFor();
      await op.getByText(o.team.linkShown).waitFor();
      const link = (await op.locator('#new-invitation').textContent())!.trim();
      expect(link).toMatch(new RegExp(`^${escapeRegExp(origin)}/dashboard/invitations/[^/?#]+$`));
      const open1 = op.getByRole('region', { name: o.team.invitations }).getByRole('row');
      await expect(open1.filter({ hasText: o.team.roles.editor }).count()).resolves.toBe(1);
      await shoot(op, `${ARTIFACTS}/${tag}-1-team-invited`);
      // Shown once: the page again holds no link.
      await op.reload();
      await expect(op.locator('#new-invitation').count()).resolves.toBe(0);

      // 2. The editor opens the link, signs in on the way, joins, and edits the listing's short description.
      const editorSide = await open(run.editor);
      const ep = editorSide.page;
      await ep.goto(link);
      await signInAs(ep, editor, origin);
      await ep.getByRole('heading', { name: e.team.invitationTitle, level: 1 }).waitFor();
      await ep.getByText(e.team.invitationLead(run.name, e.team.roles.editor)).waitFor();
      await shoot(ep, `${ARTIFACTS}/${tag}-2-invitation`);
      await ep.getByRole('button', { name: e.team.accept }).click();
      await ep.getByRole('heading', { name: e.team.pageTitle(run.name), level: 1 }).waitFor();
      await ep.getByText(e.team.done.joined!).waitFor();
      const members = ep.getByRole('region', { name: e.team.members }).getByRole('row');
      await expect(members.filter({ hasText: editor.name }).getByText(e.team.roles.editor, { exact: true }).count()).resolves.toBe(1);
      await expect(members.filter({ hasText: owner.name }).getByText(e.team.roles.owner, { exact: true }).count()).resolves.toBe(1);
      // An editor neither manages the team nor hands the bot over.
      await expect(ep.getByRole('button', { name: e.team.createInvitation }).count()).resolves.toBe(0);
      await expect(ep.getByRole('heading', { name: e.team.transfer }).count()).resolves.toBe(0);
      await shoot(ep, `${ARTIFACTS}/${tag}-2-team-joined`);
      await ep.getByRole('link', { name: `← ${run.name}` }).click();
      await ep.getByRole('heading', { name: run.name, level: 1 }).waitFor();
      await ep.getByText(`${e.team.yourRole}: ${e.team.roles.editor}`).waitFor();
      // The bot's page for an editor: the listing, no keys, no webhooks, no audit log.
      await expect(ep.locator('#keys').count()).resolves.toBe(0);
      await expect(ep.locator('#webhook').count()).resolves.toBe(0);
      await expect(ep.getByRole('link', { name: e.hooks.manage }).count()).resolves.toBe(0);
      await expect(ep.getByRole('link', { name: e.audit.link, exact: true }).count()).resolves.toBe(0);
      await shoot(ep, `${ARTIFACTS}/${tag}-2-bot-as-editor`);
      await ep.getByRole('link', { name: e.listing.edit }).click();
      await ep.getByRole('heading', { name: e.listing.title(run.name), level: 1 }).waitFor();
      const shortField = ep.getByLabel(e.listing.fields[`shortDescription.${run.editor}`]!, { exact: true });
      const short = run.editor === 'en' ? `${run.name} keeps watch over your server.` : `${run.name} hält Wache über deinem Server.`;
      await shortField.fill(short);
      await ep.getByRole('button', { name: e.listing.save, exact: true }).click();
      await ep.getByText(e.listing.done.saved!, { exact: true }).waitFor();
      await expect(shortField.inputValue()).resolves.toBe(short);

      // 3. The keys and webhooks, and the audit log, are not the editor's: a 403 page that says why, in the editor's language.
      for (const path of ['webhooks', 'audit']) {
        const refused = await ep.goto(`${origin}/dashboard/bots/${botId}/${path}`);
        expect(refused?.status(), path).toBe(403);
        await ep.getByRole('heading', { name: e.error.forbiddenTitle, level: 1 }).waitFor();
        await ep.getByText(e.team.reason.roleTooLow(e.team.roles.editor)).waitFor();
        await expect(ep.locator('html').getAttribute('lang')).resolves.toBe(run.editor);
        if (path === 'webhooks') await shoot(ep, `${ARTIFACTS}/${tag}-3-refused`);
      }
      // The 403s were the answers asked for.
      editorSide.problems.splice(0);

      // 4. The owner sees the editor on the team (and may change their role); then adds an HTTP endpoint with the
      // default events, and a Discord channel for votes and reviews only.
      await op.getByRole('link', { name: `← ${run.name}` }).click();
      await op.getByRole('link', { name: o.team.title, exact: true }).click();
      const team = op.getByRole('region', { name: o.team.members }).getByRole('row').filter({ hasText: editor.name });
      await expect(team.getByRole('combobox', { name: o.team.roleOf(editor.name) }).inputValue()).resolves.toBe('editor');
      await expect(op.getByText(o.team.noInvitations).count()).resolves.toBe(1);
      await shoot(op, `${ARTIFACTS}/${tag}-4-team-members`);
      await op.getByRole('link', { name: `← ${run.name}` }).click();
      await op.getByRole('link', { name: o.hooks.manage }).click();
      await op.getByRole('heading', { name: o.hooks.title, level: 1 }).waitFor();
      await op.getByText(o.hooks.none).waitFor();
      const url = op.getByLabel(o.dash.url, { exact: true });
      const event = (name: string) => op.getByRole('checkbox', { name: o.delivery.event[name]!, exact: true });
      await url.fill(httpUrl);
      await op.getByRole('button', { name: o.hooks.addButton }).click();
      await op.getByText(o.hooks.done.created!).waitFor();
      await url.fill(discordUrl);
      for (const name of ['vote', 'premium', 'donation', 'test']) await event(name).uncheck();
      for (const name of ['vote', 'review']) await event(name).check();
      await op.getByRole('button', { name: o.hooks.addButton }).click();
      await op.getByText(o.hooks.done.created!).waitFor();
      const shownUrl = discordUrl.replace(/channel-token_\w+$/, '***');
      const card = (label: string) => op.getByRole('region', { name: label });
      const fact = (label: string, term: string) =>
        card(label)
          .locator('dl.meta > div')
          .filter({ has: op.getByRole('term').filter({ hasText: term }) })
          .getByRole('definition');
      await expect(fact(shownUrl, o.hooks.target).textContent()).resolves.toBe(o.hooks.targets.discord);
      await expect(fact(shownUrl, o.hooks.events).textContent()).resolves.toBe(`${o.delivery.event.vote}, ${o.delivery.event.review}`);
      await expect(fact(shownUrl, o.hooks.format).textContent()).resolves.toBe(o.hooks.formats.discord);
      await expect(fact(shownUrl, o.hooks.state).textContent()).resolves.toBe(o.hooks.on);
      // The token is never shown; the new secret is, once, on the new endpoint's card.
      await expect(op.getByText('channel-token').count()).resolves.toBe(0);
      await card(shownUrl).getByText(o.hooks.secretShown).waitFor();
      await expect(fact(httpUrl, o.hooks.target).textContent()).resolves.toBe(o.hooks.targets.http);
      await expect(fact(httpUrl, o.hooks.events).textContent()).resolves.toBe(
        ['vote', 'premium', 'donation', 'test'].map((name) => o.delivery.event[name]).join(', '),
      );
      await expect(fact(httpUrl, o.hooks.format).textContent()).resolves.toBe(o.hooks.formats.json);
      await shoot(op, `${ARTIFACTS}/${tag}-4-webhooks`);

      // 5. The owner reads every step in the audit log, each with who did it.
      await op.getByRole('link', { name: `← ${run.name}` }).click();
      await op.getByText(o.hooks.summary(2, 2)).waitFor();
      await op.getByRole('link', { name: o.audit.link, exact: true }).click();
      await op.getByRole('heading', { name: o.audit.botTitle(run.name), level: 1 }).waitFor();
      const you = `${owner.name} ${owner.id} (${o.audit.you})`;
      const who = (row: Locator) => row.locator('td:nth-child(2)');
      const invited = auditRows(op, o, 'team.invite');
      await expect(invited.count()).resolves.toBe(1);
      await expect(who(invited).textContent()).resolves.toContain(you);
      await expect(invited.locator('td:nth-child(4)').textContent()).resolves.toMatch(
        new RegExp(`${o.audit.none}\\s*→\\s*${o.team.roles.editor}`),
      );
      const joined = auditRows(op, o, 'team.join').filter({ hasText: editor.id });
      await expect(joined.count()).resolves.toBe(1);
      await expect(who(joined).textContent()).resolves.toContain(editor.name);
      const edited = auditRows(op, o, 'listing.edit').filter({ hasText: editor.id });
      await expect(edited.count()).resolves.toBe(1);
      await expect(who(edited).textContent()).resolves.toContain(editor.name);
      await expect(who(edited).textContent()).resolves.toContain(`${o.audit.viaLabel} ${o.audit.via.dashboard}`);
      const change = edited.locator('ul.changes li');
      await expect(change.locator('strong').textContent()).resolves.toBe(
        `${o.console.fields.shortDescription} (${o.console.inLang[run.editor]})`,
      );
      await expect(change.locator('.before').textContent()).resolves.toBe(
        run.editor === 'en' ? `${run.name} watches your server.` : `${run.name} bewacht deinen Server.`,
      );
      await expect(change.locator('.after').textContent()).resolves.toBe(short);
      const hooks = auditRows(op, o, 'webhook.create');
      await expect(hooks.count()).resolves.toBe(2);
      for (const row of await hooks.all()) await expect(who(row).textContent()).resolves.toContain(you);
      const discordRow = hooks.filter({ hasText: shownUrl });
      await expect(discordRow.count()).resolves.toBe(1);
      // The settings in the page's words: the events, the format and the language as the webhooks page names them.
      const setting = (name: string) =>
        discordRow.locator('ul.changes li').filter({ has: op.locator('strong', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });
      await expect(setting(o.audit.fields.events!).locator('.after').textContent()).resolves.toBe(
        `${o.delivery.event.vote}, ${o.delivery.event.review}`,
      );
      await expect(setting(o.audit.fields.format!).locator('.after').textContent()).resolves.toBe(o.hooks.formats.discord);
      await expect(setting(o.audit.fields.language!).locator('.after').textContent()).resolves.toBe(o.hooks.languages[run.owner]);
      await expect(op.getByText('channel-token').count()).resolves.toBe(0);
      // Newest first: the webhooks, then the edit, then the join, then the invitation.
      const order = await op.locator('table.audit tbody tr td:nth-child(3)').allTextContents();
      const position = (action: string) => order.findIndex((text) => text.trim().startsWith(o.audit.actions[action]!));
      expect(position('webhook.create')).toBeLessThan(position('listing.edit'));
      expect(position('listing.edit')).toBeLessThan(position('team.join'));
      expect(position('team.join')).toBeLessThan(position('team.invite'));
      await shoot(op, `${ARTIFACTS}/${tag}-5-audit`);

      for (const side of [ownerSide, editorSide]) {
        expect(side.problems).toEqual([]);
        await side.context.close();
      }
    });
  }
});
