import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { ChangeFeed } from '../lib/change-feed.js';
import type { Clock } from '../lib/clock.js';
import type { ReadCache } from '../lib/read-cache.js';
import { BotAdminService } from './bots/admin-service.js';
import { BotService } from './bots/service.js';
import { EmbedService } from './embeds/service.js';
import { HistoryService } from './history/service.js';
import { KeyService } from './keys/service.js';
import { OwnerService } from './owner/service.js';
import { ReviewAdminService } from './reviews/admin-service.js';
import { ReviewService } from './reviews/service.js';
import { SearchService } from './search/service.js';
import type { LookupFn } from './webhooks/resolve-host.js';
import { WebhookService } from './webhooks/service.js';

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  cache: ReadCache;
  feed: ChangeFeed;
  /** Encrypts webhook secrets (SECRET_KEY or the key file). */
  secretKey: Buffer;
  /** DNS for webhook hosts; tests stub it. */
  lookup: LookupFn | undefined;
}

/** Every service of the app, built once over the same database, clock, cache and change feed. */
export function createServices(deps: ServiceDeps) {
  const { config, db, clock, cache, feed } = deps;
  const history = new HistoryService(db, clock, cache, feed);
  return {
    bots: new BotService(db, clock, cache, feed),
    botAdmin: new BotAdminService(db, clock),
    reviewAdmin: new ReviewAdminService(db),
    reviews: new ReviewService(db, clock, cache, feed),
    history,
    embeds: new EmbedService(db, cache, history, config.siteUrl),
    keys: new KeyService(db, clock, feed),
    owner: new OwnerService(db, clock, feed),
    search: new SearchService(db, clock, feed),
    webhooks: new WebhookService(db, clock, config.webhook, deps.secretKey, deps.lookup),
  };
}

export type Services = ReturnType<typeof createServices>;
