import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Html } from './html.js';
import { TEXTS, type Lang } from './i18n/index.js';
import { layout, type PageUser } from './layout.js';
import { seoHead, type PageSeo } from './seo.js';

export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Sends a whole page. Pages for a signed-in user carry their CSRF token and are private; others
 * are the same for everyone. `status` for pages that answer an error or a refused form; `seo` what
 * the page tells search engines and link previews beyond its title (seo.ts: each part has a default).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    lang: Lang;
    title: string;
    alternate: string;
    main: Html;
    status?: number;
    user: PageUser | undefined;
    search?: string;
    seo?: PageSeo;
  },
): FastifyReply {
  const { user } = page;
  const t = TEXTS[page.lang];
  const { config } = request.server;
  const head = seoHead(
    {
      t,
      site: config.site,
      baseUrl: config.baseUrl,
      title: page.title,
      url: request.url,
      alternate: page.alternate,
      status: page.status ?? 200,
    },
    page.seo,
  );
  const frame = {
    t,
    title: page.title,
    head,
    user,
    csrf: user ? reply.generateCsrf() : undefined,
    path: request.url,
    alternate: page.alternate,
    signInEnabled: config.auth.provider !== undefined,
    operator: user !== undefined && config.operatorUserIds.includes(user.id),
    // "My subscriptions" is in the header while payments are on (STRIPE_SECRET_KEY).
    subscriptions: user !== undefined && config.payments.enabled,
    site: config.site,
    search: page.search,
  };
  if (user) reply.header('cache-control', 'private, no-store');
  else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply
    .code(page.status ?? 200)
    .type(HTML_TYPE)
    .header('vary', 'cookie')
    .send(layout(frame, page.main));
}

/**
 * The current URL in the other language: a path that starts with its language (`/de/…`) gets the
 * other one there (`?lang=` would not win over it), any other page `?lang=`.
 */
export function otherLangUrl(request: FastifyRequest, lang: Lang): string {
  const url = new URL(request.url, 'http://x');
  const other = lang === 'en' ? 'de' : 'en';
  const [, first, ...rest] = url.pathname.split('/');
  if (first === 'de' || first === 'en') return `/${[other, ...rest].join('/')}${url.search}`;
  url.searchParams.set('lang', other);
  return `${url.pathname}${url.search}`;
}
