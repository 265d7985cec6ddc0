/**
 * Issue 32's browser test: a voter writes a review on the bot page; it shows there and in the API;
 * a second user writes one and a third marks the voter's helpful, which moves it first in "most
 * helpful"; the owner replies from the dashboard's "unanswered" list and the API carries the
 * reply (the voter's later change of stars keeps it; only that change reads as an edit); a review
 * with a link is held (its author is told), an operator approves it in the console and it shows.
 * A webhook receiver on 127.0.0.1 gets the `review` events, each verified with the Standard
 * Webhooks library and the endpoint's secret. Real clicks and form fills in Chromium, no script
 * needed by the pages. The flow runs twice: once with the reviewers in German and the owner and
 * operator in English, once the other way round; screenshots in light and dark, at desktop width
 * and at 390 px, go to test-artifacts/review-flow.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Browser, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider, type Persona } from '../../../scripts/demo-provider.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { TEXTS, type Lang } from '../../../src/html/i18n/index.js';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../../helpers.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { startReceiver, type LoopbackReceiver, type ReceivedRequest } from '../webhooks/loopback-receiver.js';
import { DESKTOP, freePort, shoot, signInAs, type Watched, watchedPage } from '../../support/browser-flow.js';

const ARTIFACTS = 'test-artifacts/review-flow';
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f9e6e"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';

/**
 * A platform user ID (a snowflake) of an account made in 2019: the rule on new accounts
 * (REVIEW_HOLD_ACCOUNT_DAYS, left at its default) holds none of their reviews.
 */
function since2019(n: number): string {
  return String(((BigInt(Date.parse('2019-03-14T12:00:00Z')) - 1_420_070_400_000n) << 22n) + BigInt(n));
}

const OPERATOR: Persona = { id: since2019(1), name: 'Olga Operator', label: 'Sign in as the operator' };
const VOTER: Persona = { id: since2019(2), name: 'Vera Voter', label: 'Sign in as the voter' };
const NEIGHBOUR: Persona = { id: since2019(3), name: 'Nils Neighbour', label: 'Sign in as a second reviewer' };
const READER: Persona = { id: since2019(4), name: 'Rita Reader', label: 'Sign in as a reader' };
const LINKER: Persona = { id: since2019(5), name: 'Lars Linker', label: 'Sign in as a reviewer who posts a link' };
const OWNERS: Record<Lang, Persona> = {
  de: { id: since2019(11), name: 'Dora Owner', label: 'Sign in as a German-speaking owner' },
  en: { id: since2019(12), name: 'Eddie Owner', label: 'Sign in as an English-speaking owner' },
};

let provider: DemoProvider;
let app: FastifyInstance;
let db: Database;
let origin: string;
let browser: Browser;
let receiver: LoopbackReceiver;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: [OWNERS.de, OWNERS.en, OPERATOR, VOTER, NEIGHBOUR, READER, LINKER] });
  receiver = await startReceiver();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({
    config: testConfig({
      ...provider.env,
      BASE_URL: origin,
      OPERATOR_USER_IDS: OPERATOR.id,
      // The receiver is on loopback, which the address policy refuses in production.
      WEBHOOK_ALLOW_PRIVATE: '1',
      // Each browser is a person of their own behind the loopback proxy (X-Forwarded-For), so the
      // hour's review limit per address (5) counts per person, as it would on the internet.
      TRUST_PROXY: 'loopback',
    }),
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
  await receiver?.close();
  await provider?.stop();
});

async function admin(method: 'PUT' | 'POST', url: string, payload: unknown): Promise<any> {
  const response = await app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

interface ApiReview {
  id: string;
  user: string;
  username: string;
  rating: number;
  body: string;
  helpfulCount: number;
  developerReply: { body: string; repliedAt: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** The public API's reviews of the bot, fetched over HTTP as a bot developer would. */
async function apiReviews(botId: string): Promise<ApiReview[]> {
  const response = await fetch(`${origin}/api/v1/bots/${botId}/reviews`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ApiReview[] }).data;
}

/** Polls (bounded) until `check` holds: the API's answers are cached until the change feed says otherwise. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let addresses = 0;

/**
 * A browser context in `lang` (its Accept-Language), with an address of its own, whose page fails
 * the test on script errors, CSP refusals and failed loads of our own origin. Every image elsewhere
 * is answered by the context itself (no network).
 */
async function open(lang: Lang): Promise<Watched> {
  addresses += 1;
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale: lang === 'de' ? 'de-DE' : 'en-GB',
    extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${addresses}` },
  });
  await context.route(
    (url) => url.origin !== origin && url.origin !== provider.origin,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: ICON_SVG }),
  );
  return watchedPage(context, origin);
}

/** The reviewers' names in the order the page lists the reviews. */
function listedAuthors(page: Page): Promise<string[]> {
  return page.locator('#reviews article.review > p:first-child > strong').allTextContents();
}

/** Signs in from the bot page's review section and comes back to it. */
async function signInToReview(page: Page, url: string, lang: Lang, persona: Persona): Promise<void> {
  await page.goto(url);
  await page.getByRole('link', { name: TEXTS[lang].reviews.signIn }).click();
  await signInAs(page, persona, origin);
  await page.getByRole('heading', { name: TEXTS[lang].reviews.yours, level: 3 }).waitFor();
}

/** Chooses the stars and writes the text of the review form, without sending it. */
async function fillReview(page: Page, lang: Lang, stars: number, body: string): Promise<void> {
  const r = TEXTS[lang].reviews;
  await page.getByLabel(r.rating, { exact: true }).selectOption({ label: r.starsOption(stars) });
  await page.getByLabel(r.body, { exact: true }).fill(body);
}

interface Run {
  /** The reviewers' language; the owner and the operator use the other. */
  voter: Lang;
  staff: Lang;
  name: string;
  texts: { voter: string; neighbour: string; link: string; reply: string };
}

const RUNS: Run[] = [
  {
    voter: 'de',
    staff: 'en',
    name: 'Kometenquiz',
    texts: {
      voter: 'Zuverlässig und schnell.\nDie Quizabende laufen jede Woche ohne Aussetzer.',
      neighbour: 'Gute Befehle, klare Hilfe, freundlicher Support.',
      link: 'Die Anleitung steht unter https://kometenquiz.example.org/hilfe und hilft sehr.',
      reply: 'Thank you! The weekly quiz nights are here to stay.',
    },
  },
  {
    voter: 'en',
    staff: 'de',
    name: 'Orbitronome',
    texts: {
      voter: 'Reliable and quick.\nThe music queue never drops a song.',
      neighbour: 'Good commands, clear help, friendly support.',
      link: 'The guide at https://orbitronome.example.org/guide explains everything.',
      reply: 'Danke! Die Warteschlange bleibt so stabil.',
    },
  },
];

/** The endpoint secrets by bot, to check that each run's calls verify under its own secret only. */
const secrets = new Map<string, string>();

describe('users review a bot, its owner replies, an operator approves a held review (Chromium)', () => {
  for (const run of RUNS) {
    it(`reviewers in ${run.voter}, owner and operator in ${run.staff}: ${run.name}`, { timeout: 240_000 }, async () => {
      const tag = `${run.voter}-voter`;
      const v = TEXTS[run.voter];
      const s = TEXTS[run.staff];
      const owner = OWNERS[run.staff];

      // The published bot of the owner, and its endpoint that opted in to `review` events.
      const { id: botId, body } = botBody({ name: run.name, owners: [owner.id], iconUrl: 'https://cdn.example.org/icon.svg' });
      await admin('PUT', `/admin/v1/bots/${botId}`, body);
      const endpoint = await admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: `${receiver.url}/${botId}`, events: ['review'] });
      const secret = endpoint.secret as string;
      secrets.set(botId, secret);
      const slugs = body.slugs as Record<Lang, string>;
      const botUrl = `${origin}/${run.voter}/bots/${slugs[run.voter]}`;

      // 1. The voter signs in from the bot page and writes a review of two lines.
      const voterSide = await open(run.voter);
      const vp = voterSide.page;
      await signInToReview(vp, botUrl, run.voter, VOTER);
      await vp.getByText(v.reviews.lead).waitFor();
      await fillReview(vp, run.voter, 4, run.texts.voter);
      await shoot(vp, `${ARTIFACTS}/${tag}-1-review-form`);
      await vp.getByRole('button', { name: v.reviews.publish }).click();
      await vp.getByText(v.reviews.done.published!).waitFor();

      // 2. On the page (line breaks kept, pinned first for its author, the form now changes it) and in the API.
      const own = vp.locator('#reviews article.review.own');
      await expect(own.locator('.review-text').innerText()).resolves.toBe(run.texts.voter);
      await expect(own.getByRole('img', { name: v.bot.stars(4) }).count()).resolves.toBe(1);
      await expect(vp.getByRole('button', { name: v.reviews.save }).count()).resolves.toBe(1);
      await expect(vp.getByLabel(v.reviews.body, { exact: true }).inputValue()).resolves.toBe(run.texts.voter);
      await shoot(vp, `${ARTIFACTS}/${tag}-2-review-published`);
      const [written] = await until(
        () => apiReviews(botId),
        (reviews) => reviews.length === 1,
        'the review in the API',
      );
      expect(written).toMatchObject({
        user: VOTER.id,
        username: VOTER.name,
        rating: 4,
        body: run.texts.voter,
        helpfulCount: 0,
        developerReply: null,
      });

      // 3. A second user writes a review (newer, so first among equals); a third marks the voter's helpful.
      const neighbourSide = await open(run.voter);
      const np = neighbourSide.page;
      await signInToReview(np, botUrl, run.voter, NEIGHBOUR);
      await fillReview(np, run.voter, 5, run.texts.neighbour);
      await np.getByRole('button', { name: v.reviews.publish }).click();
      await np.getByText(v.reviews.done.published!).waitFor();
      // Their own review leads for them, and the voter's has a helpful button; none on their own.
      await expect(listedAuthors(np)).resolves.toEqual([NEIGHBOUR.name, VOTER.name]);
      await expect(np.getByRole('button', { name: v.reviews.markHelpfulOf(NEIGHBOUR.name) }).count()).resolves.toBe(0);

      const readerSide = await open(run.voter);
      const rp = readerSide.page;
      await signInToReview(rp, botUrl, run.voter, READER);
      const order = rp.getByRole('navigation', { name: v.directory.reviewOrder });
      await expect(order.getByRole('link', { name: v.directory.reviewOrders.helpful }).getAttribute('aria-current')).resolves.toBe('true');
      await expect(listedAuthors(rp)).resolves.toEqual([NEIGHBOUR.name, VOTER.name]);
      await expect(
        until(
          () => apiReviews(botId),
          (reviews) => reviews.length === 2,
          'two reviews in the API',
        ),
      ).resolves.toMatchObject([{ username: NEIGHBOUR.name }, { username: VOTER.name }]);
      await rp.getByRole('button', { name: v.reviews.markHelpfulOf(VOTER.name) }).click();
      await rp.getByText(v.reviews.done.marked!).waitFor();
      await expect(listedAuthors(rp)).resolves.toEqual([VOTER.name, NEIGHBOUR.name]);
      const marked = rp.getByRole('button', { name: v.reviews.unmarkHelpfulOf(VOTER.name) });
      await expect(marked.getAttribute('aria-pressed')).resolves.toBe('true');
      await rp.locator(`#review-${written!.id}`).getByText(v.reviews.helpfulCount(1)).waitFor();
      await shoot(rp, `${ARTIFACTS}/${tag}-3-helpful`);
      await expect(
        until(
          () => apiReviews(botId),
          (reviews) => reviews[0]?.id === written!.id,
          'the helpful order in the API',
        ),
      ).resolves.toMatchObject([
        { username: VOTER.name, helpfulCount: 1 },
        { username: NEIGHBOUR.name, helpfulCount: 0 },
      ]);
      // "Newest" still has the neighbour's first.
      await order.getByRole('link', { name: v.directory.reviewOrders.newest }).click();
      await rp.waitForURL(/reviews=newest/);
      await expect(listedAuthors(rp)).resolves.toEqual([NEIGHBOUR.name, VOTER.name]);

      // 4. The owner finds both reviews under "unanswered" and replies to the voter's.
      const ownerSide = await open(run.staff);
      const op = ownerSide.page;
      await op.goto(`${origin}/dashboard`);
      await signInAs(op, owner, origin);
      await op.getByRole('heading', { name: s.dash.title, level: 1 }).waitFor();
      await op.getByRole('main').getByRole('link', { name: run.name, exact: true }).click();
      await op.getByRole('heading', { name: run.name, level: 1 }).waitFor();
      await op.getByRole('main').getByRole('link', { name: s.reviews.dashLink, exact: true }).click();
      await op.getByRole('heading', { name: s.reviews.dashTitle(run.name), level: 1 }).waitFor();
      await op.getByRole('navigation', { name: s.reviews.filter }).getByRole('link', { name: s.reviews.unanswered, exact: true }).click();
      await op.waitForURL(/filter=unanswered/);
      const voterCard = op.locator(`#review-${written!.id}`);
      await expect(voterCard.locator('.review-text').innerText()).resolves.toBe(run.texts.voter);
      await expect(op.locator('article.review').count()).resolves.toBe(2);
      await voterCard.getByLabel(s.reviews.reply, { exact: true }).fill(run.texts.reply);
      await shoot(op, `${ARTIFACTS}/${tag}-4-dashboard-unanswered`);
      await voterCard.getByRole('button', { name: s.reviews.replySave }).click();
      await op.getByText(s.reviews.replyDone.saved!).waitFor();
      // Answered, it leaves the "unanswered" list; "all" shows it with its reply.
      await expect(op.locator(`#review-${written!.id}`).count()).resolves.toBe(0);
      await expect(op.locator('article.review').count()).resolves.toBe(1);
      await op.getByRole('navigation', { name: s.reviews.filter }).getByRole('link', { name: s.reviews.all, exact: true }).click();
      await voterCard.getByText(s.reviews.replied).waitFor();
      await expect(voterCard.getByLabel(s.reviews.reply, { exact: true }).inputValue()).resolves.toBe(run.texts.reply);
      await shoot(op, `${ARTIFACTS}/${tag}-4-dashboard-replied`);

      // 5. The API carries the reply; the bot page shows it under the review.
      const replied = await until(
        () => apiReviews(botId),
        (reviews) => reviews.some((review) => review.developerReply !== null),
        'the reply in the API',
      );
      expect(replied.find((review) => review.id === written!.id)?.developerReply).toMatchObject({ body: run.texts.reply });
      await vp.reload();
      await own.locator('blockquote').getByText(run.texts.reply).waitFor();
      await expect(own.getByText(`${v.bot.reply}:`).count()).resolves.toBe(1);
      // A reply is no edit of the review; the author's change of stars is, and it keeps the reply.
      await expect(own.getByText(v.reviews.edited, { exact: true }).count()).resolves.toBe(0);
      await vp.getByLabel(v.reviews.rating, { exact: true }).selectOption({ label: v.reviews.starsOption(5) });
      await vp.getByRole('button', { name: v.reviews.save }).click();
      await vp.getByText(v.reviews.done.published!).waitFor();
      await own.getByText(v.reviews.edited, { exact: true }).waitFor();
      await expect(own.getByRole('img', { name: v.bot.stars(5) }).count()).resolves.toBe(1);
      await own.locator('blockquote').getByText(run.texts.reply).waitFor();
      await shoot(vp, `${ARTIFACTS}/${tag}-5-reply-and-edit`);
      const edited = await until(
        () => apiReviews(botId),
        (reviews) => reviews.some((review) => review.rating === 5 && review.user === VOTER.id),
        'the changed stars in the API',
      );
      const changed = edited.find((review) => review.id === written!.id)!;
      expect(changed.updatedAt > changed.developerReply!.repliedAt).toBe(true);
      expect(changed).toMatchObject({ body: run.texts.voter, developerReply: { body: run.texts.reply }, helpfulCount: 1 });

      // 6. The receiver got the `review` events so far, each signed for this endpoint (Standard Webhooks).
      const events = async (count: number) =>
        (
          await until(
            async () => receiver.received.filter((request) => request.url === `/${botId}`),
            (received) => received.length >= count,
            `${count} review events`,
          )
        ).map((call) => verified(call, secret));
      const summary = (received: Array<Record<string, any>>) => received.map((event) => `${event.action} ${event.username}`).sort();
      const sofar = await events(4);
      expect(summary(sofar)).toEqual([
        `created ${NEIGHBOUR.name}`,
        `created ${VOTER.name}`,
        `replied ${VOTER.name}`,
        `updated ${VOTER.name}`,
      ]);
      for (const event of sofar) expect(event).toMatchObject({ event: 'review', botId });
      expect(sofar.find((event) => event.action === 'updated')).toMatchObject({ reviewId: written!.id, rating: 5 });
      expect(sofar.find((event) => event.action === 'replied')).toMatchObject({
        reviewId: written!.id,
        rating: 4,
        body: run.texts.voter,
        developerReply: { body: run.texts.reply },
      });
      // Another endpoint's secret does not verify these calls.
      for (const [other, otherSecret] of secrets) {
        const call = receiver.received.find((request) => request.url === `/${botId}`)!;
        if (other !== botId) expect(() => verified(call, otherSecret)).toThrow();
      }

      // 7. A review with a link is held: its author is told so, the public sees nothing of it.
      const linkerSide = await open(run.voter);
      const lp = linkerSide.page;
      await signInToReview(lp, botUrl, run.voter, LINKER);
      await fillReview(lp, run.voter, 3, run.texts.link);
      await lp.getByRole('button', { name: v.reviews.publish }).click();
      await lp.getByText(v.reviews.done.held!).waitFor();
      // Held for the link only: the account is old enough for the rule on new accounts.
      await lp.getByText(`${v.reviews.waiting} ${v.reviews.heldFor}: ${v.reviews.rules.link}.`, { exact: true }).waitFor();
      await expect(lp.locator('#reviews article.review.own').count()).resolves.toBe(0);
      await shoot(lp, `${ARTIFACTS}/${tag}-7-held`);
      expect((await apiReviews(botId)).map((review) => review.username)).not.toContain(LINKER.name);

      // The operator approves it from the held queue.
      const operatorSide = await open(run.staff);
      const mp = operatorSide.page;
      await mp.goto(`${origin}/console/reviews`);
      await signInAs(mp, OPERATOR, origin);
      await mp.getByRole('heading', { name: s.console.sections.reviews, level: 1 }).waitFor();
      const queue = mp.getByRole('navigation', { name: s.console.sections.reviews });
      await expect(queue.getByRole('link', { name: s.reviews.heldTab }).getAttribute('aria-current')).resolves.toBe('page');
      const entry = mp.getByRole('article', { name: botId }).filter({ hasText: LINKER.name });
      await entry.getByText(run.texts.link).waitFor();
      await entry.getByText(`${s.reviews.statuses.held} · ${s.reviews.heldFor}: ${s.reviews.rules.link}`).waitFor();
      await shoot(mp, `${ARTIFACTS}/${tag}-7-console-queue`);
      await entry.getByRole('button', { name: s.reviews.approve, exact: true }).click();
      await mp.getByText(s.console.done.review_approved!).waitFor();
      await mp.getByText(s.reviews.heldEmpty).waitFor();

      // Public now: pinned for its author with the link as text, in the API, and the rating follows.
      await lp.goto(botUrl);
      await expect(lp.getByText(v.reviews.waiting).count()).resolves.toBe(0);
      const approved = lp.locator('#reviews article.review.own');
      await expect(approved.locator('.review-text').innerText()).resolves.toBe(run.texts.link);
      await expect(approved.locator('a[href*="example.org"]').count()).resolves.toBe(0);
      const visitorSide = await open(run.voter);
      const pp = visitorSide.page;
      await pp.goto(botUrl);
      await untilShown(pp, pp.locator('#reviews article.review').filter({ hasText: LINKER.name }));
      await expect(listedAuthors(pp)).resolves.toEqual([VOTER.name, LINKER.name, NEIGHBOUR.name]);
      await shoot(pp, `${ARTIFACTS}/${tag}-7-public`);
      await expect(
        until(
          () => apiReviews(botId),
          (reviews) => reviews.length === 3,
          'the approved review in the API',
        ),
      ).resolves.toMatchObject([
        { username: VOTER.name, helpfulCount: 1 },
        { username: LINKER.name, rating: 3, body: run.texts.link },
        { username: NEIGHBOUR.name },
      ]);
      const bot = await fetch(`${origin}/api/v1/bots/${botId}`).then(
        async (response) => (await response.json()) as { data: { rating: unknown } },
      );
      expect(bot.data.rating).toEqual({ average: 4.33, count: 3 });
      // Its approval is the fifth event: `created`, as it is public from now on (a held review sent nothing).
      const all = await events(5);
      expect(summary(all)).toEqual([`created ${LINKER.name}`, ...summary(sofar)].sort());

      for (const side of [voterSide, neighbourSide, readerSide, ownerSide, linkerSide, operatorSide, visitorSide]) {
        expect(side.problems).toEqual([]);
        await side.context.close();
      }
    });
  }
});

/** The body of a webhook call, verified with the Standard Webhooks library exactly as its README says. */
function verified(call: ReceivedRequest, secret: string): Record<string, any> {
  return new Webhook(secret).verify(call.rawBody, call.headers as Record<string, string>) as Record<string, any>;
}

/** Reloads (a bounded number of times) until `locator` shows: a visitor's page may come from a cache that follows the change feed. */
async function untilShown(page: Page, locator: Locator): Promise<void> {
  for (let i = 0; i < 50 && (await locator.count()) === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.reload();
  }
  await locator.first().waitFor();
}
