import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { currentUser, type SignedInUser } from '../auth/session.js';
import type { AdminBot } from '../bots/schemas.js';
import type { Action, Role } from '../teams/permissions.js';
import { assertMay } from '../teams/refusals.js';

/**
 * The bot behind a dashboard URL, for a member of its team whose role may do `action`
 * (src/modules/teams/permissions.ts): 401 without a session, 404 for no such bot, 403 for anyone
 * not on the team or in a role too low for it (the page says which). The one authorisation rule
 * of the dashboard; every action goes through it before it calls a service.
 */
export async function memberBot(
  request: FastifyRequest,
  botId: string,
  action: Action,
): Promise<{ user: SignedInUser; bot: AdminBot; role: Role }> {
  const user = currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Sign in first');
  const { services } = request.server;
  const bot = await services.bots.adminGet(botId);
  const role = await services.teams.roleOf(bot.id, user.id);
  assertMay(role, action);
  return { user, bot, role };
}

/** A page that needs a session: off to sign-in (and back here after it) when there is none. */
export function redirectToSignIn(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (currentUser(request) || !request.server.config.auth.provider) return undefined;
  return reply.header('cache-control', 'no-store').redirect(`/auth/sign-in?return=${encodeURIComponent(request.url)}`, 303);
}
