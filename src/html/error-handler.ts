import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { html } from './html.js';
import { pickLang, TEXTS } from './i18n/index.js';
import type { PageUser } from './layout.js';
import { otherLangUrl, sendPage } from './page.js';

/** Errors on the pages are pages too (the API's JSON envelope is for programs); `user`: who is signed in, if anyone. */
export function htmlErrorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
  user: PageUser | undefined,
): FastifyReply {
  const path = request.url.split('?', 1)[0] ?? '/';
  const lang = path.startsWith('/de/')
    ? 'de'
    : path.startsWith('/en/')
      ? 'en'
      : pickLang((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']);
  const t = TEXTS[lang];
  let status = error.statusCode ?? 500;
  let title = t.error.title;
  let message: string;
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    if (error.code === 'rate_limited') {
      // Retry-After is on the reply already: set by the rate limit's hook, or copied from the error above.
      title = t.error.rateLimitedTitle;
      message = t.error.rateLimited(Number(reply.getHeader('retry-after')) || 1);
    } else {
      message =
        {
          not_found: t.error.notFound,
          forbidden: t.error.forbidden,
          unauthorized: t.error.unauthorized,
          validation_failed: t.directory.badInput,
        }[error.code as string] ?? error.message;
    }
  } else if (error.code?.startsWith('FST_CSRF_')) {
    status = 403;
    message = t.error.csrf;
  } else if (error.validation) {
    status = 422;
    message = t.directory.badInput;
  } else if (status < 500) {
    message = error.message;
  } else {
    status = 500;
    request.log.error({ err: error }, 'page failed');
    message = t.error.title;
  }
  reply.header('cache-control', 'no-store');
  return sendPage(request, reply, {
    lang,
    user,
    status,
    title,
    // A page under /{lang}/ has its twin under the other language's prefix; others take ?lang=.
    alternate: path.startsWith(`/${lang}/`) ? `/${t.other.lang}${request.url.slice(3)}` : otherLangUrl(request, lang),
    main: html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="/${lang}">${t.error.home}</a></p>`,
  });
}
