/** The console's frame: its sections as tabs, a box to open any bot's listing, and a message after an action. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, type Html } from '../../html/html.js';
import { pickLang, TEXTS, type Lang, type Texts } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import type { SignedInUser } from '../auth/session.js';

export type Section = 'submissions' | 'reports' | 'tiers' | 'bans' | 'templates' | 'reviews' | 'audit' | 'payments';

const SECTION_PATHS: Record<Section, string> = {
  submissions: '/console',
  reports: '/console/reports',
  tiers: '/console/tier-requests',
  bans: '/console/bans',
  templates: '/console/templates',
  reviews: '/console/reviews',
  audit: '/console/audit',
  payments: '/console/payments',
};

/** The language of a console page: `?lang=`, else the browser's. */
export function langOf(request: FastifyRequest): Lang {
  return pickLang((request.query as { lang?: string } | undefined)?.lang, request.headers['accept-language']);
}

/** A console address in the page's language (`path` may carry a query of its own). */
export function consoleUrl(t: Texts, path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ lang: t.lang });
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** After an action: back to a console page (POST → 303 → GET), which says what was done. */
export function backTo(reply: FastifyReply, t: Texts, path: string, done: string, anchor = ''): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(`${consoleUrl(t, path, { done })}${anchor}`, 303);
}

function nav(t: Texts, current: Section | undefined): Html {
  const sections = Object.keys(SECTION_PATHS) as Section[];
  return html`<nav class="console-nav" aria-label="${t.console.nav}">
    <ul>
      ${sections.map((section) =>
        section === current
          ? html`<li><a href="${consoleUrl(t, SECTION_PATHS[section])}" aria-current="page">${t.console.sections[section]}</a></li>`
          : html`<li><a href="${consoleUrl(t, SECTION_PATHS[section])}">${t.console.sections[section]}</a></li>`,
      )}
    </ul>
    <form class="find-bot" method="get" action="/console/bots">
      <input type="hidden" name="lang" value="${t.lang}" />
      <label for="find-bot">${t.console.findBot}</label>
      <input type="text" id="find-bot" name="id" inputmode="numeric" maxlength="20" autocomplete="off" />
      <button type="submit">${t.console.open}</button>
    </form>
  </nav>`;
}

/** Sends a console page: the frame around `main`, the message of `done` (a known action) above it. */
export function sendConsolePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { user: SignedInUser; section?: Section; title: string; main: Html; status?: number },
): FastifyReply {
  const lang = langOf(request);
  const t = TEXTS[lang];
  const done = (request.query as { done?: string } | undefined)?.done;
  const message = done !== undefined && Object.hasOwn(t.console.done, done) ? t.console.done[done] : undefined;
  return sendPage(request, reply, {
    lang,
    user: page.user,
    status: page.status,
    title: `${page.title} · ${t.console.title}`,
    alternate: otherLangUrl(request, lang),
    main: html`${nav(t, page.section)} ${message && page.status === undefined ? html`<p class="ok" role="status">${message}</p>` : ''}
    ${page.main}`,
  });
}

/** The "next page" link of a list read by keyset (there is no page count to show). */
export function nextPage(
  t: Texts,
  path: string,
  next: string | null,
  query: Record<string, string | undefined> = {},
  after?: string,
): Html | string {
  if (next === null && after === undefined) return '';
  return html`<nav class="pagination" aria-label="${t.directory.pages}">
    <ul>
      ${after !== undefined ? html`<li><a href="${consoleUrl(t, path, query)}">${t.console.first}</a></li>` : ''}
      ${next !== null ? html`<li><a href="${consoleUrl(t, path, { ...query, after: next })}" rel="next">${t.console.next} →</a></li>` : ''}
    </ul>
  </nav>`;
}
