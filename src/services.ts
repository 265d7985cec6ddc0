import type { Config } from './config/index.js';
import type { Database } from './db/index.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { AnswerStore } from './lib/answers/index.js';
import type { Metrics } from './lib/metrics.js';
import { AnalyticsService } from './modules/analytics/service.js';
import { systemClock, type Clock } from './lib/clock.js';
import { AnalyticsNightly } from './modules/analytics/nightly.js';
import { AnalyticsReports } from './modules/analytics/report-service.js';
import { AuditService } from './modules/audit/service.js';
import { BanService } from './modules/bans/service.js';
import { BotAdminService } from './modules/bots/admin-service.js';
import { PublishedBots } from './modules/bots/catalog.js';
import { allOf } from './modules/bots/write-listener.js';
import { BotService } from './modules/bots/service.js';
import { BrowseService } from './modules/bots/browse-service.js';
import { BotGroups } from './modules/bots/groups.js';
import type { Change, Changes } from './modules/changes/change.js';
import { fact, factsOf } from './modules/changes/facts.js';
import { EmbedService } from './modules/embeds/service.js';
import { HistoryService } from './modules/history/service.js';
import { KeyService } from './modules/keys/service.js';
import { ListingAdminWrites } from './modules/listings/admin-writes.js';
import { ModerationService } from './modules/listings/moderation-service.js';
import { ListingService } from './modules/listings/service.js';
import { ListingWriter } from './modules/listings/writer.js';
import type { PlatformAdapter } from './modules/platform/adapter.js';
import { DiscordAdapter } from './modules/platform/discord.js';
import { PremiumService } from './modules/premium/service.js';
import { PaymentAccounts } from './modules/payments/accounts-service.js';
import { PaymentsAdmin } from './modules/payments/admin-service.js';
import { PaymentCheckout } from './modules/payments/checkout-service.js';
import type { StripeGateway } from './modules/payments/gateway.js';
import { StripeEvents } from './modules/payments/stripe-events-service.js';
import { PremiumTiers } from './modules/payments/tiers-service.js';
import { ManagedGuilds } from './modules/auth/managed-guilds.js';
import { ReasonTemplateService } from './modules/reason-templates/service.js';
import { ReportService } from './modules/reports/service.js';
import { ReviewAdminService } from './modules/reviews/admin-service.js';
import { ReviewModerationService } from './modules/reviews/moderation-service.js';
import { ReviewReplyService } from './modules/reviews/reply-service.js';
import { ReviewService } from './modules/reviews/service.js';
import { UserReviewService } from './modules/reviews/user-service.js';
import { SearchService } from './modules/search/service.js';
import { SitemapService } from './modules/seo/service.js';
import { SlugIndex } from './modules/bots/slug-index.js';
import { StatsService } from './modules/stats/service.js';
import { TeamAdminWrites } from './modules/teams/admin-writes.js';
import { InvitationService } from './modules/teams/invitation-service.js';
import { TeamService } from './modules/teams/service.js';
import { TeamWriter } from './modules/teams/writer.js';
import { TierRequestService } from './modules/tiers/service.js';
import { VoteService } from './modules/votes/service.js';
import { TrendingService } from './modules/votes/trending-service.js';
import { WebhookDeliveryService } from './modules/webhooks/delivery/service.js';
import type { LookupFn } from './modules/webhooks/endpoints/resolve-host.js';
import { WebhookEndpointService } from './modules/webhooks/endpoints/service.js';
import { WebhookNotificationService } from './modules/webhooks/notifications/service.js';

/**
 * What the answers kept in a process may cost together, keys and bookkeeping included: the hot
 * answers of every kind (list and review pages, histories, embeds, vote checks) fit many times over,
 * and a flood of one-off URLs fills it and no more (about 50,000 small answers).
 */
const ANSWER_BYTES = 32 * 1024 * 1024;

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  feed: Changes;
  /** Encrypts webhook secrets (SECRET_KEY or the key file). */
  secretKey: Buffer;
  /** DNS for webhook hosts; tests stub it. */
  lookup: LookupFn | undefined;
  /** The chat platform asked about applications; default Discord's API at PLATFORM_API_URL. */
  platform?: PlatformAdapter;
  /** Sent to the platform with each request. */
  userAgent: string;
  metrics: Metrics;
  /** Stripe, while payments are on (payments/stripe-client.ts). */
  stripe: StripeGateway | undefined;
}

/** Every service of the app, built once over the same database, clock and change feed, and the answers they give. */
export function createServices(deps: ServiceDeps) {
  const { config, db, clock, feed } = deps;
  // Only an injected clock is read per request; the system clock is Date.now without a Date.
  const now = clock === systemClock ? Date.now : () => clock.now().getTime();
  const answers = new AnswerStore({ maxBytes: ANSWER_BYTES, isOutage: isDatabaseUnavailable, now });
  const catalog = new PublishedBots(db.reads, clock);
  const slugs = new SlugIndex();
  catalog.follow(slugs);
  const groups = new BotGroups();
  catalog.follow(groups);
  // Answers made from the catalog (lists, search) follow what it holds, whichever way a change reached it.
  catalog.follow({
    rebuild: () => ({ add: () => undefined, finish: () => answers.changed([fact.catalogText, fact.catalogCounts]) }),
    upsert: () => answers.changed([fact.catalogText]),
    counted: () => answers.changed([fact.catalogCounts]),
    remove: () => answers.changed([fact.catalogText]),
  });
  const history = new HistoryService(db, clock, feed);
  const keys = new KeyService(db, clock, feed);
  const listingWriter = new ListingWriter({
    db,
    clock,
    feed,
    email: config.mail !== undefined,
    dashboardUrl: `${config.baseUrl}/dashboard`,
  });
  const platform = deps.platform ?? new DiscordAdapter(config.listings.platform.apiUrl, config.listings.platform.botToken, deps.userAgent);
  const moderation = new ModerationService(db, listingWriter);
  // A banned bot's listing is removed with the ban's reason, by whoever banned it.
  const bans = new BanService(db, clock, feed, (botId, by, reason) => moderation.remove(botId, by, reason));
  const teamWriter = new TeamWriter(db, clock, feed);
  const premium = new PremiumService(db, clock, feed, catalog);
  // Payments are off without STRIPE_SECRET_KEY: the services stay, their writes answer 404.
  const payments = config.payments;
  const gateway = deps.stripe;
  const paymentAccounts = new PaymentAccounts(db, clock, gateway);
  const services = {
    answers,
    analytics: new AnalyticsService({
      db,
      now,
      enabled: config.analytics.enabled,
      flushMs: config.analytics.flushMs,
      ownHosts: [new URL(config.baseUrl).hostname, new URL(config.siteUrl).hostname],
      isPublished: (botId) => catalog.held(botId) !== undefined,
      metrics: deps.metrics,
    }),
    catalog,
    groups,
    // The operator's writes keep the bot's listing and its team in step with them.
    bots: new BotService(
      db,
      clock,
      catalog,
      slugs,
      feed,
      config.listMaxStaleMs,
      allOf(new ListingAdminWrites(listingWriter), new TeamAdminWrites()),
    ),
    browse: new BrowseService(catalog, groups, config.listMaxStaleMs),
    trending: new TrendingService(db, clock, catalog),
    listings: new ListingService(
      db,
      listingWriter,
      platform,
      catalog,
      config.listings.edits,
      new Set(config.categories.map((category) => category.id)),
      bans,
    ),
    moderation,
    teams: new TeamService(db, teamWriter),
    invitations: new InvitationService(db, teamWriter),
    bans,
    reports: new ReportService(db, clock, catalog, bans),
    reasonTemplates: new ReasonTemplateService(db, clock),
    listingWriter,
    botAdmin: new BotAdminService(db, clock),
    reviewAdmin: new ReviewAdminService(db),
    reviews: new ReviewService(db, clock, feed, config.listMaxStaleMs, bans),
    userReviews: new UserReviewService(db, clock, feed, bans, config.reviewRules),
    reviewModeration: new ReviewModerationService(db, clock, feed),
    reviewReplies: new ReviewReplyService(db, clock, feed),
    history,
    analyticsReports: new AnalyticsReports(db, clock),
    embeds: new EmbedService(db.reads, clock, history, config.siteUrl),
    keys,
    tiers: new TierRequestService(db, clock, keys),
    votes: new VoteService(db, clock, feed, catalog, bans),
    stats: new StatsService(db, clock, feed),
    premium,
    paymentAccounts,
    premiumTiers: new PremiumTiers(db, clock, gateway),
    managedGuilds: new ManagedGuilds(db, clock, config.auth.sessionMaxAgeSeconds),
    paymentCheckout: new PaymentCheckout(db, payments, gateway),
    stripeEvents: new StripeEvents(db, clock, gateway, premium, paymentAccounts),
    paymentsAdmin: new PaymentsAdmin(db),
    search: new SearchService(db, clock, feed, catalog, config.listMaxStaleMs),
    sitemap: new SitemapService(catalog, groups, config.baseUrl, config.site, config.categories),
    webhookEndpoints: new WebhookEndpointService(db, clock, config.webhook, deps.secretKey, deps.lookup),
    webhookDeliveries: new WebhookDeliveryService(db, clock, config.webhook),
    webhookNotifications: new WebhookNotificationService(db),
    audit: new AuditService(db, clock, config.auditRetentionDays),
    analyticsNightly: new AnalyticsNightly(db, clock, config.analytics.retentionDays),
  };
  feed.subscribe((change) => routeChange(change, services));
  return services;
}

export type Services = ReturnType<typeof createServices>;

/**
 * What a change (in this process or another) means here: the answers that show a fact it made
 * untrue are dropped (src/modules/changes/facts.ts), and the parts that hold copies of their own
 * follow it. Runs before the write that made the change answers.
 */
function routeChange(change: Change, services: Services): void {
  services.answers.changed(factsOf(change));
  switch (change.kind) {
    case 'bot':
      // A subscription changes nothing public about the bot.
      if (change.aspect === 'premium') return;
      services.catalog.changed(change.botId, { counters: change.counters, text: change.aspect === 'profile' });
      if (change.aspect === 'profile' || change.aspect === 'reviews') services.reviews.forget(change.botId);
      return;
    case 'keys':
      services.keys.forgetLookups();
      return;
    case 'bans':
      services.bans.forget();
      return;
    case 'synonyms':
      // Searches made while the new synonyms are read back are dropped again once they are in.
      void services.search.reloadSynonyms().then(
        () => services.answers.changed(factsOf(change)),
        () => undefined,
      );
      return;
  }
}
