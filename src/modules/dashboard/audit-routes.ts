/**
 * `/dashboard/bots/{id}/audit`: the bot's audit log for its team (who changed its listing, keys
 * and webhooks, what the moderators decided), narrowed by actor and action, a page at a time.
 */
import { Type } from 'typebox';
import { pickLang, TEXTS } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { AppError } from '../../lib/errors.js';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import { readAuditFilters } from '../audit/filters.js';
import type { AuditList } from '../audit/schemas.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { memberBot, redirectToSignIn } from './access.js';
import { botAuditView } from './audit-view.js';

const PAGE = 25;
const Short = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const AuditQuery = Type.Object({ lang: Short(5), user: Short(100), action: Short(40), after: Short(MAX_CURSOR_LENGTH) });

export async function auditRoutes(app: App): Promise<void> {
  const { services } = app;

  app.get(
    '/dashboard/bots/:id/audit',
    { schema: { hide: true, params: AdminBotIdParams, querystring: AuditQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      // The bot's owners for now; a role of its team ('audit.view') once teams exist.
      const { user, bot } = await memberBot(request, request.params.id, 'audit.view');
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      const t = TEXTS[lang];
      const { after } = request.query;
      const read = readAuditFilters(t, { user: request.query.user, action: request.query.action });
      const errors = { ...read.errors };
      let page: AuditList | undefined;
      if (Object.keys(errors).length === 0) {
        try {
          page = await services.audit.botLog(bot.id, { actorId: read.filters.actorId, action: read.filters.action, after, limit: PAGE });
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'validation_failed')) throw error;
          errors.form = t.audit.positionInvalid;
        }
      }
      // The team's names as they joined (the reader's as signed in): who acted reads as a name, not a bare ID.
      const names = new Map<string, string>();
      for (const member of await services.teams.members(bot.id)) if (member.name) names.set(member.userId, member.name);
      names.set(user.id, user.name);
      return sendPage(request, reply, {
        lang,
        user,
        status: page === undefined ? 422 : undefined,
        title: t.audit.botTitle(bot.name),
        alternate: otherLangUrl(request, lang),
        main: botAuditView(t, bot, page, { filters: read.value, after, errors, viewer: user, names }),
      });
    },
  );
}
