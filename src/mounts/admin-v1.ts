import type { App } from '../lib/types.js';
import { botAdminRoutes } from '../modules/bots/admin-routes.js';
import { historyAdminRoutes } from '../modules/history/admin-routes.js';
import { keyAdminRoutes } from '../modules/keys/admin-routes.js';
import { listingAdminRoutes } from '../modules/listings/admin-routes.js';
import { banAdminRoutes } from '../modules/bans/admin-routes.js';
import { reasonTemplateAdminRoutes } from '../modules/reason-templates/admin-routes.js';
import { reportAdminRoutes } from '../modules/reports/admin-routes.js';
import { teamAdminRoutes } from '../modules/teams/admin-routes.js';
import { premiumAdminRoutes } from '../modules/premium/admin-routes.js';
import { paymentAdminRoutes } from '../modules/payments/admin-routes.js';
import { reviewAdminRoutes } from '../modules/reviews/admin-routes.js';
import { reviewModerationAdminRoutes } from '../modules/reviews/moderation-admin-routes.js';
import { searchAdminRoutes } from '../modules/search/admin-routes.js';
import { tierAdminRoutes } from '../modules/tiers/admin-routes.js';
import { webhookDeliveryRoutes } from '../modules/webhooks/delivery/routes.js';
import { webhookEndpointRoutes } from '../modules/webhooks/endpoints/routes.js';
import { webhookNotificationRoutes } from '../modules/webhooks/notifications/routes.js';
import { voteAdminRoutes } from '../modules/votes/admin-routes.js';
import { adminAuth } from '../modules/admin/auth.js';
import { auditAdminRoutes } from '../modules/audit/admin-routes.js';

/** Everything under /admin/v1: the operator token guards the whole subtree. */
export async function adminRoutes(app: App): Promise<void> {
  app.addHook('onRequest', adminAuth(app.config.adminToken));
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ adminToken: [] }] };
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.openapiDocument('admin')),
  );

  await app.register(botAdminRoutes);
  await app.register(reviewAdminRoutes);
  await app.register(reviewModerationAdminRoutes);
  await app.register(historyAdminRoutes);
  await app.register(keyAdminRoutes);
  await app.register(voteAdminRoutes);
  await app.register(premiumAdminRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(searchAdminRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(webhookDeliveryRoutes);
  await app.register(webhookNotificationRoutes);
  await app.register(tierAdminRoutes);
  await app.register(listingAdminRoutes);
  await app.register(reportAdminRoutes);
  await app.register(banAdminRoutes);
  await app.register(reasonTemplateAdminRoutes);
  await app.register(teamAdminRoutes);
  await app.register(auditAdminRoutes);
}
