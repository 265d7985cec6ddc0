import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * Checks `Authorization: Bearer <ADMIN_TOKEN>`. Both sides are hashed first so the comparison is
 * constant-time whatever the lengths.
 */
export function adminAuth(adminToken: string) {
  const isOperator = operatorCheck(adminToken);
  return async function checkAdminToken(request: FastifyRequest): Promise<void> {
    if (!isOperator(request)) {
      throw new AppError('unauthorized', 'A valid operator token is required: Authorization: Bearer <ADMIN_TOKEN>', undefined, {
        'www-authenticate': 'Bearer realm="admin"',
      });
    }
  };
}

/** True when the request carries the operator token (constant-time comparison). */
export function operatorCheck(adminToken: string): (request: FastifyRequest) => boolean {
  const expected = digest(adminToken);
  return (request) => {
    const token = bearerToken(request.headers.authorization);
    return token !== undefined && timingSafeEqual(digest(token), expected);
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
