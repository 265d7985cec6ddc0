/**
 * The rate limiter's view of API keys: which bucket and limit a request's key gives it. Given the
 * key service, so the limiter asks the keys module and nothing reaches back through the app.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/index.js';
import { isPromise } from '../../lib/maybe-promise.js';
import { bearerToken } from '../admin/auth.js';
import { apiKeyCaller, type ResolveClient } from '../ratelimit/index.js';
import { requestKey } from './auth.js';
import { looksLikeKey } from './key-format.js';
import type { AuthenticatedKey, KeyService } from './service.js';

/**
 * An API key counts in its own bucket at its tier's limit. The operator's token is not an API key:
 * on the public API it reads like anyone else (undefined: the limiter counts it as anonymous).
 */
export function rateLimitCaller(
  keys: KeyService,
  tiers: Config['rateLimit']['tiers'],
  isOperator: (request: FastifyRequest) => boolean,
): ResolveClient {
  const toCaller = (key: AuthenticatedKey | undefined) => key && apiKeyCaller(key.id, key.tier as 1 | 2 | 3, tiers);
  return (request) => {
    // Only a token that is not shaped like a key can be the operator's (spares a hash per keyed request).
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && !looksLikeKey(token) && isOperator(request)) return undefined;
    const key = requestKey(keys, request);
    return isPromise(key) ? key.then(toCaller) : toCaller(key);
  };
}
