/** What every console route shares: its query, who may open it, the CSRF check of its forms, and how refusals become field errors. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TObject } from 'typebox';
import type { Texts } from '../../html/i18n/index.js';
import { AppError } from '../../lib/errors.js';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import { csrf, type SignedInUser } from '../auth/session.js';
import { operator, signInFirst } from './access.js';
import type { FieldErrors } from './fields.js';

/** The console's query: the language, what was just done, where a list goes on, which reports. All optional, all short. */
export const ConsoleQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  done: Type.Optional(Type.String({ maxLength: 30 })),
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH })),
  status: Type.Optional(Type.String({ maxLength: 10 })),
  id: Type.Optional(Type.String({ maxLength: 40 })),
});

/** A path parameter of the console: short text; the service says whether it names anything (404 when not). */
export const ParamText = Type.String({ minLength: 1, maxLength: 40 });

/** A console page's route options: its query, and its path parameters when it has any. */
export function getOptions(): { schema: { hide: boolean; querystring: typeof ConsoleQuery } };
export function getOptions<P extends TObject>(params: P): { schema: { hide: boolean; querystring: typeof ConsoleQuery; params: P } };
export function getOptions(params?: TObject) {
  return { schema: { hide: true, querystring: ConsoleQuery, ...(params ? { params } : {}) } };
}

/** A form's POST: the operator first (401, 403), then the session's CSRF token. */
export function postOptions(app: App): ReturnType<typeof getOptions> & { preHandler: PreHandlers };
export function postOptions<P extends TObject>(
  app: App,
  params: P,
): { schema: { hide: boolean; querystring: typeof ConsoleQuery; params: P }; preHandler: PreHandlers };
export function postOptions(app: App, params?: TObject) {
  const preHandler: PreHandlers = [async (request: FastifyRequest) => void operator(request), csrf(app)];
  return { ...(params ? getOptions(params) : getOptions()), preHandler };
}

type PreHandlers = [(request: FastifyRequest) => Promise<void>, ReturnType<typeof csrf>];

/** A console page's visitor: off to sign-in without a session (undefined then: the reply is sent), 403 for anyone but an operator. */
export function visitor(request: FastifyRequest, reply: FastifyReply): SignedInUser | undefined {
  if (signInFirst(request, reply)) return undefined;
  return operator(request);
}

/**
 * A service's refusal as errors beside the form's fields: 422 field by field (`fields` maps the
 * service's field names to the form's; the rest go to `form`), 409 as `conflict` beside the form.
 * Anything else (404, 403, 5xx) is no form error: undefined, and the caller throws it on.
 */
export function refusalOf(
  t: Texts,
  error: unknown,
  options: { fields?: Record<string, string>; conflict?: string } = {},
): { errors: FieldErrors; status: number } | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'conflict') return { errors: { form: options.conflict ?? t.console.conflict }, status: 409 };
  if (error.code !== 'validation_failed') return undefined;
  const errors: FieldErrors = {};
  for (const detail of error.details ?? []) {
    const field = options.fields?.[detail.field];
    if (field) errors[field] ??= t.form.invalid;
  }
  if (Object.keys(errors).length === 0) errors.form = t.error.invalid;
  return { errors, status: 422 };
}
