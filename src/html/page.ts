import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Html } from './html.js';
import { TEXTS, type Lang } from './i18n/index.js';
import { layout, type PageUser } from './layout.js';

export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Sends a whole page. Pages for a signed-in user carry their CSRF token and are private; others
 * are the same for everyone. `status` for pages that answer an error or a refused form.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { lang: Lang; title: string; alternate: string; main: Html; status?: number; user: PageUser | undefined },
): FastifyReply {
  const { user } = page;
  const frame = {
    t: TEXTS[page.lang],
    title: page.title,
    user,
    csrf: user ? reply.generateCsrf() : undefined,
    path: request.url,
    alternate: page.alternate,
    signInEnabled: request.server.config.auth.provider !== undefined,
    site: request.server.config.site,
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
