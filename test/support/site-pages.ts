/**
 * Every page of the site, in both languages, and how to reach each: who must be signed in, which
 * form (if any) is posted to get there, what it answers. Tests that look at all pages walk this
 * list (test/html/i18n/languages.test.ts). A new page is one more entry of SITE_PAGES; what it
 * needs to show something is made in `seedSite` and named in SiteFixture.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Lang } from '../../src/html/i18n/index.js';
import type { LookupFn } from '../../src/modules/webhooks/endpoints/resolve-host.js';
import { putBot } from '../fixtures.js';
import type { TestApp } from '../helpers.js';
import { Browser, OWNER_A, OWNER_B, VOTER } from '../modules/site/session-client.js';

/** Who is signed in to see a page; none: a visitor. */
export type Persona = 'owner' | 'voter';
export const PERSONA_IDS: Record<Persona, string> = { owner: OWNER_A.id, voter: VOTER.id };

/** What the pages show, made by `seedSite`. */
export interface SiteFixture {
  /** A published bot of the owner with reviews, votes, keys, a tier request and a webhook with deliveries. */
  bot: { id: string; slugs: Record<Lang, string> };
  /** A bot of the owner that is not published. */
  draft: { id: string };
  /** A bot of someone else. */
  othersBot: { id: string };
  /** An active key of `bot` (tier 1). */
  keyId: string;
  /** Everything the fixture wrote that the pages show as written: names, descriptions, reviews, notes, the operator's texts. */
  userTexts: string[];
}

export interface SitePage {
  /** What the page is, for reports. */
  name: string;
  /** Its address in `lang`; for a form, the page the form is on. */
  path: (lang: Lang, fx: SiteFixture) => string;
  as?: Persona;
  /** The status it answers; 200 unless said. */
  status?: number;
  /** Addresses visited first, by the same visitor (a sign-in started from a page). */
  before?: (lang: Lang, fx: SiteFixture) => string[];
  /** Reached by posting this form (the CSRF token taken from the page at `path`); the page is its answer. */
  post?: { action: (lang: Lang, fx: SiteFixture) => string; fields: (fx: SiteFixture) => Record<string, string | string[]> };
}

const botPage = (lang: Lang, fx: SiteFixture): string => `/${lang}/bots/${fx.bot.slugs[lang]}`;
const dashboard = (lang: Lang, fx: SiteFixture): string => `/dashboard/bots/${fx.bot.id}?lang=${lang}`;

export const SITE_PAGES: SitePage[] = [
  // The public bot page: as a visitor, as someone who may vote, and right after a vote.
  { name: 'bot page', path: botPage },
  { name: 'bot page, signed in', as: 'owner', path: botPage },
  { name: 'bot page, voted', as: 'voter', path: (lang, fx) => `${botPage(lang, fx)}?voted=1` },
  // The operator's pages.
  { name: 'imprint', path: (lang) => `/${lang}/imprint` },
  { name: 'privacy', path: (lang) => `/${lang}/privacy` },
  { name: 'terms', path: (lang) => `/${lang}/terms` },
  // The dashboard.
  { name: 'dashboard', as: 'owner', path: (lang) => `/dashboard?lang=${lang}` },
  { name: 'dashboard of a bot', as: 'owner', path: dashboard },
  { name: 'dashboard of an unpublished bot', as: 'owner', path: (lang, fx) => `/dashboard/bots/${fx.draft.id}?lang=${lang}` },
  {
    name: 'dashboard: webhook address refused by the policy',
    as: 'owner',
    status: 422,
    path: dashboard,
    post: {
      action: (lang, fx) => `/dashboard/bots/${fx.bot.id}/webhook?lang=${lang}`,
      fields: () => ({ url: 'https://internal.example.org/hook' }),
    },
  },
  {
    name: 'dashboard: webhook address not absolute',
    as: 'owner',
    status: 422,
    path: dashboard,
    post: { action: (lang, fx) => `/dashboard/bots/${fx.bot.id}/webhook?lang=${lang}`, fields: () => ({ url: 'receiver.example.org' }) },
  },
  {
    name: 'dashboard: key name too long',
    as: 'owner',
    status: 422,
    path: dashboard,
    post: {
      action: (lang, fx) => `/dashboard/bots/${fx.bot.id}/keys?lang=${lang}`,
      fields: () => ({ name: 'x'.repeat(101), scopes: 'votes:read' }),
    },
  },
  {
    name: 'dashboard: tier request while one is open',
    as: 'owner',
    status: 409,
    path: dashboard,
    post: {
      action: (lang, fx) => `/dashboard/bots/${fx.bot.id}/tier-requests?lang=${lang}`,
      fields: (fx) => ({ keyId: fx.keyId, tier: '3', reason: 'Noch einmal' }),
    },
  },
  // Error pages.
  { name: '404: no such bot', status: 404, path: (lang) => `/${lang}/bots/no-such-bot` },
  { name: '404: no such page', status: 404, path: (lang) => `/${lang}/no-such-page` },
  { name: '422: an address the page cannot take', status: 422, path: (lang) => `/${lang}/bots/${'x'.repeat(101)}` },
  { name: '403: the bot of someone else', as: 'owner', status: 403, path: (lang, fx) => `/dashboard/bots/${fx.othersBot.id}?lang=${lang}` },
  {
    name: '403: a form without its CSRF token',
    as: 'owner',
    status: 403,
    path: dashboard,
    post: { action: (lang, fx) => `/dashboard/bots/${fx.bot.id}/webhook/test?lang=${lang}`, fields: () => ({ _csrf: 'forged' }) },
  },
  {
    name: '401: a sign-in the provider’s answer does not complete',
    status: 401,
    before: (lang, fx) => [`/auth/sign-in?return=${encodeURIComponent(botPage(lang, fx))}`],
    path: () => '/auth/callback?code=forged&state=forged',
  },
];

/** The embeds a page in `lang` may show or link, in `lang`. */
export const EMBED_PAGES: { name: string; path: (lang: Lang, fx: SiteFixture) => string }[] = [
  { name: 'chart', path: (lang, fx) => `/api/chart/${fx.bot.id}?lang=${lang}` },
  { name: 'chart of one year', path: (lang, fx) => `/api/chart/${fx.bot.id}?range=365&lang=${lang}` },
  { name: 'chart of a bot without data', path: (lang, fx) => `/api/chart/${fx.draft.id}?lang=${lang}` },
  { name: 'widget', path: (lang, fx) => `/api/widget/${fx.bot.id}?lang=${lang}` },
  { name: 'card', path: (lang, fx) => `/api/card/${fx.bot.id}.svg?lang=${lang}` },
  ...(['servers', 'votes', 'votes_total', 'rating', 'rating_stars', 'status'] as const).map((variant) => ({
    name: `badge ${variant}`,
    path: (lang: Lang, fx: SiteFixture) => `/api/badge/${fx.bot.id}?variant=${variant}&lang=${lang}`,
  })),
  { name: 'badge of no bot', path: (lang) => `/api/badge/123456789012345678?lang=${lang}` },
  { name: 'widget of no bot', path: (lang) => `/api/widget/123456789012345678?lang=${lang}` },
];

/** The operator's texts of the legal pages. */
export const LEGAL_TEXTS = {
  SITE_IMPRINT: 'Radio Nova GmbH\nMusterstraße 1, 10115 Berlin',
  SITE_PRIVACY: 'Wir speichern nur, was für die Abstimmung nötig ist.',
  SITE_TERMS: 'Sei freundlich zu anderen.',
};

/** receiver.example.org is public; internal.example.org leads to a private address. */
export const siteLookup: LookupFn = async (hostname) => [
  { address: hostname.startsWith('internal') ? '10.0.0.5' : '93.184.216.34', family: 4 },
];

/** Makes what the pages show; `app` must know the demo provider's personas (session-client's PERSONAS). */
export async function seedSite(t: TestApp): Promise<SiteFixture> {
  const texts = {
    name: 'Radio Nova',
    description: { en: 'Plays radio stations around the clock.', de: 'Spielt rund um die Uhr Radiosender.' },
    tags: ['radio', 'lofi'],
    reviews: [
      { username: 'Kai', rating: 4, body: 'Läuft stabil, tolle Sender.', reply: 'Danke dir!' },
      { username: 'Mia', rating: 3, body: 'Solide.' },
      { username: 'Noa', rating: 3, body: 'Gut.' },
    ],
    keyNames: ['Belohnungen', 'Statistik'],
    tierReason: 'Wir wachsen schnell.',
    tierNote: 'Viel Erfolg',
  };
  const { id } = await putBot(t, {
    name: texts.name,
    slugs: { en: 'radio-nova', de: 'radio-nova-de' },
    shortDescription: texts.description,
    tags: texts.tags,
    // Category names are the operator's list with labels of each language; not shown yet.
    categories: [],
    isVerified: true,
    owners: [OWNER_A.id],
    platformServerCount: 12_345,
  });
  const draft = await putBot(t, { name: 'Stiller Entwurf', published: false, owners: [OWNER_A.id], categories: [] });
  const others = await putBot(t, { name: 'Fremder Bot', owners: [OWNER_B.id], categories: [] });

  // A month of history, so the chart draws its axes.
  for (let back = 30; back >= 1; back -= 1) {
    const day = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await t.db.query(`INSERT INTO bot_history (bot_id, day, servers, source) VALUES ($1, $2::date, $3, 'platform')`, [
      id,
      day,
      11_000 + back * 40,
    ]);
  }
  for (const [index, review] of texts.reviews.entries()) {
    const created = await t.admin('POST', `/admin/v1/bots/${id}/reviews`, {
      user: `17000000000000000${index}`,
      username: review.username,
      rating: review.rating,
      body: review.body,
    });
    if (created.statusCode !== 201) throw new Error(`review: ${created.statusCode} ${created.body}`);
    if (review.reply) await expectStatus(t.admin('PUT', `/admin/v1/reviews/${created.json().data.id}/reply`, { body: review.reply }), 200);
  }
  await expectStatus(t.admin('POST', `/admin/v1/bots/${id}/votes`, { user: VOTER.id, username: VOTER.name, flagged: true }), 201);

  const [keyId, decidedKeyId] = await Promise.all(
    texts.keyNames.map(async (name) => {
      const created = await t.admin('POST', `/admin/v1/bots/${id}/keys`, { scopes: ['votes:read', 'stats:write'], name });
      if (created.statusCode !== 201) throw new Error(`key: ${created.statusCode} ${created.body}`);
      return created.json().data.id as string;
    }),
  );
  const owner = new Browser(t);
  await owner.signIn(OWNER_A.id);
  const page = await owner.get(`/dashboard/bots/${id}`);
  for (const key of [keyId, decidedKeyId]) {
    const asked = await owner.post(`/dashboard/bots/${id}/tier-requests`, { keyId: key!, tier: '2', reason: texts.tierReason }, page.body);
    if (asked.statusCode !== 303) throw new Error(`tier request: ${asked.statusCode}`);
  }
  const pending = (await t.admin('GET', '/admin/v1/tier-requests?status=pending')).json().data as { id: string; keyId: string }[];
  const decided = pending.find((request) => request.keyId === decidedKeyId);
  await expectStatus(t.admin('POST', `/admin/v1/tier-requests/${decided!.id}/approve`, { note: texts.tierNote }), 200);

  // A webhook with a delivery waiting, switched off after failures (the worker's notice).
  await expectStatus(t.admin('PUT', `/admin/v1/bots/${id}/webhook`, { url: 'https://receiver.example.org/hook' }), [200, 201]);
  await expectStatus(t.admin('POST', `/admin/v1/bots/${id}/webhook/test`), [200, 202]);
  await t.db.query(
    `INSERT INTO notifications (id, bot_id, kind, message, details, created_at) VALUES (gen_random_uuid(), $1, 'webhook_disabled', 'The webhook was switched off', '{}', now())`,
    [id],
  );
  await t.db.query(`UPDATE webhooks SET disabled_at = now(), enabled = false WHERE bot_id = $1`, [id]);

  return {
    bot: { id, slugs: { en: 'radio-nova', de: 'radio-nova-de' } },
    draft: { id: draft.id },
    othersBot: { id: others.id },
    keyId: keyId!,
    userTexts: [
      texts.name,
      'Stiller Entwurf',
      'Fremder Bot',
      texts.description.en,
      texts.description.de,
      ...texts.tags,
      ...texts.reviews.flatMap((review) => [review.username, review.body, review.reply ?? '']),
      ...texts.keyNames,
      texts.tierReason,
      texts.tierNote,
      OWNER_A.name,
      VOTER.name,
      // The addresses typed into the webhook form, shown with their errors.
      'internal.example.org',
      'receiver.example.org',
      ...Object.values(LEGAL_TEXTS).flatMap((text) => text.split('\n')),
    ].filter((text) => text !== ''),
  };
}

/** Opens `page` in `lang` as its persona (one signed-in browser per persona, made on first use). */
export class SiteVisitor {
  private readonly browsers = new Map<Persona, Browser>();

  constructor(private readonly t: TestApp) {}

  async open(page: SitePage, lang: Lang, fx: SiteFixture): Promise<LightMyRequestResponse> {
    // A visitor is new for every page: a sign-in started on one page is not carried to the next.
    const browser = page.as ? await this.browser(page.as) : new Browser(this.t);
    for (const url of page.before?.(lang, fx) ?? []) await browser.get(url);
    const path = page.path(lang, fx);
    if (!page.post) return browser.get(path);
    const form = await browser.get(path);
    return browser.post(page.post.action(lang, fx), page.post.fields(fx), form.body);
  }

  private async browser(persona: Persona): Promise<Browser> {
    let browser = this.browsers.get(persona);
    if (!browser) {
      browser = new Browser(this.t);
      await browser.signIn(PERSONA_IDS[persona]);
      this.browsers.set(persona, browser);
    }
    return browser;
  }
}

async function expectStatus(response: Promise<LightMyRequestResponse>, status: number | number[]): Promise<void> {
  const answer = await response;
  if (![status].flat().includes(answer.statusCode)) throw new Error(`${answer.statusCode}: ${answer.body.slice(0, 300)}`);
}
