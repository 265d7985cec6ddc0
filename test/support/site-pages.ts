/**
 * Every page of the site in every state worth looking at, in both languages, and how to reach
 * each: one list that every test walking the whole site shares (the language check,
 * test/html/i18n/languages.test.ts, over `app.inject`; the accessibility check in Chromium,
 * test/modules/site/accessibility.browser.test.ts). A new page or state is one more entry of
 * SITE_PAGES; what it needs to show something is made in `seedSite` and named in SiteFixture.
 *
 * Every entry is reached the same way: a visitor (signed in through the local sign-in provider as
 * `as`, or not) opens the addresses of `before`, then `path`, and optionally sends one form on it;
 * redirects are followed, as a browser does.
 */
import { historyRepository } from '../../src/modules/history/repository.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/index.js';
import type { Lang } from '../../src/html/i18n/index.js';
import type { Clock } from '../../src/lib/clock.js';
import type { LookupFn } from '../../src/modules/webhooks/endpoints/resolve-host.js';
import { botBody } from '../fixtures.js';
import { ADMIN_TOKEN, ManualClock, type TestApp } from '../helpers.js';
import { Browser } from '../modules/site/session-client.js';
import { dashboardUser, OPERATOR_TOKEN } from '../../src/modules/audit/entry.js';

/** The local sign-in provider's people (scripts/demo-provider.ts); names with markup prove escaping. */
export const SITE_OWNER = { id: '170000000000000001', name: 'Olga <Owner>', label: 'Sign in as the owner' };
export const SITE_VOTER = { id: '170000000000000002', name: 'Vik "Voter"', label: 'Sign in as a voter' };
/** One of OPERATOR_USER_IDS on `main`: the console is theirs. */
export const SITE_OPERATOR = { id: '170000000000000003', name: 'Ola & Operator', label: 'Sign in as the operator' };
export const SITE_PERSONAS = [SITE_OWNER, SITE_VOTER, SITE_OPERATOR];

/** Who is signed in to see a page; none: a visitor. */
export type Persona = 'owner' | 'voter' | 'operator';
export const PERSONA: Record<Persona, typeof SITE_OWNER> = { owner: SITE_OWNER, voter: SITE_VOTER, operator: SITE_OPERATOR };

/**
 * The app a page needs: `main` signs in through the provider; `signInOff` has no sign-in
 * configured; `rateLimited` answers one page a minute and 429 to the rest; `branded` has the
 * operator's name, logo and a light accent colour. All share one database.
 */
export type SiteApp = 'main' | 'signInOff' | 'rateLimited' | 'branded';
export const SITE_APPS: readonly SiteApp[] = ['main', 'signInOff', 'rateLimited', 'branded'];

/** The operator's settings every app gets: the legal pages exist (and the footer links them). */
const SITE_ENV: Record<string, string> = {
  SITE_IMPRINT: 'Bot Directory Example GmbH\nMusterstraße 1\n10115 Berlin\n\nE-Mail: hallo@example.org',
  SITE_PRIVACY: 'We keep what a vote needs, for as long as the 12-hour rule needs it.\n\nNo cookies but the session.',
  SITE_TERMS: 'Be kind. Bots listed here follow the platform’s rules.',
};

const APP_ENV: Record<SiteApp, Record<string, string>> = {
  main: { OPERATOR_USER_IDS: SITE_OPERATOR.id },
  signInOff: {},
  rateLimited: { RATE_LIMIT_PAGES: '1' },
  branded: { SITE_NAME: 'Bots & Co', SITE_LOGO_URL: 'https://cdn.example.org/logo.svg', SITE_ACCENT_COLOR: '#ffd33d' },
};

/** The settings of app `name`; `signIn` (the provider's settings) goes to `main` only. */
export function siteAppEnv(name: SiteApp, signIn: Record<string, string>): Record<string, string> {
  return { ...SITE_ENV, ...APP_ENV[name], ...(name === 'main' ? signIn : {}) };
}

/**
 * The clock of app `name`, when it needs its own: `rateLimited`'s stands still, so its one page a
 * minute, once spent, stays spent however long the test takes (no new window lets a page through).
 */
export function siteAppClock(name: SiteApp): Clock | undefined {
  return name === 'rateLimited' ? new ManualClock(new Date()) : undefined;
}

/** receiver.example.org is public; internal.example.org leads to a private address. */
export const siteLookup: LookupFn = async (hostname) => [
  { address: hostname.startsWith('internal') ? '10.0.0.5' : '93.184.216.34', family: 4 },
];

/** What `seedSite` made, for the pages' addresses. */
export interface SiteFixture {
  /**
   * Published, owned by SITE_OWNER, with banner, icon, categories, tags, a month of history, more
   * reviews than a page holds (one with a reply), keys, tier requests, a webhook and its log;
   * SITE_VOTER voted for it.
   */
  full: { id: string; slugs: Record<Lang, string> };
  /** Published, its icon does not load (the letter avatar shows), no reviews, categories or tags; SITE_VOTER may vote for it. */
  plain: { id: string; slugs: Record<Lang, string> };
  /** Unpublished, owned by SITE_OWNER, its webhook switched off after failures (the dashboard's banner). */
  switchedOff: { id: string };
  /**
   * The endpoints of `full`: its default webhook, with a log of more deliveries than a page of the
   * log holds, and a Discord channel whose rotated secret still overlaps.
   */
  endpoints: { main: string; discord: string };
  /** A key of `full` with a tier request still open. */
  keyId: string;
  /**
   * Unpublished, owned by SITE_OWNER: submitted, sent back by the moderators with a note, and
   * edited since (its editor shows the note, the history and the changes).
   */
  listed: { id: string };
  /** A listing of SITE_OWNER waiting in the moderation queue (every field new). */
  submissionId: string;
  /** SITE_VOTER's open report of `full` (they reported `plain` too, and were answered). */
  reportId: string;
  /** An open invitation link's token to `full`'s team, as a viewer (the team also has an editor who joined by a link). */
  invitationToken: string;
  /** Everything the fixture wrote that the pages show as written: names, descriptions, tags, reviews, notes, the operator's texts. */
  userTexts: string[];
}

export interface SitePage {
  /** Unique, usable in a file name. */
  name: string;
  /** Who is signed in (on `main`, where sign-in is); none: a visitor, new for every page. */
  as?: Persona;
  /** Where the visitor goes, in each language; for a form, the page the form is on. */
  path(lang: Lang, site: SiteFixture): string;
  /** The status the page answers (after `form`: the status of the form's answer, or of where it leads). */
  status: number;
  /** Default `main`. */
  app?: SiteApp;
  /** Markup the page holds only in the state its name says, so the fixture cannot drift out of it unseen. */
  shows?: string;
  /** Addresses the same visitor opens first (a sign-in started from a page). */
  before?(lang: Lang, site: SiteFixture): string[];
  /**
   * A form on the page, sent as it is (the browser's own checks skipped) with these fields set:
   * the page looked at is the answer (a refused form, its errors beside the fields) or where it
   * leads (a value shown once). A list sets checkboxes of that name (an empty list: none ticked).
   */
  form?: { action(lang: Lang, site: SiteFixture): string; fields(site: SiteFixture): Record<string, string | string[]> };
}

const botPage = (lang: Lang, site: SiteFixture, query = '') => `/${lang}/bots/${site.full.slugs[lang]}${query}`;
const dashboard = (lang: Lang, id: string) => `/dashboard/bots/${id}?lang=${lang}`;
const fullDashboard = (lang: Lang, site: SiteFixture) => dashboard(lang, site.full.id);
const listingEditor = (lang: Lang, id: string) => `/dashboard/bots/${id}/listing?lang=${lang}`;
const teamPage = (lang: Lang, id: string) => `/dashboard/bots/${id}/team?lang=${lang}`;
/** The name of the member who joined `full`'s team by a link. */
const TEAM_MEMBER = 'Tessa Teamwork';
const webhooksOf = (lang: Lang, id: string) => `/dashboard/bots/${id}/webhooks?lang=${lang}`;
const webhooks = (lang: Lang, site: SiteFixture) => webhooksOf(lang, site.full.id);
const endpointPage = (lang: Lang, site: SiteFixture, endpointId: string, action = '') =>
  `/dashboard/bots/${site.full.id}/webhooks/${endpointId}${action}?lang=${lang}`;
const deliveries = (lang: Lang, site: SiteFixture) => `/dashboard/bots/${site.full.id}/deliveries?lang=${lang}`;
/** Markdown typed into the editor and previewed: a heading, emphasis, a list, a link, markup shown as text. */
const LISTING_MARKDOWN = '## Nova\n\n**Radio** *Nova*\n\n- Radio Nova\n\n[Radio Nova](https://radio.example.org) <b>Nova</b>';

export const SITE_PAGES: SitePage[] = [
  // The directory people browse.
  { name: 'home', path: (lang) => `/${lang}`, status: 200, shows: '<p class="ok note">' },
  { name: 'browse', path: (lang) => `/${lang}/bots`, status: 200 },
  { name: 'browse-newest', path: (lang) => `/${lang}/bots?sort=new`, status: 200 },
  { name: 'browse-by-name-page-2', path: (lang) => `/${lang}/bots?sort=name&page=2`, status: 200, shows: 'rel="prev"' },
  { name: 'categories', path: (lang) => `/${lang}/categories`, status: 200 },
  { name: 'category', path: (lang) => `/${lang}/categories/music`, status: 200 },
  { name: 'category-empty', path: (lang) => `/${lang}/categories/crypto`, status: 200 },
  { name: 'tag', path: (lang) => `/${lang}/tags/radio`, status: 200 },
  { name: 'search-form', path: (lang) => `/${lang}/search`, status: 200 },
  { name: 'search-results', path: (lang) => `/${lang}/search?q=radio`, status: 200, shows: '<mark>' },
  { name: 'search-did-you-mean', path: (lang) => `/${lang}/search?q=${DID_YOU_MEAN}`, status: 200, shows: 'class="suggestion"' },
  // The bot page: as a visitor, its reviews further on, as someone who may vote, right after a vote.
  { name: 'bot', path: (lang, s) => botPage(lang, s), status: 200, shows: 'class="banner"' },
  { name: 'bot-reviews-page-2', path: (lang, s) => botPage(lang, s, '?rpage=2'), status: 200, shows: 'rel="prev"' },
  {
    name: 'bot-reviews-newest',
    path: (lang, s) => botPage(lang, s, '?reviews=newest'),
    status: 200,
    shows: 'reviews=newest#reviews" aria-current="true"',
  },
  { name: 'bot-plain', path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}`, status: 200 },
  { name: 'bot-voter-can-vote', as: 'voter', path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}`, status: 200 },
  { name: 'bot-voter-just-voted', as: 'voter', path: (lang, s) => botPage(lang, s, '?voted=1'), status: 200 },
  { name: 'bot-voter-voted', as: 'voter', path: (lang, s) => botPage(lang, s), status: 200 },
  { name: 'bot-sign-in-off', app: 'signInOff', path: (lang, s) => botPage(lang, s), status: 200 },
  { name: 'bot-branded', app: 'branded', path: (lang, s) => botPage(lang, s), status: 200 },
  // The operator's pages.
  { name: 'imprint', path: (lang) => `/${lang}/imprint`, status: 200 },
  { name: 'privacy', path: (lang) => `/${lang}/privacy`, status: 200 },
  { name: 'terms', as: 'owner', path: (lang) => `/${lang}/terms`, status: 200 },
  // The dashboard.
  { name: 'dashboard-list', as: 'owner', path: (lang) => `/dashboard?lang=${lang}`, status: 200 },
  { name: 'dashboard-list-empty', as: 'voter', path: (lang) => `/dashboard?lang=${lang}`, status: 200 },
  { name: 'dashboard-bot', as: 'owner', path: fullDashboard, status: 200 },
  { name: 'dashboard-bot-switched-off', as: 'owner', path: (lang, s) => dashboard(lang, s.switchedOff.id), status: 200 },
  {
    name: 'dashboard-analytics',
    as: 'owner',
    path: (lang, s) => `/dashboard/bots/${s.full.id}/analytics?days=7&lang=${lang}`,
    status: 200,
    shows: 'class="chart"',
  },
  {
    name: 'dashboard-analytics-unpublished',
    as: 'owner',
    path: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/analytics?days=nonsense&lang=${lang}`,
    status: 200,
  },
  {
    name: 'dashboard-audit',
    as: 'owner',
    path: (lang, s) => `/dashboard/bots/${s.listed.id}/audit?lang=${lang}`,
    status: 200,
    shows: 'class="changes"',
  },
  {
    name: 'dashboard-key-shown-once',
    as: 'owner',
    path: (lang, s) => dashboard(lang, s.switchedOff.id),
    status: 200,
    shows: '<code id="new-key">bdk_',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/keys?lang=${lang}`,
      fields: () => ({ name: 'Rewards', scopes: ['votes:read'] }),
    },
  },
  {
    name: 'dashboard-key-refused',
    as: 'owner',
    path: fullDashboard,
    status: 422,
    form: { action: (lang, s) => `/dashboard/bots/${s.full.id}/keys?lang=${lang}`, fields: () => ({ name: 'x'.repeat(101), scopes: [] }) },
  },
  // A bot's webhook endpoints and their delivery log.
  { name: 'dashboard-webhooks', as: 'owner', path: webhooks, status: 200, shows: '/end-overlap?lang=' },
  {
    name: 'dashboard-webhooks-switched-off',
    as: 'owner',
    path: (lang, s) => webhooksOf(lang, s.switchedOff.id),
    status: 200,
    shows: 'role="alert"',
  },
  {
    name: 'dashboard-webhooks-secret-shown-once',
    as: 'owner',
    path: webhooks,
    status: 200,
    shows: '<code id="new-secret">whsec_',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.full.id}/webhooks/${s.endpoints.main}/rotate-secret?lang=${lang}`,
      fields: () => ({ overlapSeconds: '0' }),
    },
  },
  {
    name: 'dashboard-webhook-refused-by-policy',
    as: 'owner',
    path: webhooks,
    status: 422,
    shows: 'id="add-url-error"',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.full.id}/webhooks?lang=${lang}`,
      fields: () => ({ url: 'https://internal.example.org/hook', events: ['vote'] }),
    },
  },
  {
    name: 'dashboard-webhook-refused-fields',
    as: 'owner',
    path: webhooks,
    status: 422,
    shows: 'id="add-events-error"',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.full.id}/webhooks?lang=${lang}`,
      fields: () => ({ url: 'receiver.example.org', events: [] }),
    },
  },
  {
    name: 'dashboard-webhook-edit',
    as: 'owner',
    path: (lang, s) => endpointPage(lang, s, s.endpoints.discord),
    status: 200,
    shows: 'name="enabled"',
  },
  {
    name: 'dashboard-webhook-edit-refused',
    as: 'owner',
    path: (lang, s) => endpointPage(lang, s, s.endpoints.discord),
    status: 422,
    shows: 'id="edit-url-error"',
    form: {
      action: (lang, s) => endpointPage(lang, s, s.endpoints.discord),
      fields: () => ({ url: 'https://internal.example.org/hook', events: ['vote'] }),
    },
  },
  {
    name: 'dashboard-webhook-delete',
    as: 'owner',
    path: (lang, s) => endpointPage(lang, s, s.endpoints.discord, '/delete'),
    status: 200,
    shows: 'class="danger"',
  },
  { name: 'dashboard-deliveries', as: 'owner', path: deliveries, status: 200, shows: 'rel="next"' },
  {
    name: 'dashboard-deliveries-filtered',
    as: 'owner',
    path: (lang, s) => `${deliveries(lang, s)}&endpointId=${s.endpoints.main}&status=failed&event=test`,
    status: 200,
    shows: '<ol class="attempts">',
  },
  { name: 'dashboard-deliveries-none-match', as: 'owner', path: (lang, s) => `${deliveries(lang, s)}&event=premium`, status: 200 },
  {
    name: 'dashboard-tier-request-while-one-is-open',
    as: 'owner',
    path: fullDashboard,
    status: 409,
    form: {
      action: (lang, s) => `/dashboard/bots/${s.full.id}/tier-requests?lang=${lang}`,
      fields: (s) => ({ keyId: s.keyId, tier: '3', reason: 'Noch einmal' }),
    },
  },
  // The owner's listings: adding a bot, the editor in each state worth seeing, its refusals and preview.
  { name: 'dashboard-add-bot', as: 'owner', path: (lang) => `/dashboard/bots/new?lang=${lang}`, status: 200 },
  {
    name: 'dashboard-add-bot-refused',
    as: 'owner',
    path: (lang) => `/dashboard/bots/new?lang=${lang}`,
    status: 422,
    shows: 'id="application-id-error"',
    form: { action: (lang) => `/dashboard/bots/new?lang=${lang}`, fields: () => ({ applicationId: '12345' }) },
  },
  {
    name: 'dashboard-listing-published',
    as: 'owner',
    path: (lang, s) => listingEditor(lang, s.full.id),
    status: 200,
    shows: '/listing/unlist?',
  },
  {
    name: 'dashboard-listing-draft',
    as: 'owner',
    path: (lang, s) => listingEditor(lang, s.switchedOff.id),
    status: 200,
    shows: '/listing/submit?',
  },
  {
    name: 'dashboard-listing-changes-requested',
    as: 'owner',
    path: (lang, s) => listingEditor(lang, s.listed.id),
    status: 200,
    shows: '<h2 id="changes">',
  },
  {
    name: 'dashboard-listing-refused',
    as: 'owner',
    path: (lang, s) => listingEditor(lang, s.switchedOff.id),
    status: 422,
    shows: 'id="l-websiteUrl-error"',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/listing?lang=${lang}`,
      fields: () => ({ intent: 'save', name: '', websiteUrl: 'javascript:alert(1)', categories: ['music', 'music'] }),
    },
  },
  {
    name: 'dashboard-listing-preview',
    as: 'owner',
    path: (lang, s) => listingEditor(lang, s.switchedOff.id),
    status: 200,
    shows: 'class="markdown"',
    form: {
      action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/listing?lang=${lang}`,
      fields: () => ({ intent: 'preview', 'longDescription.en': LISTING_MARKDOWN, 'longDescription.de': '' }),
    },
  },
  // A bot's team: its page, a new link shown once, the last owner refused, the link's own page.
  { name: 'dashboard-team', as: 'owner', path: (lang, s) => teamPage(lang, s.full.id), status: 200, shows: '/revoke?lang=' },
  {
    name: 'dashboard-team-link-shown-once',
    as: 'owner',
    path: (lang, s) => teamPage(lang, s.switchedOff.id),
    status: 200,
    shows: '<code id="new-invitation">',
    form: { action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/team/invitations?lang=${lang}`, fields: () => ({ role: 'editor' }) },
  },
  {
    name: 'dashboard-team-last-owner',
    as: 'owner',
    path: (lang, s) => teamPage(lang, s.switchedOff.id),
    status: 409,
    shows: 'class="error" role="alert"',
    form: { action: (lang, s) => `/dashboard/bots/${s.switchedOff.id}/team/leave?lang=${lang}`, fields: () => ({}) },
  },
  {
    name: 'invitation',
    as: 'voter',
    path: (lang, s) => `/dashboard/invitations/${s.invitationToken}?lang=${lang}`,
    status: 200,
    shows: '/accept?lang=',
  },
  // Reporting a bot, and the reporter's answers.
  {
    name: 'report-form',
    as: 'voter',
    path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}/report`,
    status: 200,
    shows: 'name="details"',
  },
  {
    name: 'report-refused',
    as: 'voter',
    path: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}/report`,
    status: 422,
    form: { action: (lang, s) => `/${lang}/bots/${s.plain.slugs[lang]}/report`, fields: () => ({ reason: 'spam', details: '' }) },
  },
  {
    name: 'report-waiting',
    as: 'voter',
    path: (lang, s) => `/${lang}/bots/${s.full.slugs[lang]}/report`,
    status: 200,
    shows: 'class="notice"',
  },
  { name: 'dashboard-reports', as: 'voter', path: (lang) => `/dashboard/reports?lang=${lang}`, status: 200 },
  // The operators' console.
  { name: 'console-queue', as: 'operator', path: (lang) => `/console?lang=${lang}`, status: 200, shows: '/console/submissions/' },
  {
    name: 'console-submission',
    as: 'operator',
    path: (lang, s) => `/console/submissions/${s.submissionId}?lang=${lang}`,
    status: 200,
    shows: 'class="diff"',
  },
  {
    name: 'console-submission-refused',
    as: 'operator',
    path: (lang, s) => `/console/submissions/${s.submissionId}?lang=${lang}`,
    status: 422,
    // Approval's note is optional: one over the limit is what a refused decision looks like.
    form: {
      action: (lang, s) => `/console/submissions/${s.submissionId}/approve?lang=${lang}`,
      fields: () => ({ note: 'x'.repeat(2001) }),
    },
  },
  {
    name: 'console-listing',
    as: 'operator',
    path: (lang, s) => `/console/bots/${s.full.id}?lang=${lang}`,
    status: 200,
    shows: '/remove?lang=',
  },
  { name: 'console-reports', as: 'operator', path: (lang) => `/console/reports?lang=${lang}`, status: 200, shows: 'name="resolution"' },
  { name: 'console-reports-resolved', as: 'operator', path: (lang) => `/console/reports?status=resolved&lang=${lang}`, status: 200 },
  {
    name: 'console-report-refused',
    as: 'operator',
    path: (lang) => `/console/reports?lang=${lang}`,
    status: 422,
    form: { action: (lang, s) => `/console/reports/${s.reportId}/resolve?lang=${lang}`, fields: () => ({ note: '' }) },
  },
  { name: 'console-tier-requests', as: 'operator', path: (lang) => `/console/tier-requests?lang=${lang}`, status: 200 },
  { name: 'console-bans', as: 'operator', path: (lang) => `/console/bans?lang=${lang}`, status: 200, shows: '/lift?lang=' },
  {
    name: 'console-ban-refused',
    as: 'operator',
    path: (lang) => `/console/bans?lang=${lang}`,
    status: 422,
    form: { action: (lang) => `/console/bans?lang=${lang}`, fields: () => ({ kind: 'user', subjectId: 'abc', note: '' }) },
  },
  { name: 'console-templates', as: 'operator', path: (lang) => `/console/templates?lang=${lang}`, status: 200, shows: '/delete?lang=' },
  { name: 'console-audit', as: 'operator', path: (lang) => `/console/audit?lang=${lang}`, status: 200, shows: 'class="changes"' },
  { name: 'console-audit-refused', as: 'operator', path: (lang) => `/console/audit?from=gestern&lang=${lang}`, status: 422 },
  { name: 'console-forbidden', as: 'owner', path: (lang) => `/console?lang=${lang}`, status: 403 },
  // Error pages.
  { name: 'error-404-bot', path: (lang) => `/${lang}/bots/no-such-bot`, status: 404 },
  { name: 'error-404-category', path: (lang) => `/${lang}/categories/no-such-category`, status: 404 },
  { name: 'error-404-tag', path: (lang) => `/${lang}/tags/no-such-tag`, status: 404 },
  { name: 'error-404-page', path: (lang) => `/${lang}/no-such-page`, status: 404 },
  { name: 'error-422', path: (lang) => `/${lang}/bots/${'x'.repeat(101)}`, status: 422 },
  { name: 'error-403', as: 'voter', path: fullDashboard, status: 403 },
  {
    name: 'error-403-forged-form',
    as: 'owner',
    path: fullDashboard,
    status: 403,
    form: { action: (lang, s) => `/dashboard/bots/${s.full.id}/keys?lang=${lang}`, fields: () => ({ _csrf: 'forged' }) },
  },
  {
    name: 'error-401-sign-in-not-completed',
    before: (lang, s) => [`/auth/sign-in?return=${encodeURIComponent(botPage(lang, s))}`],
    path: () => '/auth/callback?code=forged&state=forged',
    status: 401,
  },
  { name: 'error-503-sign-in-off', app: 'signInOff', path: (lang) => `/auth/sign-in?lang=${lang}`, status: 503 },
  // The one page a minute is spent first (by this visitor or an earlier one).
  { name: 'error-429', app: 'rateLimited', before: (lang) => [`/${lang}/privacy`], path: (lang) => `/${lang}/privacy`, status: 429 },
];

/** The embeds a page in `lang` may show or link, in `lang`. */
export const EMBED_PAGES: { name: string; path: (lang: Lang, site: SiteFixture) => string }[] = [
  { name: 'chart', path: (lang, s) => `/api/chart/${s.full.id}?lang=${lang}` },
  { name: 'chart of one year', path: (lang, s) => `/api/chart/${s.full.id}?range=365&lang=${lang}` },
  { name: 'chart of a bot without data', path: (lang, s) => `/api/chart/${s.plain.id}?lang=${lang}` },
  { name: 'widget', path: (lang, s) => `/api/widget/${s.full.id}?lang=${lang}` },
  { name: 'card', path: (lang, s) => `/api/card/${s.full.id}.svg?lang=${lang}` },
  ...(['servers', 'votes', 'votes_total', 'rating', 'rating_stars', 'status'] as const).map((variant) => ({
    name: `badge ${variant}`,
    path: (lang: Lang, s: SiteFixture) => `/api/badge/${s.full.id}?variant=${variant}&lang=${lang}`,
  })),
  { name: 'badge of no bot', path: (lang) => `/api/badge/123456789012345678?lang=${lang}` },
  { name: 'widget of no bot', path: (lang) => `/api/widget/123456789012345678?lang=${lang}` },
];

/** The listing SITE_OWNER submitted: every field, in one line each (shown as written in the console). */
const SUBMITTED = {
  name: 'Lantern Quiz',
  slugs: { en: 'lantern-quiz', de: 'lantern-quiz-de' },
  shortDescription: { en: 'Daily quizzes for your server.', de: 'Tägliche Quizze für deinen Server.' },
  longDescription: { en: 'Quiz nights with **scores** and <em>prizes</em>.', de: 'Quizabende mit **Punkten** und <em>Preisen</em>.' },
  prefix: '?',
  pricing: 'freemium',
  iconUrl: 'https://cdn.example.org/lantern.png',
  bannerUrl: null,
  inviteUrl: 'https://discord.com/oauth2/authorize?client_id=13',
  supportServerUrl: 'https://discord.gg/lantern',
  websiteUrl: 'https://lantern.example.org',
  categories: ['games'],
  tags: ['quiz', 'trivia'],
  screenshots: ['https://cdn.example.org/lantern-shot.png'],
};

/** What the reports, the ban and the reason template of the fixture say. */
const REPORT_TEXTS = {
  answeredDetails: 'It stopped drawing.',
  answer: 'The owner fixed it; thank you.',
  details: 'Plays <b>ads</b> between the songs.',
  ban: 'Sold votes.',
  template: { title: 'German text missing', body: 'Please add the German short description.' },
};

/** A query that finds nothing: two typos from a word of the fixture ("timekeeper"), one more than its length allows. */
const DID_YOU_MEAN = 'timekepr';

/** The body a failing receiver answered (the log shows its start as it came). */
const RECEIVER_ANSWER = '{"error":"upstream unavailable, try later"}';

/** The bot every state is shown on. */
const FULL = {
  name: 'Radio <Nova>',
  slugs: { en: 'radio-nova', de: 'radio-nova-de' },
  shortDescription: { en: 'Streams radio into your voice channels.', de: 'Spielt Radio in deinen Sprachkanälen.' },
  bannerUrl: 'https://cdn.example.org/banner.svg',
  categories: ['music', 'fun'],
  tags: ['radio', 'streaming', 'always-on'],
  owners: [SITE_OWNER.id],
  isVerified: true,
  platformServerCount: 12_345,
};

/** The listing sent back for changes: as submitted, the moderators' note, and the owner's edit since. */
const LISTED = {
  name: 'Night Radio',
  shortDescription: { en: 'Plays calm radio at night.', de: 'Spielt nachts ruhiges Radio.' },
  note: 'Please describe the stations (Night Radio).',
  edited: { en: 'Plays calm radio all night long.', de: 'Spielt die ganze Nacht ruhiges Radio.' },
};

const PLAIN_DESCRIPTION = { en: 'Draws pixel art from your messages.', de: 'Zeichnet Pixelkunst aus deinen Nachrichten.' };
const DRAFT_DESCRIPTION = { en: 'Answers questions quietly.', de: 'Beantwortet Fragen in Ruhe.' };

/**
 * Its reviews, oldest first: more than a page (10), rated 40 in all (3.33 on average), a few
 * found helpful so that the two orders differ.
 */
const REVIEWS: { username: string; rating: number; body: string; helpful?: number; reply?: string }[] = [
  { username: SITE_VOTER.name, rating: 4, body: 'Clear sound, <b>never</b> drops out.', helpful: 7, reply: 'Thank you!' },
  { username: 'Ria', rating: 2, body: 'Missing my favourite station.', helpful: 3 },
  { username: 'Kai', rating: 4, body: 'Läuft stabil, tolle Sender.' },
  { username: 'Mia', rating: 3, body: 'Solide.' },
  { username: 'Noa', rating: 3, body: 'Gut.', helpful: 1 },
  { username: 'Lio', rating: 5, body: 'Best radio bot around.' },
  { username: 'Ada', rating: 2, body: 'Lags in the evening.' },
  { username: 'Ben', rating: 4, body: 'Jazz-Sender sind super.' },
  { username: 'Eda', rating: 5, body: 'Plays all night "onmouseover="alert(1)' },
  { username: 'Jo', rating: 3, body: 'Okay.' },
  { username: 'Uma', rating: 2, body: 'Zu wenig Sender.' },
  { username: 'Zoe', rating: 3, body: 'Fine for our server.' },
];

/**
 * Bots enough for a second page of every list (24 a page), each in categories of the operator's
 * list (their German names differ) and with tags; a few share the full bot's category and tag.
 */
const MORE_BOTS: [name: string, en: string, de: string, categories: string[], tags: string[]][] = [
  ['Quiz Fox', 'Runs trivia nights for your server.', 'Veranstaltet Quizabende auf deinem Server.', ['games', 'fun'], ['trivia']],
  ['Beat Box', 'Plays music from many sources.', 'Spielt Musik aus vielen Quellen.', ['music'], ['radio', 'playlists']],
  ['Lo-Fi Lounge', 'Streams calm beats all day.', 'Spielt den ganzen Tag ruhige Beats.', ['music', 'radio'], ['radio', 'lofi']],
  ['Guard Dog', 'Keeps spam and raids away.', 'Hält Spam und Raids fern.', ['moderation'], ['anti-spam']],
  [
    'Coin Keeper',
    'An economy with shops and daily rewards.',
    'Eine Wirtschaft mit Läden und täglichen Belohnungen.',
    ['economy'],
    ['shop'],
  ],
  ['Level Up', 'Rewards activity with ranks.', 'Belohnt Aktivität mit Rängen.', ['leveling'], ['ranks']],
  ['Hello There', 'Greets new members with a card.', 'Begrüßt neue Mitglieder mit einer Karte.', ['welcome'], ['greetings']],
  ['Poll Cat', 'Quick polls with buttons.', 'Schnelle Umfragen mit Knöpfen.', ['polls'], ['buttons']],
  ['Babel', 'Translates messages on the fly.', 'Übersetzt Nachrichten sofort.', ['translation'], ['languages']],
  ['Nudge', 'Reminds you of what matters.', 'Erinnert dich an das Wichtige.', ['reminders'], ['timers']],
  ['Help Desk', 'Support tickets in private threads.', 'Support-Tickets in privaten Threads.', ['tickets'], ['support']],
  ['Counter', 'Charts of your members and messages.', 'Diagramme deiner Mitglieder und Nachrichten.', ['stats'], ['charts']],
  ['Campfire', 'Shares stories and starts conversations.', 'Teilt Geschichten und startet Gespräche.', ['social', 'fun'], ['chat']],
  ['Dice Roller', 'Rolls dice for tabletop games.', 'Würfelt für Brettspiele.', ['games'], ['dice']],
  ['Night Owl', 'Plays the radio while you sleep.', 'Spielt Radio, während du schläfst.', ['music', 'radio'], ['radio']],
  ['Tidy', 'Cleans up old messages.', 'Räumt alte Nachrichten auf.', ['utility', 'moderation'], ['cleanup']],
  ['Trade Post', 'A marketplace for your members.', 'Ein Marktplatz für deine Mitglieder.', ['economy'], ['shop']],
  ['Rank Card', 'Shows levels as images.', 'Zeigt Level als Bilder.', ['leveling'], ['ranks']],
  ['Timekeeper', 'Time zones for everyone.', 'Zeitzonen für alle.', ['utility'], ['timers']],
  ['Meme Machine', 'Fresh memes every hour.', 'Jede Stunde frische Memes.', ['fun'], ['memes']],
  ['Echo "onmouseover="alert(1)', 'Repeats <i>what</i> you say.', 'Wiederholt, <i>was</i> du sagst.', ['fun'], ['echo']],
  ['Gatekeeper', 'Checks new members before they join.', 'Prüft neue Mitglieder vor dem Beitritt.', ['verification'], ['captcha']],
  ['Story Teller', 'Role-play scenes with a narrator.', 'Rollenspiel-Szenen mit Erzähler.', ['roleplay'], ['stories']],
  ['Log Book', 'Logs edits and deletions.', 'Protokolliert Änderungen und Löschungen.', ['logging'], ['audit']],
  ['Giveaway Genie', 'Runs fair giveaways.', 'Veranstaltet faire Gewinnspiele.', ['giveaways'], ['prizes']],
  ['Study Buddy', 'Flash cards and study timers.', 'Lernkarten und Lern-Timer.', ['education'], ['timers']],
];

/** The management API, as the operator calls it. */
async function admin(
  app: FastifyInstance,
  method: 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload: object,
): Promise<{ data: { id: string } }> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function bot(app: FastifyInstance, overrides: Record<string, unknown>): Promise<{ id: string; slugs: Record<Lang, string> }> {
  const { id, body } = botBody(overrides);
  await admin(app, 'PUT', `/admin/v1/bots/${id}`, body);
  return { id, slugs: body.slugs as Record<Lang, string> };
}

/** A platform user id of its own for the n-th reviewer or voter the fixture makes up. */
const someone = (n: number) => `${171000000000000000n + BigInt(n)}`;

/**
 * The bots, votes, reviews, keys, tier requests and webhooks the pages show, made through the
 * management API and the services the dashboard calls; the webhook's delivery log and switch-off
 * notice are written as the delivery worker writes them, so no worker or receiver has to run.
 * Other apps on the same database are best built after it, so they start with it all loaded.
 */
export async function seedSite(app: FastifyInstance, db: Database): Promise<SiteFixture> {
  const full = await bot(app, FULL);
  const plain = await bot(app, {
    name: 'Pixel Pal',
    slugs: { en: 'pixel-pal', de: 'pixel-pal-de' },
    shortDescription: PLAIN_DESCRIPTION,
    iconUrl: 'https://icons.example.net/gone.png',
    categories: [],
    tags: [],
  });
  const switchedOff = await bot(app, {
    name: 'Quiet Helper',
    shortDescription: DRAFT_DESCRIPTION,
    owners: [SITE_OWNER.id],
    published: false,
  });
  for (const [index, [name, en, de, categories, tags]] of MORE_BOTS.entries()) {
    const more = await bot(app, {
      name,
      shortDescription: { en, de },
      categories,
      tags,
      platformServerCount: 150 + ((index * 7919) % 5000),
    });
    // A few votes, so that the orders by votes differ from the others.
    for (let voter = 0; voter < index % 4; voter++) {
      await admin(app, 'POST', `/admin/v1/bots/${more.id}/votes`, { user: someone(100 + voter), username: 'Someone' });
    }
  }

  // A month of history, so the chart draws its axes.
  const points = [];
  for (let back = 30; back >= 1; back -= 1) {
    const day = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    points.push({ day, servers: 11_000 + back * 40 });
  }
  await historyRepository.upsertMany(db, full.id, points);
  await admin(app, 'POST', `/admin/v1/bots/${full.id}/votes`, { user: SITE_VOTER.id, username: SITE_VOTER.name });
  await admin(app, 'POST', `/admin/v1/bots/${full.id}/votes`, { user: someone(1), username: 'Fresh Account', flagged: true });
  for (const [index, review] of REVIEWS.entries()) {
    const user = review.username === SITE_VOTER.name ? SITE_VOTER.id : someone(10 + index);
    const { data } = await admin(app, 'POST', `/admin/v1/bots/${full.id}/reviews`, {
      user,
      username: review.username,
      rating: review.rating,
      body: review.body,
    });
    if (review.helpful) await admin(app, 'PATCH', `/admin/v1/reviews/${data.id}`, { helpfulCount: review.helpful });
    if (review.reply) await admin(app, 'PUT', `/admin/v1/reviews/${data.id}/reply`, { body: review.reply });
  }

  const { services } = app;
  const key = await services.keys.create(full.id, { name: 'Rewards', scopes: ['votes:read', 'stats:write'] }, OPERATOR_TOKEN);
  const other = await services.keys.create(full.id, { name: 'Stats', scopes: ['stats:write'] }, OPERATOR_TOKEN);
  await services.tiers.create(full.id, SITE_OWNER.id, { keyId: key.id, tier: 2, reason: 'A server of 40,000 members.' });
  const denied = await services.tiers.create(full.id, SITE_OWNER.id, { keyId: other.id, tier: 3, reason: 'More posts.' });
  // A team beside the owner: an editor who joined by a link, and a link still open.
  const joining = await services.invitations.create(SITE_OWNER.id, full.id, 'editor');
  await services.invitations.accept({ id: someone(950), name: TEAM_MEMBER }, joining.token);
  const invitation = await services.invitations.create(SITE_OWNER.id, full.id, 'viewer');
  await services.tiers.deny(denied.id, { note: 'Tier 2 first, please.' }, OPERATOR_TOKEN);

  for (const id of [full.id, switchedOff.id]) {
    await services.webhookEndpoints.configure(id, { url: 'https://receiver.example.org/hook', enabled: true }, OPERATOR_TOKEN);
  }
  // A second endpoint of `full`, a Discord channel's, whose new secret overlaps with the old one for a day.
  const discord = await services.webhookEndpoints.create(
    full.id,
    {
      url: 'https://discord.com/api/webhooks/123456789012345678/site-token',
      events: ['vote', 'review'],
      language: 'de',
    },
    OPERATOR_TOKEN,
  );
  await services.webhookEndpoints.rotateSecret(full.id, discord.id, { overlapSeconds: 86_400 }, OPERATOR_TOKEN);
  const main = (await services.webhookEndpoints.list(full.id)).find((endpoint) => endpoint.isDefault)!;
  // More test events than a page of the log holds, delivered as the delivery worker records them:
  // the first answered 200, then refused in turns with an error status (and a body) and with a
  // timeout; the last one still waiting for its next attempt.
  for (let n = 0; n < 30; n++) await services.webhookDeliveries.sendTest(full.id, main.id);
  await db.query(
    `WITH routed AS (UPDATE events SET routed_at = now() WHERE bot_id = $1 AND type = 'test' RETURNING id, created_at, endpoint_id),
          made AS (
            INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, attempts, next_attempt_at, created_at, completed_at)
            SELECT gen_random_uuid(), r.id, $1, r.endpoint_id, o.status, o.attempts, CASE WHEN o.status = 'pending' THEN now() + interval '1 hour' END,
                   r.created_at, CASE WHEN o.status <> 'pending' THEN now() END
            FROM (SELECT *, row_number() OVER (ORDER BY created_at, id) AS n FROM routed) r
            CROSS JOIN LATERAL (SELECT CASE WHEN r.n = 1 THEN 'succeeded' WHEN r.n = 30 THEN 'pending' ELSE 'failed' END AS status,
                                       CASE WHEN r.n = 1 THEN 1 ELSE 2 END AS attempts) o
            RETURNING id, status, attempts)
     INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, error_code, error_message, latency_ms, response_snippet)
     SELECT id, a, now() - (3 - a) * interval '1 minute', CASE WHEN status = 'succeeded' THEN 200 WHEN a = 1 THEN 500 END,
            CASE WHEN status <> 'succeeded' AND a = 2 THEN 'timeout' END, CASE WHEN status <> 'succeeded' AND a = 2 THEN 'No answer within 5 s' END,
            87 * a, CASE WHEN status = 'succeeded' THEN 'ok' WHEN a = 1 THEN $2 END
     FROM made CROSS JOIN LATERAL generate_series(1, made.attempts) a`,
    [full.id, RECEIVER_ANSWER],
  );
  await db.query(`UPDATE webhooks SET enabled = false, disabled_at = now(), consecutive_failures = 20 WHERE bot_id = $1`, [switchedOff.id]);
  await db.query(
    `INSERT INTO notifications (id, bot_id, kind, message, details, created_at)
     VALUES (gen_random_uuid(), $1, 'webhook_disabled', 'Failed 20 times in a row', '{}', now())`,
    [switchedOff.id],
  );
  // A listing the moderators sent back, edited since: submitted as the management API made it.
  const listed = await bot(app, {
    name: LISTED.name,
    shortDescription: LISTED.shortDescription,
    owners: [SITE_OWNER.id],
    categories: ['music'],
    tags: [],
    published: false,
  });
  const submitted = await services.listings.submit(dashboardUser(SITE_OWNER.id), listed.id);
  await admin(app, 'POST', `/admin/v1/submissions/${submitted.submissionId}/request-changes`, { note: LISTED.note });
  await services.listings.edit(dashboardUser(SITE_OWNER.id), listed.id, { shortDescription: LISTED.edited });

  // The start page's trending list, as the background refresh would find it.
  await services.trending.refresh();

  // The console's queues: a listing waiting for review, reports (one answered), a ban, a template.
  // Named like no word of either language: the audit log shows the name it had before the edit.
  const queued = await bot(app, { name: 'Zephyrine', owners: [SITE_OWNER.id], published: false });
  await services.listings.edit(dashboardUser(SITE_OWNER.id), queued.id, SUBMITTED);
  const { submissionId } = await services.listings.submit(dashboardUser(SITE_OWNER.id), queued.id);
  const voter = { id: SITE_VOTER.id, name: SITE_VOTER.name };
  const answered = await services.reports.create(voter, plain.id, { reason: 'broken', details: REPORT_TEXTS.answeredDetails });
  await services.reports.resolve(answered.id, { resolution: 'dismissed', answer: REPORT_TEXTS.answer }, OPERATOR_TOKEN);
  const report = await services.reports.create(voter, full.id, { reason: 'spam', details: REPORT_TEXTS.details });
  await services.bans.ban({ kind: 'user', subjectId: someone(900), reason: REPORT_TEXTS.ban }, OPERATOR_TOKEN);
  await services.reasonTemplates.create(REPORT_TEXTS.template);

  return {
    full,
    plain,
    switchedOff: { id: switchedOff.id },
    endpoints: { main: main.id, discord: discord.id },
    keyId: key.id,
    listed: { id: listed.id },
    submissionId: submissionId!,
    reportId: report.id,
    invitationToken: invitation.token,
    userTexts: [
      TEAM_MEMBER,
      FULL.name,
      FULL.shortDescription.en,
      FULL.shortDescription.de,
      ...FULL.tags,
      'Pixel Pal',
      ...Object.values(PLAIN_DESCRIPTION),
      'Quiet Helper',
      ...Object.values(DRAFT_DESCRIPTION),
      ...MORE_BOTS.flatMap(([name, en, de, , tags]) => [name, en, de, ...tags]),
      ...REVIEWS.flatMap((review) => [review.username, review.body, review.reply ?? '']),
      'Fresh Account',
      'Someone',
      'Rewards',
      'Stats',
      'A server of 40,000 members.',
      'More posts.',
      'Tier 2 first, please.',
      SITE_OWNER.name,
      SITE_VOTER.name,
      LISTED.name,
      LISTED.note,
      ...Object.values(LISTED.shortDescription),
      ...Object.values(LISTED.edited),
      ...Object.values(SUBMITTED).flatMap((value) =>
        value === null ? [] : typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.values(value),
      ),
      REPORT_TEXTS.answeredDetails,
      REPORT_TEXTS.answer,
      REPORT_TEXTS.details,
      REPORT_TEXTS.ban,
      REPORT_TEXTS.template.title,
      REPORT_TEXTS.template.body,
      SITE_OPERATOR.name,
      // What the management API gave a bot unless told otherwise: the audit log shows it before an edit.
      ...Object.values(botBody().body.shortDescription as Record<Lang, string>),
      // The addresses typed into the webhook form, shown with their errors, and the one it has.
      'internal.example.org',
      'receiver.example.org',
      // What a receiver answered, shown in the delivery log as it came.
      RECEIVER_ANSWER,
      ...Object.values(SITE_ENV).flatMap((text) => text.split('\n')),
    ].filter((text) => text !== ''),
  };
}

/**
 * Opens pages over `app.inject` as a browser would: in a new cookie jar for a visitor, in one jar
 * per persona (signed in on first use), following redirects.
 */
export class SiteVisitor {
  private readonly browsers = new Map<Persona, Browser>();

  constructor(private readonly apps: Record<SiteApp, TestApp>) {}

  async open(page: SitePage, lang: Lang, site: SiteFixture): Promise<LightMyRequestResponse> {
    const browser = page.as ? await this.browser(page.as) : new Browser(this.apps[page.app ?? 'main']);
    for (const url of page.before?.(lang, site) ?? []) await browser.get(url);
    const path = page.path(lang, site);
    if (!page.form) return this.follow(browser, await browser.get(path));
    const form = await browser.get(path);
    return this.follow(browser, await browser.post(page.form.action(lang, site), page.form.fields(site), form.body));
  }

  /** The page a redirect leads to (POST → 303 → GET), or the answer itself. */
  private async follow(browser: Browser, response: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let answer = response;
    for (let hops = 0; answer.statusCode >= 301 && answer.statusCode <= 303 && answer.headers.location; hops++) {
      if (hops === 5) throw new Error(`more than 5 redirects, the last to ${answer.headers.location}`);
      answer = await browser.get(String(answer.headers.location));
    }
    return answer;
  }

  private async browser(persona: Persona): Promise<Browser> {
    let browser = this.browsers.get(persona);
    if (!browser) {
      browser = new Browser(this.apps.main);
      await browser.signIn(PERSONA[persona].id);
      this.browsers.set(persona, browser);
    }
    return browser;
  }
}
