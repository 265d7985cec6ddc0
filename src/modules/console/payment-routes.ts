/**
 * `/console/payments` (operators): connected accounts, subscriptions and donations made through
 * Stripe, totals per bot and month, as the payments module's `paymentTotals` lists them.
 */
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import type { App } from '../../lib/types.js';
import { paymentPages } from '../payments/page-services.js';
import { langOf, sendConsolePage } from './frame.js';
import { visitor } from './kit.js';
import { paymentsConsoleView, type PaymentsListing } from './payment-views.js';

const PaymentsQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })) });

export async function paymentConsoleRoutes(app: App): Promise<void> {
  app.get('/console/payments', { schema: { hide: true, querystring: PaymentsQuery } }, async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    const t = TEXTS[langOf(request)];
    const payments = paymentPages(app);
    const totals = payments?.totals;
    let listing: PaymentsListing | undefined;
    if (totals) {
      const [accounts, subscriptions, donations, sums] = await Promise.all([
        totals.accounts(),
        totals.subscriptions(),
        totals.donations(),
        totals.totals(),
      ]);
      listing = { accounts, subscriptions, donations, totals: sums };
    }
    return sendConsolePage(request, reply, {
      user,
      section: 'payments',
      title: t.payments.consoleTitle,
      main: paymentsConsoleView(t, listing, payments ? (totals ? undefined : 'unlisted') : 'off'),
    });
  });
}
