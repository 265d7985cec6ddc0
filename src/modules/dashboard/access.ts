import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { currentUser, type SignedInUser } from '../auth/session.js';
import type { AdminBot } from '../bots/schemas.js';

/**
 * The bot behind a dashboard URL, for its owner only: 401 without a session, 404 for no such
 * bot, 403 when the signed-in user is not among its `owners`. The one authorisation rule of the
 * dashboard; every action goes through it before it calls a service.
 */
export async function ownedBot(request: FastifyRequest, botId: string): Promise<{ user: SignedInUser; bot: AdminBot }> {
  const user = currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Sign in first');
  const bot = await request.server.services.bots.adminGet(botId);
  if (!bot.owners.includes(user.id)) throw new AppError('forbidden', 'You are not an owner of this bot');
  return { user, bot };
}

/** A page that needs a session: off to sign-in (and back here after it) when there is none. */
export function redirectToSignIn(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (currentUser(request) || !request.server.config.auth.provider) return undefined;
  return reply.header('cache-control', 'no-store').redirect(`/auth/sign-in?return=${encodeURIComponent(request.url)}`, 303);
}
