/**
 * A bot's webhook endpoints, for both families of routes: the spec-era webhook
 * (/admin/v1/bots/{id}/webhook, /admin/v1/webhooks) is the bot's default endpoint, the endpoint
 * with `isDefault`; the others are addressed by id (/admin/v1/bots/{id}/webhooks/...). One get, one
 * remove, one write behind configure/create/update, one secret rotation. State rules:
 * endpoint-state.ts; test events and the delivery log: ../delivery/service.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../config/index.js';
import type { Database, Queryable } from '../../../db/index.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { offsetOf, page, type Page } from '../../../lib/pagination.js';
import { diffOfGone, type Actor } from '../../audit/entry.js';
import { auditRepository } from '../../audit/repository.js';
import { botRepository } from '../../bots/repository.js';
import { isDiscordWebhookUrl, redactUrl } from './discord-url.js';
import { writeEntries } from './endpoint-audit.js';
import { endpointState } from './endpoint-state.js';
import { DEFAULT_EVENTS, type EventType } from './events.js';
import { webhookRepository, type EndpointFormat, type EndpointLanguage, type StoredWebhook } from './repository.js';
import { noEndpoint, requireEndpoint } from './require-endpoint.js';
import type { LookupFn } from './resolve-host.js';
import {
  DEFAULT_OVERLAP_SECONDS,
  MAX_ENDPOINTS_PER_BOT,
  type BotWebhook,
  type EndpointCreate,
  type EndpointPatch,
  type RotatedSecret,
  type SecretRotation,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookListQuery,
  type WebhookPut,
  type WebhookWithSecret,
} from './schemas.js';
import { generateWebhookSecret } from './secret.js';
import { encryptSecret } from './secret-box.js';
import { validateWebhookUrl } from './url-policy.js';

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

/** Which endpoint a write is for: the bot's default one (created if need be), a new one, or one by id. */
type Target = { kind: 'default' } | { kind: 'new' } | { kind: 'id'; id: string };

/** What a write sets; what it leaves out stays as the endpoint has it (a new endpoint: the defaults). */
interface EndpointChange {
  /** Required for a new endpoint. */
  url?: string;
  /** Absent: the stored one is kept; a new endpoint gets a generated one. */
  secret?: string;
  /** Absent: the state stays as it is; a new endpoint is enabled. */
  enabled?: boolean;
  events?: EventType[];
  format?: EndpointFormat;
  language?: EndpointLanguage;
  /** The endpoint keeps its format under a new URL (PUT of the spec's webhook); otherwise a new URL picks it again. */
  keepFormat?: boolean;
}

export class WebhookEndpointService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: Pick<Config['webhook'], 'allowPrivate'>,
    private readonly secretKey: Buffer,
    /** DNS for the URL check; tests stub it. */
    private readonly lookup: LookupFn | undefined,
  ) {}

  /** Every endpoint of the bot (the default one included), oldest first; 404 without the bot. */
  async list(botId: string): Promise<WebhookEndpoint[]> {
    if (!(await botRepository.exists(this.db, botId))) throw AppError.notFound('No bot with that application ID');
    const now = this.clock.now();
    return (await webhookRepository.listForBot(this.db, botId)).map((stored) => toEndpoint(stored, now));
  }

  /** Endpoints of every bot by state, for the operator: which are switched off, which are failing. */
  async listByState(query: WebhookListQuery): Promise<Page<BotWebhook>> {
    const { items, total } = await webhookRepository.list(this.db, query.state, query.limit, offsetOf(query));
    return page(
      items.map(({ id, botId, url, enabled, disabledAt, consecutiveFailures }) => ({
        id,
        botId,
        url,
        enabled,
        disabledAt,
        consecutiveFailures,
      })),
      total,
      query,
    );
  }

  /** One endpoint without its secret: the bot's default one without `endpointId`. */
  async get(botId: string, endpointId?: string): Promise<WebhookEndpoint> {
    return toEndpoint(await requireEndpoint(this.db, botId, endpointId), this.clock.now());
  }

  /**
   * Creates or replaces the bot's default endpoint (the spec's webhook). The URL must pass the
   * address policy now (and again at every connect). A new one gets a generated secret unless one is
   * given; an existing one keeps its secret unless one is given, and its events, format and language.
   * `enabled` defaults to true. `secret` in the answer: the one this call set, else null.
   * Every write of an endpoint is recorded in the audit log with `by` (endpoint-audit.ts).
   */
  async configure(botId: string, input: WebhookPut, by: Actor): Promise<{ webhook: WebhookWithSecret; created: boolean }> {
    const { stored, secret, created } = await this.write(
      botId,
      { kind: 'default' },
      { url: input.url, secret: input.secret, enabled: input.enabled ?? true, keepFormat: true },
      by,
    );
    const { url, enabled, disabledAt, consecutiveFailures } = stored;
    return { created, webhook: { url, secret, enabled, disabledAt, consecutiveFailures } };
  }

  /** A new (non-default) endpoint; 409 beyond MAX_ENDPOINTS_PER_BOT. The secret is shown once. */
  async create(botId: string, input: EndpointCreate, by: Actor): Promise<WebhookEndpointWithSecret> {
    const secret = input.secret ?? generateWebhookSecret();
    const { stored } = await this.write(
      botId,
      { kind: 'new' },
      { ...settingsOf(input), url: input.url, secret, enabled: input.enabled },
      by,
    );
    return { ...toEndpoint(stored, this.clock.now()), secret };
  }

  /** Changes what the patch gives; `enabled` follows endpoint-state.ts, a new URL picks its format again. */
  async update(botId: string, endpointId: string, patch: EndpointPatch, by: Actor): Promise<WebhookEndpoint> {
    const { stored } = await this.write(
      botId,
      { kind: 'id', id: endpointId },
      { ...settingsOf(patch), url: patch.url, enabled: patch.enabled },
      by,
    );
    return toEndpoint(stored, this.clock.now());
  }

  /** Deletes an endpoint (the bot's default one without `endpointId`) with its pending deliveries and its log. */
  async remove(botId: string, endpointId: string | undefined, by: Actor): Promise<void> {
    const now = this.clock.now();
    const removed = await this.db.transaction(async (tx) => {
      const gone =
        endpointId === undefined
          ? await webhookRepository.delete(tx, botId)
          : await webhookRepository.deleteEndpoint(tx, endpointId, botId);
      if (gone) {
        const diff = diffOfGone({ url: redactUrl(gone.url) });
        await auditRepository.record(tx, { actor: by, action: 'webhook.delete', botId, target: gone.id, diff }, now);
      }
      return gone;
    });
    if (!removed) throw noEndpoint(botId, endpointId);
  }

  /**
   * A new secret (generated unless given). The replaced one keeps signing beside it for
   * `overlapSeconds` (default 24 h), so receivers can switch without missing a call; 0 ends it at once.
   */
  async rotateSecret(botId: string, endpointId: string, input: SecretRotation, by: Actor): Promise<RotatedSecret> {
    const now = this.clock.now();
    const secret = input.secret ?? generateWebhookSecret();
    const overlap = input.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
    const until = overlap > 0 ? new Date(now.getTime() + overlap * 1000) : null;
    await this.db.transaction(async (tx) => {
      const before = await requireEndpoint(tx, botId, endpointId, true);
      await webhookRepository.rotateSecret(tx, endpointId, encryptSecret(secret, this.secretKey), until, now);
      // When the replaced secret stops signing is what receivers must know; the secrets stay out.
      const diff = { previousSecretUntil: { before: before.previousSecretUntil, after: until?.toISOString() ?? null } };
      await auditRepository.record(tx, { actor: by, action: 'webhook.rotate_secret', botId, target: endpointId, diff }, now);
    });
    return { secret, previousSecretExpiresAt: until?.toISOString() ?? null };
  }

  /** Ends a rotation's overlap now: from the next attempt on only the new secret signs. */
  async endOverlap(botId: string, endpointId: string, by: Actor): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await requireEndpoint(tx, botId, endpointId, true);
      if (!(await webhookRepository.endOverlap(tx, endpointId, now))) {
        throw new AppError('conflict', 'No secret rotation overlap is running for this endpoint').because({ kind: 'no_secret_overlap' });
      }
      const diff = { previousSecretUntil: { before: before.previousSecretUntil, after: now.toISOString() } };
      await auditRepository.record(tx, { actor: by, action: 'webhook.end_overlap', botId, target: endpointId, diff }, now);
    });
  }

  /**
   * The one write of an endpoint: checks a new URL (422), locks what it changes, and stores the
   * endpoint with the state endpoint-state.ts decides. Answers the stored endpoint, the secret
   * this write set (null: the stored one was kept) and whether it created the endpoint.
   */
  private async write(
    botId: string,
    target: Target,
    change: EndpointChange,
    by: Actor,
  ): Promise<{ stored: StoredWebhook; secret: string | null; created: boolean }> {
    if (change.url !== undefined) await this.checkUrl(change.url);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const existing = await this.lockTarget(tx, botId, target);
      const secret = change.secret ?? (existing ? undefined : generateWebhookSecret());
      const url = change.url ?? (existing as StoredWebhook).url;
      const stored = await webhookRepository.upsert(
        tx,
        {
          id: existing?.id ?? randomUUID(),
          botId,
          isDefault: existing?.isDefault ?? target.kind === 'default',
          url,
          secretBox: secret === undefined ? (existing as StoredWebhook).secretBox : encryptSecret(secret, this.secretKey),
          events: change.events ?? existing?.events ?? DEFAULT_EVENTS,
          format: change.format ?? (existing && (change.keepFormat || change.url === undefined) ? existing.format : defaultFormat(url)),
          language: change.language ?? existing?.language ?? 'en',
          ...(change.enabled === undefined && existing
            ? endpointState.keep(existing)
            : endpointState.configure(existing, change.enabled ?? true, now)),
        },
        now,
      );
      for (const entry of writeEntries(existing, stored, existing !== undefined && change.secret !== undefined, by)) {
        await auditRepository.record(tx, entry, now);
      }
      return { stored, secret: secret ?? null, created: !existing };
    });
  }

  /**
   * Locks what a write changes and answers the endpoint as it is: by id, its row (404 without it);
   * otherwise the bot's row (404 without the bot), which serialises the creation of its endpoints
   * so that MAX_ENDPOINTS_PER_BOT holds under concurrency (409 beyond it for a new endpoint).
   */
  private async lockTarget(tx: Queryable, botId: string, target: Target): Promise<StoredWebhook | undefined> {
    if (target.kind === 'id') return requireEndpoint(tx, botId, target.id, true);
    if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
    if (target.kind === 'default') return webhookRepository.find(tx, botId, true);
    if ((await webhookRepository.countForBot(tx, botId)) >= MAX_ENDPOINTS_PER_BOT) {
      throw new AppError('conflict', `A bot has at most ${MAX_ENDPOINTS_PER_BOT} webhook endpoints`).because({
        kind: 'webhook_endpoint_limit',
        max: MAX_ENDPOINTS_PER_BOT,
      });
    }
    return undefined;
  }

  private async checkUrl(url: string): Promise<void> {
    const check = await validateWebhookUrl(url, { allowPrivate: this.settings.allowPrivate, lookup: this.lookup });
    if (!check.ok) throw AppError.validation([{ field: 'url', message: `${check.code}: ${check.message}` }]).because(check.reason);
  }
}

/** The settings of a create or patch body, typed as stored (the schemas enumerate the allowed values). */
function settingsOf(input: EndpointCreate | EndpointPatch): Pick<EndpointChange, 'events' | 'format' | 'language'> {
  return {
    events: input.events as EventType[] | undefined,
    format: input.format as EndpointFormat | undefined,
    language: input.language as EndpointLanguage | undefined,
  };
}
