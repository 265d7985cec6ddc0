import type { Config } from '../config/index.js';
import type { Database } from '../db/index.js';
import type { Change, ChangeFeed } from '../lib/change-feed.js';
import type { Clock } from '../lib/clock.js';
import { ReadCache } from '../lib/read-cache.js';
import { BotAdminService } from './bots/admin-service.js';
import { PublishedBots } from './bots/catalog.js';
import { BotService } from './bots/service.js';
import { EmbedService } from './embeds/service.js';
import { HistoryService } from './history/service.js';
import { KeyService } from './keys/service.js';
import { OwnerService } from './owner/service.js';
import { ReviewAdminService } from './reviews/admin-service.js';
import { ReviewService } from './reviews/service.js';
import { SearchService } from './search/service.js';
import { SlugIndex } from './site/slug-index.js';
import { TierRequestService } from './tiers/service.js';
import type { LookupFn } from './webhooks/resolve-host.js';
import { WebhookEndpointService } from './webhooks/endpoint-service.js';
import { WebhookService } from './webhooks/service.js';

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  feed: ChangeFeed;
  /** Encrypts webhook secrets (SECRET_KEY or the key file). */
  secretKey: Buffer;
  /** DNS for webhook hosts; tests stub it. */
  lookup: LookupFn | undefined;
}

/** Every service of the app, built once over the same database, clock and change feed. */
export function createServices(deps: ServiceDeps) {
  const { config, db, clock, feed } = deps;
  const catalog = new PublishedBots(db.reads, clock);
  const slugs = new SlugIndex();
  catalog.follow(slugs);
  const history = new HistoryService(db, clock, feed);
  const embedsCache = new ReadCache(clock);
  const keys = new KeyService(db, clock, feed);
  const services = {
    catalog,
    slugs,
    bots: new BotService(db, clock, catalog, feed, config.listMaxStaleMs),
    botAdmin: new BotAdminService(db, clock),
    reviewAdmin: new ReviewAdminService(db),
    reviews: new ReviewService(db, clock, feed),
    history,
    embeds: new EmbedService(db.reads, embedsCache, history, config.siteUrl),
    keys,
    tiers: new TierRequestService(db, clock, keys),
    owner: new OwnerService(db, clock, feed, catalog),
    search: new SearchService(db, clock, feed, catalog, config.listMaxStaleMs),
    webhooks: new WebhookService(db, clock, config.webhook, deps.secretKey, deps.lookup),
    webhookEndpoints: new WebhookEndpointService(db, clock, config.webhook, deps.secretKey, deps.lookup),
  };
  feed.subscribe((change) => routeChange(change, services, embedsCache));
  return services;
}

export type Services = ReturnType<typeof createServices>;

/**
 * Who must forget what when something changed (in this process or another): the one place that
 * knows which answers depend on which facts. A vote, for instance, leaves history and reviews alone.
 */
function routeChange(change: Change, services: Services, embeds: ReadCache): void {
  switch (change.kind) {
    case 'bot': {
      const { botId, aspect } = change;
      // A subscription: nothing public about the bot changed.
      if (aspect === 'premium') return services.owner.forgetPremium(botId);
      services.catalog.changed(botId, change.counters);
      embeds.invalidate(botId);
      if (aspect === 'profile' || aspect === 'stats') services.history.forget(botId);
      if (aspect === 'profile' || aspect === 'reviews') services.reviews.forget(botId);
      if (aspect === 'votes') services.owner.forget(botId, change.userId);
      else if (aspect === 'profile') services.owner.forget(botId);
      return;
    }
    case 'history':
      services.history.forgetAll();
      embeds.clear();
      return;
    case 'keys':
      services.keys.forgetLookups();
      return;
    case 'synonyms':
      void services.search.reloadSynonyms().catch(() => undefined);
      return;
  }
}
