/** /admin/v1/notifications: the notices an operator relays to bot owners. */
import { errorResponses } from '../../../lib/schemas.js';
import type { App } from '../../../lib/types.js';
import { NotificationList, NotificationListQuery } from './schemas.js';

export async function webhookNotificationRoutes(app: App): Promise<void> {
  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['webhooks'],
        summary: 'Notices for bot owners (a webhook switched off, a decision on a listing), newest first',
        description:
          "Lists the notices recorded when a webhook endpoint was switched off after 20 finally failed deliveries in a row (`webhook_disabled`), and when a moderator decided on a bot's listing (`listing`; also e-mailed to the address the owner gave), newest first, for the operator to relay to the bots' owners.",
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.webhookNotifications.list(request.query),
  );
}
