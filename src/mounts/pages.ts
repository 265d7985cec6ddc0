import type { FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import secureSession from '@fastify/secure-session';
import type { App } from '../lib/types.js';
import { registerProvider } from '../modules/auth/provider.js';
import { authRoutes } from '../modules/auth/routes.js';
import { currentUser } from '../modules/auth/session.js';
import { consoleRoutes } from '../modules/console/routes.js';
import { dashboardRoutes } from '../modules/dashboard/routes.js';
import { reportPageRoutes } from '../modules/reports/routes.js';
import type { RateLimitStore } from '../modules/ratelimit/index.js';
import { assetRoutes } from '../html/assets.js';
import { htmlErrorHandler } from '../html/error-handler.js';
import { toEnvelope } from '../plugins/errors.js';
import { siteCsp } from '../html/layout.js';
import { brandRoutes } from '../modules/site/brand-routes.js';
import { legalRoutes } from '../modules/site/legal-routes.js';
import { botPageRoutes } from '../modules/site/routes.js';
import { reviewPageRoutes } from '../modules/site/review-routes.js';
import { premiumPageRoutes } from '../modules/site/premium-routes.js';
import { subscriptionPageRoutes } from '../modules/site/subscriptions-routes.js';
import { CategoryNames } from '../modules/site/category-names.js';
import { directoryRoutes } from '../modules/site/directory-routes.js';
import { searchPageRoutes } from '../modules/site/search-routes.js';
import { seoRoutes } from '../modules/seo/routes.js';
import { unknownPageRoutes } from '../modules/site/unknown-pages.js';

/**
 * The server-rendered pages: the start page, the lists, categories, tags and search people browse,
 * sign-in, the public bot pages with their vote and report, the owner dashboard, the operators'
 * console, and what search engines read of them (robots.txt, the sitemap).
 * Cookies, the encrypted session cookie, CSRF tokens and form bodies exist in this part of the
 * app only; the API next to it stays cookie-free.
 */
export async function sitePlugin(app: App, options: { store: RateLimitStore }): Promise<void> {
  const { auth, baseUrl } = app.config;
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(cookie);
  await app.register(secureSession, {
    key: auth.sessionKey,
    // __Host-: only this host, path /, Secure: no subdomain or plain-HTTP page can plant or read it.
    cookieName: auth.secureCookies ? '__Host-bd_session' : 'bd_session',
    expiry: auth.sessionMaxAgeSeconds,
    cookie: { path: '/', httpOnly: true, secure: auth.secureCookies, sameSite: 'lax', maxAge: auth.sessionMaxAgeSeconds },
  });
  await app.register(csrf, { sessionPlugin: '@fastify/secure-session' });
  // Every route of the site counts in the pages' own per-IP bucket, sized for a person browsing,
  // apart from the API's (unless it says otherwise, as the assets do: docs/ratelimit.md).
  app.addHook('onRoute', (route) => {
    route.config = { rateLimit: 'pages', ...route.config };
  });
  const flow = auth.provider
    ? await registerProvider(app, auth.provider, {
        callbackUri: `${baseUrl}/auth/callback`,
        secureCookies: auth.secureCookies,
        askGuilds: app.config.payments.enabled,
      })
    : undefined;

  // Stripe's onboarding, Checkout and customer portal (or the stand-in that plays them) are where payment forms lead.
  const { payments } = app.config;
  const formTargets = !payments.enabled
    ? []
    : payments.apiUrl !== undefined
      ? [new URL(payments.apiUrl).origin]
      : ['https://connect.stripe.com', 'https://checkout.stripe.com', 'https://billing.stripe.com'];
  const csp = siteCsp(formTargets);
  app.addHook('onSend', async (_request, reply) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', csp).header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
    }
  });
  app.setErrorHandler<FastifyError>((error, request, reply) =>
    htmlErrorHandler(error, request, reply, currentUser(request), toEnvelope(error, request)),
  );

  await app.register(assetRoutes);
  await app.register(brandRoutes);
  await app.register(legalRoutes);
  await app.register(authRoutes, { flow });
  const names = new CategoryNames(app.config.categories);
  await app.register(directoryRoutes, { names });
  await app.register(searchPageRoutes);
  await app.register(botPageRoutes, { store: options.store, names });
  await app.register(reviewPageRoutes, { store: options.store, names });
  await app.register(premiumPageRoutes, { names });
  await app.register(subscriptionPageRoutes);
  await app.register(seoRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportPageRoutes);
  await app.register(consoleRoutes);
  await app.register(unknownPageRoutes);
}
