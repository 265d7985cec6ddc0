/**
 * `/{lang}/subscriptions` ("My subscriptions", signed in): the user's own subscriptions as the
 * payments service lists them, and `POST /{lang}/subscriptions/{id}/manage` (CSRF) → 303 to
 * Stripe's customer portal for that subscription, which the service answers only for its own
 * user (another user's is a 404). Payments off: 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { LANGS, TEXTS } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { requirePaymentPages } from '../payments/page-services.js';
import { subscriptionsView } from './subscriptions-view.js';

const SubscriptionParams = Type.Object({ subscriptionId: Uuid });

export async function subscriptionPageRoutes(app: App): Promise<void> {
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  for (const lang of LANGS) {
    const t = TEXTS[lang];
    const path = `/${lang}/subscriptions`;

    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const pay = requirePaymentPages(app);
      const user = currentUser(request);
      if (!user && app.config.auth.provider) return noStore(reply).redirect(`/auth/sign-in?return=${encodeURIComponent(path)}`, 303);
      const signedIn = requireUser(request);
      const subscriptions = await pay.checkout.mySubscriptions(signedIn.id);
      return sendPage(request, reply, {
        lang,
        user: signedIn,
        title: t.payments.mine,
        alternate: `/${t.other.lang}/subscriptions`,
        seo: { noindex: true },
        main: subscriptionsView(t, subscriptions, reply.generateCsrf()),
      });
    });

    app.post(`${path}/:subscriptionId/manage`, { schema: { hide: true, params: SubscriptionParams }, ...post }, async (request, reply) => {
      const user = requireUser(request);
      const url = await requirePaymentPages(app).checkout.portalUrl(user.id, request.params.subscriptionId, `${app.config.baseUrl}${path}`);
      return noStore(reply).redirect(url, 303);
    });

    // The form's address opened by itself leads to the list; only its POST does something.
    app.get(`${path}/:subscriptionId/manage`, { schema: { hide: true, params: SubscriptionParams } }, async (_request, reply) =>
      noStore(reply).redirect(path, 303),
    );
  }
}
