import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { LANGS, type Lang } from '../../../src/html/i18n/index.js';
import { freshDatabase, testConfig } from '../../helpers.js';
import { axeViolations, horizontalOverflow, keyboardProblems } from '../../support/page-checks.js';
import {
  PERSONA,
  seedSite,
  SITE_APPS,
  SITE_PAGES,
  SITE_PERSONAS,
  siteAppClock,
  siteAppEnv,
  siteLookup,
  type Persona,
  type SiteApp,
  type SiteFixture,
  type SitePage,
} from '../../support/site-pages.js';
import { launchChromium } from '../embeds/browser-harness.js';

/* The page's globals inside page.evaluate (the project compiles without the DOM lib). */
interface FormField {
  type: string;
  value: string;
  checked: boolean;
}
declare const document: {
  querySelector(selector: string): {
    elements: { namedItem(name: string): FormField | Iterable<FormField> | null };
    noValidate: boolean;
    submit(): void;
    requestSubmit(submitter: FormField): void;
  } | null;
};

const ARTIFACTS = 'test-artifacts/a11y';
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5865f2"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';
const BANNER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 240"><rect width="960" height="240" fill="#1f6feb"/><circle cx="800" cy="120" r="90" fill="#fff" opacity=".3"/></svg>';
/** A desktop window, and a phone's (390 px, as an iPhone 12–15 has). */
const WINDOWS = [
  { width: 1280, height: 800, mobile: false },
  { width: 390, height: 844, mobile: true },
];
interface View {
  lang: Lang;
  scheme: 'light' | 'dark';
  size: (typeof WINDOWS)[number];
}
/** Each page in each language, colour scheme and window. */
const VIEWS: View[] = LANGS.flatMap((lang) =>
  (['light', 'dark'] as const).flatMap((scheme) => WINDOWS.map((size) => ({ lang, scheme, size }))),
);

let provider: DemoProvider;
let db: Database;
let browser: Browser;
let site: SiteFixture;
const apps = {} as Record<SiteApp, FastifyInstance>;
const origins = {} as Record<SiteApp, string>;
/** The cookies of each persona, signed in once. */
const sessions = {} as Record<Persona, BrowserContextOptions['storageState']>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Tests talk to 127.0.0.1 only: bot icons, banners and the logo are answered here, anything else elsewhere is refused. */
async function offline(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname !== 'cdn.example.org') return route.abort();
      return route.fulfill({ contentType: 'image/svg+xml', body: url.pathname.includes('banner') ? BANNER_SVG : ICON_SVG });
    },
  );
}

async function signedIn(persona: { label: string }): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origins.main}/auth/sign-in?return=%2Fdashboard`);
  await page.getByRole('link', { name: persona.label }).click();
  await page.waitForURL(`${origins.main}/dashboard`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** App `name`, listening on a port of its own; all on one database. */
async function start(name: SiteApp): Promise<void> {
  const port = await freePort();
  origins[name] = `http://127.0.0.1:${port}`;
  const env = { ...siteAppEnv(name, provider.env), BASE_URL: origins[name] };
  const app = await buildApp({ config: testConfig(env), db, logger: false, clock: siteAppClock(name), lookup: siteLookup });
  await app.listen({ port, host: '127.0.0.1' });
  apps[name] = app;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: SITE_PERSONAS });
  db = await freshDatabase('pglite');
  await start('main');
  site = await seedSite(apps.main, db);
  // Built after the seed, so they start with every bot loaded.
  for (const name of SITE_APPS.filter((app) => app !== 'main')) await start(name);
  browser = await launchChromium();
  for (const persona of Object.keys(PERSONA) as Persona[]) sessions[persona] = await signedIn(PERSONA[persona]);
});

afterAll(async () => {
  await browser?.close();
  for (const app of Object.values(apps)) await app.close();
  await db?.close();
  await provider?.stop();
});

/** Opens the page as its visitor (sending its form, if it has one); the status it answered. */
async function open(page: Page, entry: SitePage, lang: Lang): Promise<number | undefined> {
  const origin = origins[entry.app ?? 'main'];
  for (const path of entry.before?.(lang, site) ?? []) await page.goto(`${origin}${path}`);
  const response = await page.goto(`${origin}${entry.path(lang, site)}`);
  if (!entry.form) return response?.status();
  const action = entry.form.action(lang, site);
  // The form's answer: the refused form itself, or (POST → 303 → GET) the page it leads to.
  const answer = page.waitForResponse((r) => r.request().resourceType() === 'document' && (r.status() < 300 || r.status() >= 400));
  const loaded = page.waitForEvent('load');
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.querySelector(`form[action="${action}"]`);
      if (!form) throw new Error(`no form posting to ${action}`);
      let submitter: FormField | undefined;
      for (const [name, value] of Object.entries(fields)) {
        const field = form.elements.namedItem(name);
        if (field === null) throw new Error(`no field ${name}`);
        // A field named like the form's buttons (`intent`) chooses the button it is sent with.
        const buttons = (Symbol.iterator in field ? [...field] : [field]).filter((element) => element.type === 'submit');
        if (buttons.length > 0) {
          submitter = buttons.find((button) => button.value === value);
          if (!submitter) throw new Error(`no button ${name}=${String(value)}`);
        } else if (Array.isArray(value)) for (const box of field as Iterable<FormField>) box.checked = value.includes(box.value);
        else (field as FormField).value = value;
      }
      // As it is, past the browser's own checks: the server's answer is what is looked at.
      if (submitter) {
        form.noValidate = true;
        form.requestSubmit(submitter);
      } else form.submit();
    },
    { action, fields: entry.form.fields(site) },
  );
  const status = (await answer).status();
  await loaded;
  return status;
}

/** What is wrong with one view of a page; its screenshot is kept either way. */
async function problemsOf(entry: SitePage, { lang, scheme, size }: View): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    colorScheme: scheme,
    locale: lang,
    storageState: entry.as ? sessions[entry.as] : undefined,
    // Only so that axe-core's source can be added to the page as an inline script: the pages' CSP
    // (which refuses inline scripts) is asserted by the page tests and the flow test.
    bypassCSP: true,
  });
  try {
    await offline(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A bot icon elsewhere that does not load is part of the test (the letter shows).
      if (message.type() === 'error' && new URL(message.location().url || 'http://127.0.0.1').hostname === '127.0.0.1')
        errors.push(`console: ${message.text()}`);
    });
    const status = await open(page, entry, lang);
    await page.screenshot({ path: `${ARTIFACTS}/${entry.name}-${lang}-${scheme}-${size.width}.png`, fullPage: true });
    return [
      ...(status === entry.status ? [] : [`answered ${status}, not ${entry.status}`]),
      ...(entry.shows && !(await page.content()).includes(entry.shows) ? [`does not show ${entry.shows}`] : []),
      ...(await axeViolations(page)),
      ...(size.mobile ? await horizontalOverflow(page) : []),
      ...(await keyboardProblems(page)),
      // The page's own status shows as a failed load; any other is a problem.
      ...errors.filter((error) => !error.includes(`status of ${entry.status}`)),
    ];
  } finally {
    await context.close();
  }
}

// Views of different pages are independent (each its own browser context): several at a time.
describe.concurrent(
  'every page: no serious or critical axe-core violation, every control reached by Tab with a visible focus, no sideways scrolling',
  () => {
    for (const entry of SITE_PAGES) {
      describe(entry.name, () => {
        for (const view of VIEWS) {
          it(`${view.lang}, ${view.scheme}, ${view.size.width} px`, async () => {
            expect(await problemsOf(entry, view)).toEqual([]);
          });
        }
      });
    }
  },
);
