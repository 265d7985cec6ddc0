/**
 * Several webhook endpoints per bot: create, change, delete, list, test one, and rotate a secret
 * with an overlap. The spec's webhook is the bot's default endpoint (service.ts manages it through
 * the spec-era routes); it is listed and addressable here too. State rules: endpoint-state.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { botRepository } from '../bots/repository.js';
import { isDiscordWebhookUrl } from './discord.js';
import { endpointState } from './endpoint-state.js';
import { DEFAULT_EVENTS, recordEvent, type EventType } from './outbox.js';
import type { LookupFn } from './resolve-host.js';
import {
  DEFAULT_OVERLAP_SECONDS,
  MAX_ENDPOINTS_PER_BOT,
  type EndpointCreate,
  type EndpointPatch,
  type RotatedSecret,
  type SecretRotation,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from './schemas.js';
import { encryptSecret } from './secret-box.js';
import { TEST_EVENT_MESSAGE } from './test-event.js';
import { generateWebhookSecret } from './signature.js';
import { validateWebhookUrl } from './url-policy.js';
import { webhookRepository, type EndpointFormat, type EndpointLanguage, type StoredWebhook } from './webhook-repository.js';

/** A Discord channel webhook URL gets Discord messages unless the endpoint says otherwise. */
export function defaultFormat(url: string): EndpointFormat {
  return isDiscordWebhookUrl(url) ? 'discord' : 'json';
}

/** The public shape of a stored endpoint (no secret). */
export function toEndpoint(stored: StoredWebhook, now: Date): WebhookEndpoint {
  const overlap = stored.previousSecretUntil !== null && Date.parse(stored.previousSecretUntil) > now.getTime();
  return {
    id: stored.id,
    isDefault: stored.isDefault,
    url: stored.url,
    enabled: stored.enabled,
    disabledAt: stored.disabledAt,
    consecutiveFailures: stored.consecutiveFailures,
    events: stored.events,
    format: stored.format,
    language: stored.language,
    previousSecretExpiresAt: overlap ? stored.previousSecretUntil : null,
  };
}

export class WebhookEndpointService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: Pick<Config['webhook'], 'allowPrivate'>,
    private readonly secretKey: Buffer,
    private readonly lookup: LookupFn | undefined,
  ) {}

  async list(botId: string): Promise<WebhookEndpoint[]> {
    if (!(await botRepository.exists(this.db, botId))) throw AppError.notFound('No bot with that application ID');
    const now = this.clock.now();
    return (await webhookRepository.listForBot(this.db, botId)).map((stored) => toEndpoint(stored, now));
  }

  async get(botId: string, id: string): Promise<WebhookEndpoint> {
    return toEndpoint(await this.require(botId, id), this.clock.now());
  }

  /** A new (non-default) endpoint; 409 beyond MAX_ENDPOINTS_PER_BOT. The secret is shown once. */
  async create(botId: string, input: EndpointCreate): Promise<WebhookEndpointWithSecret> {
    await this.checkUrl(input.url);
    const now = this.clock.now();
    const secret = input.secret ?? generateWebhookSecret();
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      // The bot's row lock serialises endpoint creation, so the limit holds under concurrency.
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      if ((await webhookRepository.countForBot(tx, botId)) >= MAX_ENDPOINTS_PER_BOT) {
        throw new AppError('conflict', `A bot has at most ${MAX_ENDPOINTS_PER_BOT} webhook endpoints`);
      }
      await webhookRepository.upsert(
        tx,
        {
          id,
          botId,
          isDefault: false,
          url: input.url,
          secretBox: encryptSecret(secret, this.secretKey),
          events: (input.events as EventType[] | undefined) ?? DEFAULT_EVENTS,
          format: (input.format as EndpointFormat | undefined) ?? defaultFormat(input.url),
          language: (input.language as EndpointLanguage | undefined) ?? 'en',
          ...endpointState.configure(undefined, input.enabled ?? true, now),
        },
        now,
      );
    });
    return { ...(await this.get(botId, id)), secret };
  }

  async update(botId: string, id: string, patch: EndpointPatch): Promise<WebhookEndpoint> {
    if (patch.url !== undefined) await this.checkUrl(patch.url);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const existing = await webhookRepository.findEndpoint(tx, id, botId, true);
      if (!existing) throw noEndpoint();
      const url = patch.url ?? existing.url;
      await webhookRepository.upsert(
        tx,
        {
          id,
          botId,
          isDefault: existing.isDefault,
          url,
          secretBox: existing.secretBox,
          events: (patch.events as EventType[] | undefined) ?? existing.events,
          // A new URL picks its format again unless one is given.
          format: (patch.format as EndpointFormat | undefined) ?? (patch.url === undefined ? existing.format : defaultFormat(url)),
          language: (patch.language as EndpointLanguage | undefined) ?? existing.language,
          ...(patch.enabled === undefined ? endpointState.keep(existing) : endpointState.configure(existing, patch.enabled, now)),
        },
        now,
      );
    });
    return this.get(botId, id);
  }

  async remove(botId: string, id: string): Promise<void> {
    if (!(await webhookRepository.deleteEndpoint(this.db, id, botId))) throw noEndpoint();
  }

  /** A `test` event for this endpoint only; 409 when it is switched off. */
  async sendTest(botId: string, id: string): Promise<{ event: 'test'; id: string }> {
    const eventId = await this.db.transaction(async (tx) => {
      const endpoint = await webhookRepository.findEndpoint(tx, id, botId);
      if (!endpoint) throw noEndpoint();
      if (!endpoint.enabled) throw new AppError('conflict', 'The endpoint is switched off; enable it first');
      return recordEvent(tx, { botId, type: 'test', payload: { message: TEST_EVENT_MESSAGE }, createdAt: this.clock.now(), endpointId: id });
    });
    return { event: 'test', id: eventId };
  }

  /**
   * A new secret (generated unless given). The replaced one keeps signing beside it for
   * `overlapSeconds` (default 24 h), so receivers can switch without missing a call; 0 ends it at once.
   */
  async rotateSecret(botId: string, id: string, input: SecretRotation): Promise<RotatedSecret> {
    const now = this.clock.now();
    const secret = input.secret ?? generateWebhookSecret();
    const overlap = input.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
    const until = overlap > 0 ? new Date(now.getTime() + overlap * 1000) : null;
    await this.db.transaction(async (tx) => {
      if (!(await webhookRepository.findEndpoint(tx, id, botId, true))) throw noEndpoint();
      await webhookRepository.rotateSecret(tx, id, encryptSecret(secret, this.secretKey), until, now);
    });
    return { secret, previousSecretExpiresAt: until?.toISOString() ?? null };
  }

  /** Ends a rotation's overlap now: from the next attempt on only the new secret signs. */
  async endOverlap(botId: string, id: string): Promise<void> {
    await this.require(botId, id);
    if (!(await webhookRepository.endOverlap(this.db, id, this.clock.now()))) {
      throw new AppError('conflict', 'No secret rotation overlap is running for this endpoint');
    }
  }

  private async checkUrl(url: string): Promise<void> {
    const check = await validateWebhookUrl(url, { allowPrivate: this.settings.allowPrivate, lookup: this.lookup });
    if (!check.ok) throw AppError.validation([{ field: 'url', message: `${check.code}: ${check.message}` }]);
  }

  private async require(botId: string, id: string): Promise<StoredWebhook> {
    const endpoint = await webhookRepository.findEndpoint(this.db, id, botId);
    if (!endpoint) throw noEndpoint();
    return endpoint;
  }
}

function noEndpoint(): AppError {
  return AppError.notFound('No webhook endpoint with that ID for this bot');
}
