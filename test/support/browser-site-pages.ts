/**
 * Every page of the site in every state worth looking at, in one list that the tests walking the
 * whole site share (accessibility in Chromium; a new page or state is one more entry here), and
 * the data they show (`seedSite`). Every entry is reached the same way: a `visitor` (signed in
 * through the local sign-in provider, or not) opens `path`, optionally sends one form on it.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/index.js';
import type { Lang } from '../../src/html/i18n/index.js';
import { botBody } from '../fixtures.js';
import { ADMIN_TOKEN } from '../helpers.js';

/** The local sign-in provider's people (scripts/demo-provider.ts); names with markup prove escaping. */
export const SITE_OWNER = { id: '170000000000000001', name: 'Olga <Owner>', label: 'Sign in as the owner' };
export const SITE_VOTER = { id: '170000000000000002', name: 'Vik "Voter"', label: 'Sign in as a voter' };
export const SITE_PERSONAS = [SITE_OWNER, SITE_VOTER];

export type Visitor = 'anonymous' | 'owner' | 'voter';

/**
 * The app a page needs: `main` signs in through the provider (its settings are added to these);
 * `signInOff` has no sign-in configured; `rateLimited` answers one page a minute and 429 to the
 * rest; `branded` has the operator's logo and a light accent colour. All share one database, and
 * all get `SITE_ENV`.
 */
export type SiteApp = 'main' | 'signInOff' | 'rateLimited' | 'branded';

export const SITE_APP_ENV: Record<SiteApp, Record<string, string>> = {
  main: {},
  signInOff: {},
  rateLimited: { RATE_LIMIT_PAGES: '1' },
  branded: { SITE_NAME: 'Bots & Co', SITE_LOGO_URL: 'https://cdn.example.org/logo.svg', SITE_ACCENT_COLOR: '#ffd33d' },
};

/** The operator's settings every app gets: the legal pages exist (and the footer links them). */
export const SITE_ENV: Record<string, string> = {
  SITE_IMPRINT: 'Bot Directory Example GmbH\nMusterstraße 1\n10115 Berlin\n\nE-Mail: hallo@example.org',
  SITE_PRIVACY: 'We keep what a vote needs, for as long as the 12-hour rule needs it.\n\nNo cookies but the session.',
  SITE_TERMS: 'Be kind. Bots listed here follow the platform’s rules.',
};

/** What `seedSite` made, for the pages' addresses. */
export interface SiteFixture {
  /** Published, owned by SITE_OWNER, with icon, categories, tags, reviews and a reply, keys, tier requests, a webhook and its log; SITE_VOTER voted for it. */
  full: { id: string; slugs: Record<Lang, string> };
  /** Published, its icon does not load (the letter avatar shows), no reviews; SITE_VOTER may vote for it. */
  plain: { id: string; slugs: Record<Lang, string> };
  /** Unpublished, owned by SITE_OWNER, its webhook switched off after failures (the dashboard's banner). */
  switchedOff: { id: string };
}

export interface SitePage {
  /** Unique, usable in a file name. */
  name: string;
  visitor: Visitor;
  /** Where the visitor goes, in each language. */
  path(lang: Lang, site: SiteFixture): string;
  /** The status the page answers (after `form`: the status of the form's answer, or of where it leads). */
  status: number;
  /** Default `main`. */
  app?: SiteApp;
  /**
   * A form on the page, sent as it is (the browser's own checks skipped) with these fields set:
   * the page looked at is the answer (a refused form, its errors beside the fields) or where it
   * leads (a value shown once). A list sets checkboxes of that name (an empty list: none ticked).
   */
  form?: { action(lang: Lang, site: SiteFixture): string; fields: Record<string, string | string[]> };
}

const dashboard = (lang: Lang, id: string) => `/dashboard/bots/${id}?lang=${lang}`;

export const SITE_PAGES: SitePage[] = [
  { name: 'landing', visitor: 'anonymous', path: () => '/', status: 200 },
  { name: 'bot-anonymous', visitor: 'anonymous', path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}`, status: 200 },
  { name: 'bot-plain-anonymous', visitor: 'anonymous', path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}`, status: 200 },
  { name: 'bot-voter-can-vote', visitor: 'voter', path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}`, status: 200 },
  { name: 'bot-voter-just-voted', visitor: 'voter', path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}?voted=1`, status: 200 },
  { name: 'bot-voter-voted', visitor: 'voter', path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}`, status: 200 },
  {
    name: 'bot-sign-in-off',
    visitor: 'anonymous',
    app: 'signInOff',
    path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}`,
    status: 200,
  },
  {
    name: 'bot-branded',
    visitor: 'anonymous',
    app: 'branded',
    path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}`,
    status: 200,
  },
  { name: 'dashboard-list', visitor: 'owner', path: (lang) => `/dashboard?lang=${lang}`, status: 200 },
  { name: 'dashboard-list-empty', visitor: 'voter', path: (lang) => `/dashboard?lang=${lang}`, status: 200 },
  { name: 'dashboard-bot', visitor: 'owner', path: (lang, s) => dashboard(lang, s.full.id), status: 200 },
  { name: 'dashboard-bot-switched-off', visitor: 'owner', path: (lang, s) => dashboard(lang, s.switchedOff.id), status: 200 },
  {
    name: 'dashboard-key-shown-once',
    visitor: 'owner',
    path: (lang, s) => dashboard(lang, s.switchedOff.id),
    status: 200,
    form: {
      action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/keys?lang=${lang}`,
      fields: { name: 'Rewards', scopes: ['votes:read'] },
    },
  },
  {
    name: 'dashboard-key-refused',
    visitor: 'owner',
    path: (lang, s) => dashboard(lang, s.full.id),
    status: 422,
    form: { action: (lang, s) => `/dashboard/bots/${s.full.id}/keys?lang=${lang}`, fields: { name: 'x'.repeat(101), scopes: [] } },
  },
  {
    name: 'dashboard-webhook-refused',
    visitor: 'owner',
    path: (lang, s) => dashboard(lang, s.full.id),
    status: 422,
    form: { action: (lang, s) => `/dashboard/bots/${s.full.id}/webhook?lang=${lang}`, fields: { url: 'https://10.0.0.5/hook' } },
  },
  { name: 'imprint', visitor: 'anonymous', path: (lang) => `/${lang}/imprint`, status: 200 },
  { name: 'privacy', visitor: 'anonymous', path: (lang) => `/${lang}/privacy`, status: 200 },
  { name: 'terms', visitor: 'owner', path: (lang) => `/${lang}/terms`, status: 200 },
  { name: 'sign-in-off', visitor: 'anonymous', app: 'signInOff', path: (lang) => `/auth/sign-in?lang=${lang}`, status: 503 },
  { name: 'error-404', visitor: 'anonymous', path: (lang) => `/${lang}/bots/no-such-bot`, status: 404 },
  { name: 'error-403', visitor: 'voter', path: (lang, s) => dashboard(lang, s.full.id), status: 403 },
  { name: 'error-429', visitor: 'anonymous', app: 'rateLimited', path: (lang) => `/${lang}/privacy`, status: 429 },
];

/** The management API, as the operator calls it. */
async function admin(app: FastifyInstance, method: 'PUT' | 'POST', url: string, payload: object): Promise<{ data: { id: string } }> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function bot(app: FastifyInstance, overrides: Record<string, unknown>): Promise<{ id: string; slugs: Record<Lang, string> }> {
  const { id, body } = botBody(overrides);
  await admin(app, 'PUT', `/admin/v1/bots/${id}`, body);
  return { id, slugs: body.slugs as Record<Lang, string> };
}

/**
 * The bots, votes, reviews, keys, tier requests and webhooks the pages show, made through the
 * management API and the services the dashboard calls; the webhook's delivery log and switch-off
 * notice are written as the delivery worker writes them, so no worker or receiver has to run.
 */
export async function seedSite(app: FastifyInstance, db: Database): Promise<SiteFixture> {
  const full = await bot(app, {
    name: 'Radio <Nova>',
    slugs: { en: 'radio-nova', de: 'radio-nova-de' },
    shortDescription: { en: 'Streams radio into your voice channels.', de: 'Spielt Radio in deinen Sprachkanälen.' },
    categories: ['music', 'fun'],
    tags: ['radio', 'streaming', 'always-on'],
    owners: [SITE_OWNER.id],
    isVerified: true,
    platformServerCount: 123456,
  });
  const plain = await bot(app, {
    name: 'Pixel Pal',
    slugs: { en: 'pixel-pal', de: 'pixel-pal-de' },
    iconUrl: 'https://icons.example.net/gone.png',
    categories: [],
    tags: [],
  });
  const switchedOff = await bot(app, { name: 'Quiet Helper', owners: [SITE_OWNER.id], published: false });

  await admin(app, 'POST', `/admin/v1/bots/${full.id}/votes`, { user: SITE_VOTER.id, username: SITE_VOTER.name });
  await admin(app, 'POST', `/admin/v1/bots/${full.id}/votes`, { user: '170000000000000009', username: 'Fresh Account', flagged: true });
  const review = await admin(app, 'POST', `/admin/v1/bots/${full.id}/reviews`, {
    user: SITE_VOTER.id,
    username: SITE_VOTER.name,
    rating: 4,
    body: 'Clear sound, <b>never</b> drops out.',
  });
  await admin(app, 'PUT', `/admin/v1/reviews/${review.data.id}/reply`, { body: 'Thank you!' });
  await admin(app, 'POST', `/admin/v1/bots/${full.id}/reviews`, {
    user: '170000000000000008',
    username: 'Ria',
    rating: 2,
    body: 'Missing my favourite station.',
  });

  const { services } = app;
  const key = await services.keys.create(full.id, { name: 'Rewards', scopes: ['votes:read', 'stats:write'] });
  const other = await services.keys.create(full.id, { name: 'Stats', scopes: ['stats:write'] });
  await services.tiers.create(full.id, SITE_OWNER.id, { keyId: key.id, tier: 2, reason: 'A server of 40,000 members.' });
  const denied = await services.tiers.create(full.id, SITE_OWNER.id, { keyId: other.id, tier: 3, reason: 'More posts.' });
  await services.tiers.deny(denied.id, { note: 'Tier 2 first, please.' });

  for (const id of [full.id, switchedOff.id])
    await services.webhookEndpoints.configure(id, { url: 'https://93.184.215.14/hook', enabled: true });
  await services.webhookDeliveries.sendTest(full.id);
  await services.webhookDeliveries.sendTest(full.id);
  // Two test events delivered, one answered 200 and one refused, as the delivery worker records them.
  await db.query(
    `WITH routed AS (UPDATE events SET routed_at = now() WHERE bot_id = $1 AND type = 'test' RETURNING id, created_at),
          made AS (
            INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, attempts, created_at, completed_at)
            SELECT gen_random_uuid(), r.id, $1, w.id, CASE WHEN row_number() OVER (ORDER BY r.id) = 1 THEN 'succeeded' ELSE 'failed' END, 1, r.created_at, now()
            FROM routed r JOIN webhooks w ON w.bot_id = $1
            RETURNING id, status)
     INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, error_code, error_message, latency_ms, response_snippet)
     SELECT id, 1, now(), CASE WHEN status = 'succeeded' THEN 200 END, CASE WHEN status = 'failed' THEN 'timeout' END,
            CASE WHEN status = 'failed' THEN 'No answer within 5 s' END, 87, CASE WHEN status = 'succeeded' THEN 'ok' END
     FROM made`,
    [full.id],
  );
  await db.query(`UPDATE webhooks SET enabled = false, disabled_at = now(), consecutive_failures = 20 WHERE bot_id = $1`, [switchedOff.id]);
  await db.query(
    `INSERT INTO notifications (id, bot_id, kind, message, details, created_at)
     VALUES (gen_random_uuid(), $1, 'webhook_disabled', 'Failed 20 times in a row', '{}', now())`,
    [switchedOff.id],
  );
  return { full, plain, switchedOff: { id: switchedOff.id } };
}
