/**
 * What the browser flow tests share: a free loopback port for the app, a page that collects what
 * must never happen (script errors, CSP refusals, failed loads of our own origin), signing in on
 * the demo provider's login page, and screenshots in both colour schemes at desktop width and at
 * 390 px.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Persona } from '../../scripts/demo-provider.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A loopback port nobody listens on: the app's BASE_URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface Watched {
  page: Page;
  /** What went wrong on the page so far, as readable lines; a flow expects it empty. */
  problems: string[];
  context: BrowserContext;
}

/**
 * A new page of `context` that records script errors, CSP refusals and failed loads of `origin`
 * (a missing favicon aside), and accepts confirmation dialogs as a person clicking OK would.
 */
export async function watchedPage(context: BrowserContext, origin: string): Promise<Watched> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('dialog', (dialog) => void dialog.accept());
  return { page, problems, context };
}

/** The provider's login page is showing: sign in as `persona` and come back to `origin`, where we were sent from. */
export async function signInAs(page: Page, persona: Persona, origin: string): Promise<void> {
  await page.getByRole('link', { name: persona.label }).click();
  await page.waitForURL((url) => url.origin === origin);
}

/**
 * The page as it is, light and dark, at desktop width and at 390 px, as `${path}-{size}-{scheme}.png`;
 * the page must not scroll sideways at 390 px. Leaves the page at desktop width in light mode.
 */
export async function shoot(page: Page, path: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${path}-${size}-${scheme}.png`, fullPage: true });
    }
    if (size === 'phone') {
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
      expect(fits, `${path} scrolls sideways at 390 px`).toBe(true);
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
}
