import { Type } from 'typebox';
import { errorResponses, named } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import {
  PaymentAccountList,
  PaymentListQuery,
  PaymentTotals,
  PaymentTotalsQuery,
  StripeDonationList,
  StripeSubscriptionList,
} from './schemas.js';

const Reconciliation = named(
  'PaymentReconciliation',
  Type.Object({
    data: Type.Object({
      accounts: Type.Integer({ description: 'Connected accounts read' }),
      subscriptions: Type.Integer({ description: 'Their subscriptions listed' }),
      repaired: Type.Integer({ description: 'Subscriptions whose stored state differed and was written' }),
    }),
  }),
);

/** The operator's view of payments through Stripe: accounts, subscriptions and donations (keyset pages), totals. */
export async function paymentAdminRoutes(app: App): Promise<void> {
  const listErrors = errorResponses('unauthorized', 'validation_failed');

  app.get(
    '/payments/accounts',
    {
      schema: {
        operationId: 'listPaymentAccounts',
        description: "Bots' connected Stripe accounts, newest first, with charges_enabled and what Stripe still asks for.",
        tags: ['payments'],
        summary: 'Connected Stripe accounts, newest first',
        querystring: PaymentListQuery,
        response: { 200: PaymentAccountList, ...listErrors },
      },
    },
    async (request) => app.services.paymentsAdmin.accounts(request.query),
  );

  app.get(
    '/payments/subscriptions',
    {
      schema: {
        operationId: 'listStripeSubscriptions',
        description:
          'Subscriptions made through Stripe Checkout, newest first (those posted to /admin/v1 by another provider are left out).',
        tags: ['payments'],
        summary: 'Subscriptions made through Stripe, newest first',
        querystring: PaymentListQuery,
        response: { 200: StripeSubscriptionList, ...listErrors },
      },
    },
    async (request) => app.services.paymentsAdmin.subscriptions(request.query),
  );

  app.get(
    '/payments/donations',
    {
      schema: {
        operationId: 'listStripeDonations',
        description: 'Donations paid through Stripe Checkout, newest first, amounts in minor units.',
        tags: ['payments'],
        summary: 'Donations paid through Stripe, newest first',
        querystring: PaymentListQuery,
        response: { 200: StripeDonationList, ...listErrors },
      },
    },
    async (request) => app.services.paymentsAdmin.donations(request.query),
  );

  app.get(
    '/payments/totals',
    {
      schema: {
        operationId: 'paymentTotals',
        description:
          'What was paid per bot, month (UTC) and currency, in minor units: donations received (refunded ones left out) and refunded, subscription invoices paid and what was refunded of them. `from`/`to` are months (YYYY-MM), default the last 12, at most 120. In the order month, bot, currency, a page at a time (`after`, `limit`).',
        tags: ['payments'],
        summary: 'Payment totals per bot and month',
        querystring: PaymentTotalsQuery,
        response: { 200: PaymentTotals, ...listErrors },
      },
    },
    async (request) => app.services.paymentsAdmin.totals(request.query, app.clock.now()),
  );

  app.post(
    '/payments/reconcile',
    {
      schema: {
        operationId: 'reconcilePayments',
        description:
          "Runs the nightly reconciliation now: lists every connected account's subscriptions at Stripe and writes any difference (premium events included).",
        tags: ['payments'],
        summary: 'Reconcile subscriptions with Stripe now',
        response: { 200: Reconciliation, ...errorResponses('unauthorized', 'not_found', 'payload_too_large', 'validation_failed') },
      },
    },
    async () => ({ data: await app.services.stripeEvents.reconcile() }),
  );
}
