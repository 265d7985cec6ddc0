import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { isPromise, type MaybePromise } from '../../lib/maybe-promise.js';
import { bearerToken } from '../admin/auth.js';
import type { AuthenticatedKey, KeyService } from './service.js';
import type { Scope } from './schemas.js';

type KeyLookup = MaybePromise<AuthenticatedKey | undefined> | AppError;

/**
 * Each request's key, once looked up, on the request itself: the key, a pending lookup, or the
 * refusal (null or undefined: not looked up, or no key). A property declared up front keeps every
 * request the same shape; a WeakMap per request cost ephemeron work in every garbage collection.
 */
export function decorateKeyLookup(app: FastifyInstance): void {
  app.decorateRequest('keyLookup', null);
}

declare module 'fastify' {
  interface FastifyRequest {
    keyLookup: KeyLookup | null;
  }
}

/**
 * The API key a request carries: undefined without an Authorization header, a 401 (thrown) for a
 * header that is not a live key. Looked up once per request (the rate limiter and the route share
 * it), and synchronously when the key is in the lookup cache.
 */
export function requestKey(keys: KeyService, request: FastifyRequest): MaybePromise<AuthenticatedKey | undefined> {
  const known = request.keyLookup;
  if (known !== null && known !== undefined) {
    if (known instanceof AppError) throw known;
    return known;
  }
  const remember = (outcome: AuthenticatedKey | undefined | AppError) => {
    request.keyLookup = outcome;
  };
  let outcome: MaybePromise<AuthenticatedKey | undefined>;
  try {
    outcome = lookup(keys, request);
  } catch (error) {
    remember(error as AppError);
    throw error;
  }
  if (!isPromise(outcome)) {
    remember(outcome);
    return outcome;
  }
  const pending = outcome.then(
    (key) => {
      remember(key);
      return key;
    },
    (error: AppError) => {
      remember(error);
      throw error;
    },
  );
  request.keyLookup = pending;
  return pending;
}

function lookup(keys: KeyService, request: FastifyRequest): MaybePromise<AuthenticatedKey | undefined> {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = bearerToken(header);
  if (token === undefined) throw invalidKey();
  const key = keys.authenticate(token);
  if (isPromise(key)) {
    return key.then((found) => {
      if (!found) throw invalidKey();
      return found;
    });
  }
  if (!key) throw invalidKey();
  return key;
}

/** How an owner endpoint's OpenAPI operation says it wants an API key, and the errors a key check answers. */
export const KEY_SECURITY = [{ apiKey: [] }];
export const KEY_ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_failed'] as const;

/** onRequest hook for owner endpoints: a live key of this bot (`:id`) holding `scope`. */
export function requireScope(keys: KeyService, scope: Scope) {
  const check = (request: FastifyRequest, key: AuthenticatedKey | undefined): AppError | undefined => {
    if (!key) return unauthorized('An API key is required: Authorization: Bearer <API_KEY>');
    if (key.botId !== (request.params as { id: string }).id) {
      return new AppError('forbidden', 'This API key belongs to a different bot');
    }
    if (!key.scopes.includes(scope)) return new AppError('forbidden', `This API key lacks the ${scope} scope`);
    return undefined;
  };
  return function checkKey(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    let key: MaybePromise<AuthenticatedKey | undefined>;
    try {
      key = requestKey(keys, request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (isPromise(key)) key.then((found) => done(check(request, found)), done);
    else done(check(request, key));
  };
}

function invalidKey(): AppError {
  return unauthorized('The API key is invalid or revoked');
}

function unauthorized(message: string): AppError {
  return new AppError('unauthorized', message, undefined, { 'www-authenticate': 'Bearer' });
}
