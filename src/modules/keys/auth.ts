import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { bearerToken } from '../admin/auth.js';
import type { AuthenticatedKey } from './service.js';
import type { Scope } from './schemas.js';

const resolved = new WeakMap<FastifyRequest, Promise<AuthenticatedKey | undefined>>();

/**
 * The API key a request carries: undefined without an Authorization header, a 401 for a header
 * that is not a live key. Resolved once per request (the rate limiter and the route share it).
 */
export function requestKey(request: FastifyRequest): Promise<AuthenticatedKey | undefined> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = lookup(request);
    resolved.set(request, pending);
  }
  return pending;
}

async function lookup(request: FastifyRequest): Promise<AuthenticatedKey | undefined> {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = bearerToken(header);
  const key = token === undefined ? undefined : await request.server.services.keys.authenticate(token);
  if (!key) throw unauthorized('The API key is invalid or revoked');
  return key;
}

/** onRequest hook for owner endpoints: a live key of this bot (`:id`) holding `scope`. */
export function requireScope(scope: Scope) {
  return async function checkKey(request: FastifyRequest): Promise<void> {
    const key = await requestKey(request);
    if (!key) throw unauthorized('An API key is required: Authorization: Bearer <API_KEY>');
    const { id } = request.params as { id: string };
    if (key.botId !== id) throw new AppError('forbidden', 'This API key belongs to a different bot');
    if (!key.scopes.includes(scope)) throw new AppError('forbidden', `This API key lacks the ${scope} scope`);
  };
}

function unauthorized(message: string): AppError {
  return new AppError('unauthorized', message, undefined, { 'www-authenticate': 'Bearer' });
}
