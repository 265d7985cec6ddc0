/**
 * `/dashboard/bots/{id}/analytics`: the bot's analytics for every member of its team
 * ('analytics.view'), over 7, 30 or 90 days, and the same days as a CSV file (`analytics.csv`).
 * Both read the service the owner API's `GET /api/v1/bots/{id}/analytics` reads.
 */
import { Type } from 'typebox';
import { pickLang, TEXTS } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { currentUser } from '../auth/session.js';
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from '../analytics/metrics.js';
import type { BotAnalytics } from '../analytics/schemas.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { memberBot, redirectToSignIn } from './access.js';
import { analyticsCsv } from './analytics-csv.js';
import { analyticsView } from './analytics-view.js';

const DEFAULT_DAYS: AnalyticsWindow = 30;
const AnalyticsPageQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  days: Type.Optional(Type.String({ maxLength: 20 })),
});

/** The window asked for, or 30 days and `bad` when it is none of 7, 30, 90 (absent is no mistake). */
export function windowOf(days: string | undefined): { days: AnalyticsWindow; bad: boolean } {
  if (days === undefined) return { days: DEFAULT_DAYS, bad: false };
  const found = ANALYTICS_WINDOWS.find((n) => String(n) === days);
  return found === undefined ? { days: DEFAULT_DAYS, bad: true } : { days: found, bad: false };
}

export async function analyticsRoutes(app: App): Promise<void> {
  const { services } = app;

  /** The window's analytics, or undefined for a bot that is not published (nothing is counted). */
  const read = async (botId: string, days: AnalyticsWindow): Promise<BotAnalytics | undefined> => {
    try {
      return await services.analyticsReports.forBot(botId, days);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return undefined;
      throw error;
    }
  };

  app.get(
    '/dashboard/bots/:id/analytics',
    { schema: { hide: true, params: AdminBotIdParams, querystring: AnalyticsPageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { user, bot } = await memberBot(request, request.params.id, 'analytics.view');
      const lang = pickLang(request.query.lang, request.headers['accept-language']);
      const t = TEXTS[lang];
      const { days, bad } = windowOf(request.query.days);
      const analytics = bot.published ? await read(bot.id, days) : undefined;
      return sendPage(request, reply, {
        lang,
        user: currentUser(request) ?? user,
        title: t.analytics.title(bot.name),
        alternate: otherLangUrl(request, lang),
        main: analyticsView(t, bot, { days, badDays: bad, analytics }),
      });
    },
  );

  app.get(
    '/dashboard/bots/:id/analytics.csv',
    { schema: { hide: true, params: AdminBotIdParams, querystring: AnalyticsPageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'analytics.view');
      const { days } = windowOf(request.query.days);
      const analytics = await services.analyticsReports.forBot(bot.id, days);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="analytics-${bot.id}-${analytics.from}-${analytics.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(analyticsCsv(analytics));
    },
  );
}
