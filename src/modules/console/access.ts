import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { currentUser, type SignedInUser } from '../auth/session.js';
import { consoleOperator, type OperatorActor } from '../audit/entry.js';

/**
 * The console's one authorisation rule: a signed-in user listed in OPERATOR_USER_IDS. 401 without
 * a session, 403 for anyone else. Every console route calls it before anything else.
 */
export function operator(request: FastifyRequest): SignedInUser {
  const user = currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Sign in first');
  if (!request.server.config.operatorUserIds.includes(user.id)) {
    throw new AppError('forbidden', 'Only operators use the console').because({ kind: 'not_operator' });
  }
  return user;
}

/** The signed-in operator as the audit log and the moderation records name them. */
export function actorOf(user: SignedInUser): OperatorActor {
  return consoleOperator(user.id);
}

/** A console page opened without a session: off to sign-in (and back here after it). */
export function signInFirst(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (currentUser(request) || !request.server.config.auth.provider) return undefined;
  return reply.header('cache-control', 'no-store').redirect(`/auth/sign-in?return=${encodeURIComponent(request.url)}`, 303);
}
