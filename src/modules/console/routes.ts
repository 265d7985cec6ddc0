/**
 * `/console`: the operators' web console, in the dashboard's style. Operators (OPERATOR_USER_IDS)
 * sign in as everyone does; anyone else is refused (403), a visitor without a session sent to
 * sign-in. Every action is a form (CSRF-checked, POST → 303 → GET, errors beside the fields) that
 * calls the same service as its route of the management API.
 */
import type { App } from '../../lib/types.js';
import { auditConsoleRoutes } from './audit-routes.js';
import { paymentConsoleRoutes } from './payment-routes.js';
import { banConsoleRoutes } from './ban-routes.js';
import { listingConsoleRoutes } from './listing-routes.js';
import { reportConsoleRoutes } from './report-routes.js';
import { reviewConsoleRoutes } from './review-routes.js';
import { submissionConsoleRoutes } from './submission-routes.js';
import { templateConsoleRoutes } from './template-routes.js';
import { tierConsoleRoutes } from './tier-routes.js';

export async function consoleRoutes(app: App): Promise<void> {
  await app.register(submissionConsoleRoutes);
  await app.register(listingConsoleRoutes);
  await app.register(reportConsoleRoutes);
  await app.register(tierConsoleRoutes);
  await app.register(banConsoleRoutes);
  await app.register(templateConsoleRoutes);
  await app.register(reviewConsoleRoutes);
  await app.register(auditConsoleRoutes);
  await app.register(paymentConsoleRoutes);
}
