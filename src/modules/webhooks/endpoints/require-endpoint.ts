/**
 * The endpoint a management call names: without an id the bot's default endpoint (the spec's
 * webhook, /admin/v1/bots/{id}/webhook), with one that endpoint of the bot
 * (/admin/v1/bots/{id}/webhooks/{endpointId}). Each way has its own 404.
 */
import type { Queryable } from '../../../db/index.js';
import { AppError } from '../../../lib/errors.js';
import { webhookRepository, type StoredWebhook } from './repository.js';

export async function requireEndpoint(db: Queryable, botId: string, endpointId?: string, forUpdate = false): Promise<StoredWebhook> {
  const endpoint =
    endpointId === undefined
      ? await webhookRepository.find(db, botId, forUpdate)
      : await webhookRepository.findEndpoint(db, endpointId, botId, forUpdate);
  if (!endpoint) throw noEndpoint(botId, endpointId);
  return endpoint;
}

/** 404 for the bot's default endpoint (no `endpointId`) or for one of its endpoints. */
export function noEndpoint(botId: string, endpointId?: string): AppError {
  return endpointId === undefined
    ? AppError.notFound(`No webhook configured for bot ${botId}`)
    : AppError.notFound('No webhook endpoint with that ID for this bot');
}
