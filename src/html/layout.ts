import { ASSETS } from './assets.js';
import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';

/**
 * The pages' Content-Security-Policy: scripts and styles from this origin only (no inline script
 * or style), forms post here only, images from here (the history chart) or any https address
 * (bot icons), nothing may frame the pages.
 */
export const SITE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Who the header shows as signed in. */
export interface PageUser {
  name: string;
}

export interface PageFrame {
  t: Texts;
  title: string;
  user: PageUser | undefined;
  /** The CSRF token of the session; the sign-out form needs it. */
  csrf: string | undefined;
  /** This page's path (after sign-in the user comes back here). */
  path: string;
  /** The same page in the other language. */
  alternate: string;
  signInEnabled: boolean;
}

/** The shell every page shares: header with sign-in state and language switch, main, footer. */
export function layout(frame: PageFrame, main: Html): string {
  const { t, user } = frame;
  const account = user
    ? html`<span class="muted">${t.signedInAs} <strong>${user.name}</strong></span>
        <form class="inline" method="post" action="/auth/sign-out">
          <input type="hidden" name="_csrf" value="${frame.csrf}" /><button type="submit">${t.signOut}</button>
        </form>`
    : frame.signInEnabled
      ? html`<a class="button" href="/auth/sign-in?return=${encodeURIComponent(frame.path)}">${t.signIn}</a>`
      : '';
  return html`<!doctype html>
    <html lang="${t.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>${frame.title} · ${t.site}</title>
        <link rel="stylesheet" href="${ASSETS.css.url}" />
        <script src="${ASSETS.js.url}" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">${t.skip}</a>
        <header>
          <a class="brand" href="/">${t.site}</a>
          <nav aria-label="${t.site}">
            <a href="/dashboard?lang=${t.lang}">${t.dashboard}</a>
            <a href="${frame.alternate}" hreflang="${t.other.lang}" lang="${t.other.lang}">${t.other.label}</a>${account}
          </nav>
        </header>
        <main id="main">${main}</main>
      </body>
    </html>`.value;
}

/** A time as text (UTC, readable without script); the script shows it in the reader's own zone. */
export function time(t: Texts, iso: string | null): Html {
  if (iso === null) return html`<span class="muted">–</span>`;
  const date = new Date(iso);
  const text = date.toLocaleString(t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  return html`<time datetime="${iso}" data-local>${text}</time>`;
}

/** A number as the language writes it (1,234 / 1.234). */
export function count(t: Texts, n: number): string {
  return n.toLocaleString(t.locale);
}
