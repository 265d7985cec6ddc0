import type { App } from '../../lib/types.js';
import { botAdminRoutes } from '../bots/admin-routes.js';
import { historyAdminRoutes } from '../history/admin-routes.js';
import { keyAdminRoutes } from '../keys/admin-routes.js';
import { ownerAdminRoutes } from '../owner/admin-routes.js';
import { reviewAdminRoutes } from '../reviews/admin-routes.js';
import { searchAdminRoutes } from '../search/admin-routes.js';
import { tierAdminRoutes } from '../tiers/admin-routes.js';
import { webhookAdminRoutes } from '../webhooks/admin-routes.js';
import { webhookEndpointRoutes } from '../webhooks/endpoint-routes.js';
import { adminAuth } from './auth.js';

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
  await app.register(historyAdminRoutes);
  await app.register(keyAdminRoutes);
  await app.register(ownerAdminRoutes);
  await app.register(searchAdminRoutes);
  await app.register(webhookAdminRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(tierAdminRoutes);
}
