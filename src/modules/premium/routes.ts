import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import type { Read } from '../../lib/answers/index.js';
import { fact } from '../changes/facts.js';
import { KEY_ERRORS, KEY_SECURITY, requireScope } from '../keys/auth.js';
import { GuildIdParams, PremiumStatus, PremiumUserParams } from './schemas.js';

/** The owner's reads of premium statuses (spec §4 "Owner endpoints"), with an API key holding `premium:read`. */
export async function premiumRoutes(app: App): Promise<void> {
  const { keys, premium } = app.services;

  /**
   * A status is kept until a subscription of the bot is written or the one in force runs out; a
   * status past its paid period is wrong, not stale: none is served while the database does not answer.
   */
  const statusRead = (key: string, botId: string): Read<{ data: PremiumStatus }> => ({
    key: `premium:${key}`,
    facts: [fact.bot(botId), fact.premium(botId)],
    ttlMs: ({ data }) => premium.statusLifeMs(data),
    staleWhenDown: false,
    cacheControl: 'private, no-store',
  });

  app.get(
    '/bots/:id/premium/:userId',
    {
      onRequest: requireScope(keys, 'premium:read'),
      schema: {
        operationId: 'getUserPremium',
        description:
          'The premium subscription in force for a user, for tiers bought per user; `active: false` when there is none. Needs a key of this bot with `premium:read`.',
        tags: ['owner'],
        summary: "A user's premium status (user-scoped tiers)",
        security: KEY_SECURITY,
        params: PremiumUserParams,
        response: { 200: dataOf(PremiumStatus), ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id, userId } = request.params;
      reply.answer(statusRead(`user:${id}:${userId}`, id), async () => ({ data: await premium.status(id, { userId }) }));
    },
  );

  app.get(
    '/bots/:id/premium/guild/:guildId',
    {
      onRequest: requireScope(keys, 'premium:read'),
      schema: {
        operationId: 'getGuildPremium',
        description:
          'The premium subscription in force for a server, for tiers bought per server; `active: false` when there is none. Needs a key of this bot with `premium:read`.',
        tags: ['owner'],
        summary: "A server's premium status (guild-scoped tiers)",
        security: KEY_SECURITY,
        params: GuildIdParams,
        response: { 200: dataOf(PremiumStatus), ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id, guildId } = request.params;
      reply.answer(statusRead(`guild:${id}:${guildId}`, id), async () => ({ data: await premium.status(id, { guildId }) }));
    },
  );
}
