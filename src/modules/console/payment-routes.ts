/**
 * `/console/payments` (operators): connected accounts, subscriptions and donations made through
 * Stripe (the newest 50 of each), and the first 50 rows of the last 12 months' totals per bot, month and
 * currency, as the payments module's `paymentsAdmin` lists them for /admin/v1/payments/*.
 */
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import type { App } from '../../lib/types.js';
import { langOf, sendConsolePage } from './frame.js';
import { visitor } from './kit.js';
import { paymentsConsoleView, type PaymentsListing } from './payment-views.js';

/** The newest of each list the page shows; the management API's /admin/v1/payments/* pages through all. */
const SHOWN = 50;
const PaymentsQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })) });

export async function paymentConsoleRoutes(app: App): Promise<void> {
  app.get('/console/payments', { schema: { hide: true, querystring: PaymentsQuery } }, async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    const t = TEXTS[langOf(request)];
    let listing: PaymentsListing | undefined;
    if (app.config.payments.enabled) {
      const admin = app.services.paymentsAdmin;
      const [accounts, subscriptions, donations, totals] = await Promise.all([
        admin.accounts({ limit: SHOWN }),
        admin.subscriptions({ limit: SHOWN }),
        admin.donations({ limit: SHOWN }),
        admin.totals({ limit: SHOWN }, app.clock.now()),
      ]);
      listing = {
        accounts: accounts.data,
        subscriptions: subscriptions.data,
        donations: donations.data,
        totals: totals.data,
        moreTotals: totals.next !== null,
      };
    }
    return sendConsolePage(request, reply, {
      user,
      section: 'payments',
      title: t.payments.consoleTitle,
      main: paymentsConsoleView(t, listing),
    });
  });
}
