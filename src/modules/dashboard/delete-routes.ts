/**
 * `/dashboard/bots/{id}/delete`: an owner deletes the bot. The GET asks first (a page with the bot's
 * name and what goes with it, and a POST form: no script needed); the POST calls the same service
 * method as `DELETE /admin/v1/bots/{id}`, with the owner as the audit log's actor, and leads back to
 * the list of the user's bots.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { html } from '../../html/html.js';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import type { App } from '../../lib/types.js';
import { dashboardUser } from '../audit/entry.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { memberBot, redirectToSignIn } from './access.js';

const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })) });

export async function deleteRoutes(app: App): Promise<void> {
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };

  app.get(
    '/dashboard/bots/:id/delete',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'bot.delete');
      const lang = langOf(request);
      const t = TEXTS[lang];
      const back = `/dashboard/bots/${bot.id}/team?lang=${lang}#delete`;
      return sendPage(request, reply, {
        lang,
        user: currentUser(request),
        title: t.team.deleteTitle(bot.name),
        alternate: otherLangUrl(request, lang),
        main: html`<p><a href="${back}">← ${t.team.title}</a></p>
          <h1>${t.team.deleteTitle(bot.name)}</h1>
          <p>${t.team.deleteLead}</p>
          <p class="muted">${t.team.deleteConfirm}</p>
          <form method="post" action="/dashboard/bots/${bot.id}/delete?lang=${lang}" class="actions">
            <input type="hidden" name="_csrf" value="${reply.generateCsrf()}" />
            <button class="danger" type="submit">${t.team.deleteButton}</button>
            <a href="${back}">${t.team.cancel}</a>
          </form>`,
      });
    },
  );

  app.post(
    '/dashboard/bots/:id/delete',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'bot.delete');
      await app.services.bots.delete(bot.id, dashboardUser(user.id));
      request.log.info({ bot: bot.id, user: user.id }, 'bot deleted on the dashboard');
      return reply.header('cache-control', 'no-store').redirect(`/dashboard?lang=${langOf(request)}&done=deleted`, 303);
    },
  );
}
