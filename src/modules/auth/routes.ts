import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { sendErrorPage } from '../../html/error-handler.js';
import { html } from '../../html/html.js';
import { langOfUrl, pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import type { SignedIn, SignInFlow } from './provider.js';
import { csrf, currentUser, safeReturnPath, signIn, signOut } from './session.js';

/**
 * `GET /auth/sign-in`: off to the provider (state and PKCE verifier in short cookies on /auth/);
 * `GET /auth/callback`: back from it, a fresh session for who signed in; `POST /auth/sign-out`.
 */
export async function authRoutes(app: App, options: { flow: SignInFlow | undefined }): Promise<void> {
  const { flow } = options;
  const hidden = { hide: true };

  app.get(
    '/auth/sign-in',
    {
      schema: {
        ...hidden,
        querystring: Type.Object({ return: Type.Optional(Type.String({ maxLength: 600 })), lang: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.return);
      if (!flow) {
        const lang = pickLang(request.query.lang ?? langOfUrl(returnTo), request.headers['accept-language']);
        const t = TEXTS[lang];
        return sendPage(request, reply, {
          lang,
          user: currentUser(request),
          status: 503,
          title: t.signIn,
          alternate: otherLangUrl(request, lang),
          main: html`<h1>${t.signIn}</h1>
            <p>${t.signInOff}</p>`,
        });
      }
      if (currentUser(request)) return reply.redirect(returnTo, 303);
      request.session.set('returnTo', returnTo);
      const url = await flow.start(request, reply);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  if (flow) {
    app.get('/auth/callback', { schema: hidden }, async (request, reply) => {
      let signedIn: SignedIn;
      try {
        signedIn = await flow.finish(request, reply);
      } catch (error) {
        // A refused sign-in is told in the language of the page it started from.
        if (error instanceof AppError && error.reason) return sendErrorPage(request, reply, returningLang(request), undefined, error);
        throw error;
      }
      const { user, guilds } = signedIn;
      if (guilds) await app.services.managedGuilds.replace(user.id, guilds);
      const returnTo = safeReturnPath(request.session.get('returnTo'));
      signIn(request, user);
      request.log.info({ user: user.id }, 'signed in');
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    });
  }

  app.post('/auth/sign-out', { schema: hidden, preHandler: csrf(app) }, async (request, reply) => {
    signOut(request);
    // Back to the start page in the language of the page the form was on (`/` picks one otherwise).
    const lang = (request.body as { lang?: unknown } | undefined)?.lang;
    return reply.header('cache-control', 'no-store').redirect(lang === 'de' || lang === 'en' ? `/${lang}` : '/', 303);
  });
  // Signing out takes the form's POST (with its CSRF token): the address alone leads home, signed in as before.
  app.get('/auth/sign-out', { schema: hidden }, async (_request, reply) => reply.header('cache-control', 'no-store').redirect('/', 303));
}

/** The language of the page a sign-in started from (its return path), else the browser's. */
function returningLang(request: FastifyRequest): Lang {
  return pickLang(langOfUrl(safeReturnPath(request.session.get('returnTo'))), request.headers['accept-language']);
}
