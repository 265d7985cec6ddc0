import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** Who is signed in: the platform's user id (bots' `owners` hold these) and a display name. */
export interface SignedInUser {
  id: string;
  name: string;
}

interface StoredUser extends SignedInUser {
  /** Seconds since the epoch at sign-in: the session's absolute end is counted from here. */
  since: number;
}

/**
 * The signed-in user of this request, if any. @fastify/secure-session checks and decrypts the
 * cookie (and drops it after SESSION_MAX_AGE_HOURS without a change); the sign-in time kept
 * inside ends it that long after sign-in even when it keeps changing.
 */
export function currentUser(request: FastifyRequest): SignedInUser | undefined {
  const user: StoredUser | undefined = request.session?.get('user');
  if (!user || typeof user.id !== 'string' || typeof user.name !== 'string' || typeof user.since !== 'number') return undefined;
  if ((user.since + request.server.config.auth.sessionMaxAgeSeconds) * 1000 <= Date.now()) return undefined;
  return { id: user.id, name: user.name };
}

/** The CSRF check of a page's form (@fastify/csrf-protection, registered with the session). */
export function csrf(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => app.csrfProtection(request, reply, done);
}

/** A POST of a page needs a signed-in user (401 page otherwise) before its CSRF token is checked. */
export function requireUser(request: FastifyRequest): SignedInUser {
  const user = currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Sign in first');
  return user;
}

/**
 * Starts a session for `user`: whatever the session held before (the sign-in in progress, an
 * earlier user, the CSRF secret) is dropped, so nothing planted before sign-in survives it.
 */
export function signIn(request: FastifyRequest, user: SignedInUser): void {
  request.session.regenerate();
  request.session.set('user', { id: user.id, name: user.name, since: Math.floor(Date.now() / 1000) } satisfies StoredUser);
}

/** Ends the session: the cookie is cleared. */
export function signOut(request: FastifyRequest): void {
  request.session.delete();
}

/** Where to go after sign-in: a path of this site only (never `//host`, `/\host` or a full URL). */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[\x21-\x7e]{0,500}$/.test(value) ? value : '/dashboard';
}

/** What the pages keep in the encrypted session cookie. */
declare module '@fastify/secure-session' {
  interface SessionData {
    user: StoredUser;
    returnTo: string;
  }
}
