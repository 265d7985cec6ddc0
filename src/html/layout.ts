import { LEGAL_PAGES, type SiteConfig } from '../config/index.js';
import { ASSETS } from './assets.js';
import { brandCssUrl } from './brand.js';
import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';
import { formatsOf } from './i18n/formats.js';

/**
 * The pages' Content-Security-Policy: scripts and styles from this origin only (no inline script
 * or style), forms post here only, images from here (the history chart) or any https address
 * (bot icons), nothing may frame the pages.
 */
export const SITE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * SITE_CSP with more places a form may lead: a form's answer that redirects elsewhere (Connect
 * with Stripe, Subscribe, Donate, Manage: POST → 303 to Stripe) is checked against `form-action`
 * too, so Stripe's origins (or the local stand-in's) are named there while payments are on.
 */
export function siteCsp(formTargets: readonly string[]): string {
  if (formTargets.length === 0) return SITE_CSP;
  return SITE_CSP.replace("form-action 'self'", `form-action 'self' ${formTargets.join(' ')}`);
}

/** Who the header shows as signed in. */
export interface PageUser {
  id: string;
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
  /** The signed-in user is an operator (OPERATOR_USER_IDS): the header leads to the console too. */
  operator: boolean;
  /** Payments are on and someone is signed in: the header leads to "My subscriptions". */
  subscriptions?: boolean;
  /** The operator's name, logo, colour and legal pages (SITE_*). */
  site: SiteConfig;
  /** What the header's search box holds (the search page's query). */
  search?: string;
  /** Description, canonical and alternate URLs, link-preview tags (seo.ts's `seoHead`). */
  head?: Html;
}

/** The shell every page shares: header with sign-in state and language switch, main, footer. */
export function layout(frame: PageFrame, main: Html): string {
  const { t, user, site } = frame;
  const brandCss = brandCssUrl(site);
  const brand = site.logoUrl ? html`<img src="${site.logoUrl}" alt="${site.name}" height="32" />` : site.name;
  const account = user
    ? html`<span class="muted">${t.signedInAs} <strong>${user.name}</strong></span>
        <form class="inline" method="post" action="/auth/sign-out">
          <input type="hidden" name="_csrf" value="${frame.csrf}" /><input type="hidden" name="lang" value="${t.lang}" /><button
            type="submit"
          >
            ${t.signOut}
          </button>
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
        <title>${frame.title} · ${site.name}</title>
        ${frame.head ?? ''}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/assets/icon-192.png" type="image/png" sizes="192x192" />
        <link rel="manifest" href="/manifest.webmanifest" />
        ${site.accentColor ? html`<meta name="theme-color" content="${site.accentColor}" />` : ''}
        <link rel="stylesheet" href="${ASSETS.css.url}" />
        ${brandCss ? html`<link rel="stylesheet" href="${brandCss}" />` : ''}
        <script src="${ASSETS.js.url}" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">${t.skip}</a>
        <header>
          <a class="brand" href="/${t.lang}">${brand}</a>
          ${searchBox(t, frame.search)}
          <nav aria-label="${site.name}">
            <a href="/${t.lang}/bots">${t.directory.browse}</a>
            <a href="/dashboard?lang=${t.lang}">${t.dashboard}</a>
            ${frame.subscriptions ? html`<a href="/${t.lang}/subscriptions">${t.payments.mine}</a>` : ''}
            ${frame.operator ? html`<a href="/console?lang=${t.lang}">${t.console.nav}</a>` : ''}
            <a href="${frame.alternate}" hreflang="${t.other.lang}" lang="${t.other.lang}">${t.other.label}</a>${account}
          </nav>
        </header>
        <main id="main">${main}</main>
        ${footer(t, site)}
      </body>
    </html>`.value;
}

/** The header's search: a plain GET form to the search page, so it works without script. */
function searchBox(t: Texts, query: string | undefined): Html {
  return html`<form class="search-box" role="search" method="get" action="/${t.lang}/search">
    <label class="visually-hidden" for="site-search">${t.directory.searchLabel}</label>
    <input id="site-search" type="search" name="q" maxlength="100" value="${query ?? ''}" placeholder="${t.directory.searchPlaceholder}" />
    <button type="submit">${t.directory.search}</button>
  </form>`;
}

/** On every page: the ways into the directory, and the legal pages the operator has written (SITE_IMPRINT …). */
function footer(t: Texts, site: SiteConfig): Html {
  const pages = LEGAL_PAGES.filter((page) => site.legal[page] !== undefined);
  return html`<footer>
    <nav aria-label="${site.name}">
      <ul class="legal">
        <li><a href="/${t.lang}">${site.name}</a></li>
        <li><a href="/${t.lang}/bots">${t.directory.allBots}</a></li>
        <li><a href="/${t.lang}/categories">${t.directory.categories}</a></li>
      </ul>
    </nav>
    ${
      pages.length === 0
        ? ''
        : html`<nav aria-label="${t.legal.nav}">
            <ul class="legal">
              ${pages.map((page) => html`<li><a href="/${t.lang}/${page}">${t.legal[page]}</a></li>`)}
            </ul>
          </nav>`
    }
  </footer>`;
}

/** A time as text (UTC, readable without script); the script shows it in the reader's own zone. */
export function time(t: Texts, iso: string | null): Html {
  if (iso === null) return html`<span class="muted">–</span>`;
  const date = new Date(iso);
  const text = formatsOf(t.locale).time.format(date) + ' UTC';
  return html`<time datetime="${iso}" data-local>${text}</time>`;
}

/** A number as the language writes it (1,234 / 1.234). */
export function count(t: Texts, n: number): string {
  return formatsOf(t.locale).count.format(n);
}
