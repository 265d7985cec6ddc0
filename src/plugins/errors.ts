import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { asUnavailable } from '../db/errors.js';
import { AppError, errorBody, type ErrorCode, type FieldError } from '../lib/errors.js';
import { fieldErrors } from '../lib/validation.js';
import { bodyStillArriving, closeAfterAnswer } from './lingering-close.js';

const noop = (): void => {};
/**
 * Longer than any request line Node accepts (16 KiB of headers): the router never refuses a long
 * parameter itself (that answered 422 with the URL echoed, or 404 instead of 405); the route's own
 * validation or lookup answers it.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Seconds a client waits before retrying while the database does not answer. */
export const DATABASE_RETRY_AFTER_S = 5;
/** At most one warning about an unreachable database per this many milliseconds. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

/**
 * Every error leaves the service in the one envelope. Fastify's own bodies never reach a client:
 * validation, parser, not-found, wrong-method and unexpected errors all pass through here.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    const routes = new RouteMethods();
    app.addHook('onRoute', (route) => {
      // A catch-all (the CORS preflight route) would make every path look like it exists.
      if (!(route.url ?? route.path).endsWith('*')) routes.add(route.method, route.url ?? route.path);
    });
    app.decorate('allowedMethods', (path: string) => routes.allowed(path));

    let unavailableSince = -Infinity;
    let unavailableCount = 0;
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body, headers } = toEnvelope(error, request);
      if (asUnavailable(error)) {
        // An outage fails every request: one warning per interval, with the count, not one per request.
        unavailableCount += 1;
        if (Date.now() - unavailableSince >= UNAVAILABLE_LOG_INTERVAL_MS) {
          request.log.warn({ failed: unavailableCount, reason: error.message }, 'answering 503: the database does not answer');
          unavailableSince = Date.now();
          unavailableCount = 0;
        }
      } else if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
      else request.log.debug({ code: body.error.code }, 'request rejected');
      // A body refused before it was read (too large, malformed) is still arriving: read on, then close.
      if (bodyStillArriving(request)) closeAfterAnswer(reply);
      void reply
        .code(status)
        .headers(headers ?? {})
        .type('application/json; charset=utf-8')
        .send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const unmatched = unmatchedRequest(request);
      if (unmatched instanceof AppError) return sendError(reply, unmatched.code, unmatched.message, undefined, unmatched.headers);
      return reply.code(204).header('allow', unmatched.allow).send();
    });
  },
  { name: 'errors' },
);

/**
 * What a request no route takes gets: 404, or 405 with `Allow` when the path exists for other
 * methods, or (an OPTIONS probe of such a path) the methods to answer with 204. The pages answer
 * the same as a page (src/modules/site/unknown-pages.ts).
 */
export function unmatchedRequest(request: FastifyRequest): AppError | { allow: string } {
  const path = request.url.split('?', 1)[0] ?? '/';
  const allowed = request.server.allowedMethods(path);
  if (allowed.length === 0) return new AppError('not_found', `No route for ${request.method} ${path}`);
  const allow = allowed.join(', ');
  // A capability probe: answer it instead of calling it an error. (CORS preflights of the
  // public API are answered by the CORS plugin; the management API is not CORS-enabled.)
  if (request.method === 'OPTIONS') return { allow };
  return new AppError('method_not_allowed', `${request.method} is not allowed on ${path}`, undefined, { allow });
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: FieldError[],
  headers?: Record<string, string>,
): FastifyReply {
  const error = new AppError(code, message, details, headers);
  return reply
    .code(error.statusCode)
    .headers(headers ?? {})
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, details));
}

export function toEnvelope(
  error: FastifyError | AppError,
  request?: FastifyRequest,
): {
  status: number;
  body: ReturnType<typeof errorBody>;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.details), headers: error.headers };
  }
  if (asUnavailable(error)) {
    const unavailable = AppError.unavailable('The database does not answer; retry later', DATABASE_RETRY_AFTER_S);
    return { status: 503, body: unavailable.toBody(), headers: unavailable.headers };
  }
  if (error.validation) {
    const details = fieldErrors(error.validation, error.validationContext);
    if (request) details.push(...laterPartErrors(request, error.validationContext, details));
    return { status: 422, body: AppError.validation(details).toBody() };
  }
  const mapped = mapFrameworkError(error);
  if (mapped) return { status: mapped.statusCode, body: mapped.toBody(), headers: mapped.headers };
  return { status: 500, body: errorBody('internal_error', 'Internal error; retrying later is reasonable') };
}

const PARTS = ['params', 'body', 'querystring'] as const;

/**
 * Fastify validates params, body and query string in turn and stops at the first invalid part;
 * a client should hear about every rejected field at once (a bad id and a bad body, say).
 */
function laterPartErrors(request: FastifyRequest, failed: string | undefined, known: FieldError[]): FieldError[] {
  const start = PARTS.indexOf(failed as (typeof PARTS)[number]);
  if (start === -1) return [];
  const seen = new Set(known.map((d) => d.field));
  const more: FieldError[] = [];
  for (const part of PARTS.slice(start + 1)) {
    const validate = request.getValidationFunction(part);
    if (typeof validate !== 'function') continue;
    const data = part === 'body' ? request.body : request.query;
    if (validate(data) || !validate.errors) continue;
    for (const detail of fieldErrors(validate.errors as FastifySchemaValidationError[], part)) {
      if (!seen.has(detail.field)) more.push(detail);
      seen.add(detail.field);
    }
  }
  return more;
}

/** Fastify's parser and protocol errors, in our codes. */
export function mapFrameworkError(error: { code?: string; statusCode?: number; message: string }, method?: string): AppError | undefined {
  // CONNECT's authority-form target (`example.org:443`) is no path: the router (find-my-way 9.10.2
  // and later) refuses it as a bad URL; there is no such resource here, as before.
  if (error.code === 'FST_ERR_BAD_URL' && method === 'CONNECT') return new AppError('not_found', 'No route for CONNECT');
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return AppError.validation([{ field: 'body', message: 'Content-Type must be application/json' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.validation([{ field: 'body', message: 'is empty but Content-Type is application/json' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return AppError.validation([{ field: 'body', message: 'is not valid JSON' }]);
    case 'FST_ERR_BAD_URL':
      return AppError.validation([{ field: 'url', message: 'is not a valid URL' }]);
  }
  if (error.statusCode === 429) return new AppError('rate_limited', 'Too many requests');
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return AppError.validation([{ field: 'body', message: 'is not valid JSON' }]);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return AppError.validation([{ field: 'request', message: error.message }]);
  }
  return undefined;
}

/** Which methods each route pattern answers, matched the way the router matches a URL. */
class RouteMethods {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH });

  add(method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      if (!this.router.hasRoute(m as 'GET', url)) this.router.on(m as 'GET', url, noop);
    }
  }

  allowed(path: string): string[] {
    return METHODS.filter((method) => this.router.find(method, path) !== null);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods routes answer on a path (HEAD with GET), for Allow and CORS preflights. */
    allowedMethods(path: string): string[];
  }
}
