import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../lib/errors.js';
import { html } from './html.js';
import { langOfUrl, pickLang, TEXTS, type Lang } from './i18n/index.js';
import type { PageUser } from './layout.js';
import { otherLangUrl, sendPage } from './page.js';
import { codeText, problemText } from './problems.js';

/**
 * How the API would answer an error (status, code, headers): the error plugin's envelope for any
 * error (src/plugins/errors.ts toEnvelope, passed in by the caller, so this toolkit does not
 * depend on the plugins), or an AppError's own.
 */
export interface ErrorAnswer {
  status: number;
  body: { error: { code: ErrorCode } };
  headers?: Record<string, string>;
}

function answerOf(error: AppError): ErrorAnswer {
  return { status: error.statusCode, body: { error: { code: error.code } }, headers: error.headers };
}

/**
 * Errors on the pages are pages too (the API's JSON envelope is for programs), in the language
 * the address names, else the browser's; `user`: who is signed in, if anyone. `answer` is
 * required for an error that is not an AppError.
 */
export function htmlErrorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
  user: PageUser | undefined,
  answer?: ErrorAnswer,
): FastifyReply {
  const lang = langOfUrl(request.url) ?? pickLang(undefined, request.headers['accept-language']);
  return sendErrorPage(request, reply, lang, user, error, answer);
}

/** The error page of `error` in `lang`: its status and headers as the API would answer, its text for people. */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  user: PageUser | undefined,
  error: FastifyError | AppError,
  answer?: ErrorAnswer,
): FastifyReply {
  const t = TEXTS[lang];
  let title = t.error.title;
  let status: number;
  let message: string;
  if (!(error instanceof AppError) && error.code?.startsWith('FST_CSRF_')) {
    status = 403;
    message = t.error.csrf;
  } else {
    const envelope = answer ?? answerOf(error as AppError);
    status = envelope.status;
    for (const [name, value] of Object.entries(envelope.headers ?? {})) reply.header(name, value);
    const { code } = envelope.body.error;
    if (code === 'rate_limited') {
      // Retry-After is on the reply already: set by the rate limit's hook, or copied from the error above.
      title = t.error.rateLimitedTitle;
      message = t.error.rateLimited(Number(reply.getHeader('retry-after')) || 1);
    } else {
      // A refusal (a role too low, not on the team, banned) is no failure: its heading says so.
      if (code === 'forbidden') title = t.error.forbiddenTitle;
      message = error instanceof AppError ? problemText(t, error) : codeText(t, code);
    }
    if (status >= 500 && status !== 503) request.log.error({ err: error }, 'page failed');
  }
  reply.header('cache-control', 'no-store');
  return sendPage(request, reply, {
    lang,
    user,
    status,
    title,
    alternate: otherLangUrl(request, lang),
    main: html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="/${lang}">${t.error.home}</a></p>`,
  });
}
