/**
 * The reporter's pages. `GET /{lang}/bots/{slug}/report`: the report form of a published bot (a
 * signed-in user's; a visitor is sent to sign-in first), or the report that waits for an answer.
 * `POST` the same address: the report, through the same service call as every report (5 a day,
 * one open per bot: refusals beside the field). `GET /dashboard/reports`: the user's reports and
 * the operators' answers, which is how a reporter is told (answers not seen before marked new).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { readForm, type Form } from '../../html/forms.js';
import { LANGS, pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser, type SignedInUser } from '../auth/session.js';
import type { Bot } from '../bots/schemas.js';
import { botPath } from '../site/paths.js';
import { ownReportsView, reportFormView } from './page-views.js';
import { ReportCreate } from './schemas.js';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
const FormQuery = Type.Object({ sent: Type.Optional(Type.String({ maxLength: 5 })) });
const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })) });
/** The refusals of a report a page shows beside the reason field. */
const SHOWN_BESIDE_THE_FORM = new Set(['report_limit', 'report_open', 'user_banned']);

function signInFirst(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (currentUser(request) || !request.server.config.auth.provider) return undefined;
  return reply.header('cache-control', 'no-store').redirect(`/auth/sign-in?return=${encodeURIComponent(request.url)}`, 303);
}

export async function reportPageRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderForm(
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Lang,
    user: SignedInUser,
    bot: Bot,
    refused: { errors: Record<string, string>; value: { reason?: string; details?: string }; status?: number } = { errors: {}, value: {} },
  ): Promise<FastifyReply> {
    const t = TEXTS[lang];
    const own = await services.reports.own(user.id, bot.id);
    const path = botPath(lang, bot);
    return sendPage(request, reply, {
      lang,
      user,
      status: refused.status,
      title: t.report.title(bot.name),
      alternate: `${botPath(t.other.lang, bot)}/report`,
      main: reportFormView(t, bot, path, {
        own,
        sent: (request.query as { sent?: string }).sent === '1' && refused.status === undefined,
        errors: refused.errors,
        value: refused.value,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  for (const lang of LANGS) {
    const t = TEXTS[lang];
    app.get(
      `/${lang}/bots/:slug/report`,
      { schema: { hide: true, params: SlugParams, querystring: FormQuery } },
      async (request, reply) => {
        const bot = await services.bots.bySlug(lang, request.params.slug);
        const redirected = signInFirst(request, reply);
        if (redirected) return redirected;
        return renderForm(request, reply, lang, requireUser(request), bot);
      },
    );

    app.post(
      `/${lang}/bots/:slug/report`,
      { schema: { hide: true, params: SlugParams }, preHandler: [async (request) => void requireUser(request), csrf(app)] },
      async (request, reply) => {
        const user = requireUser(request);
        const bot = await services.bots.bySlug(lang, request.params.slug);
        const form = request.body as Form;
        const value = { reason: lastOf(form?.reason), details: lastOf(form?.details) };
        const read = readForm(t, ReportCreate, form);
        if ('errors' in read) {
          // The list offers every reason there is: anything else (or none) asks for one of them.
          const errors = read.errors.reason ? { ...read.errors, reason: t.console.chooseOne } : read.errors;
          return renderForm(request, reply, lang, user, bot, { errors, value, status: 422 });
        }
        try {
          await services.reports.create({ id: user.id, name: user.name }, bot.id, read.value);
        } catch (error) {
          if (!(error instanceof AppError && error.reason && SHOWN_BESIDE_THE_FORM.has(error.reason.kind))) throw error;
          for (const [name, header] of Object.entries(error.headers ?? {})) reply.header(name, header);
          return renderForm(request, reply, lang, user, bot, {
            errors: { reason: problemText(t, error) },
            value,
            status: error.statusCode,
          });
        }
        request.log.info({ bot: bot.id, user: user.id, reason: read.value.reason }, 'bot reported');
        return reply.header('cache-control', 'no-store').redirect(`${botPath(lang, bot)}/report?sent=1`, 303);
      },
    );
  }

  app.get('/dashboard/reports', { schema: { hide: true, querystring: LangQuery } }, async (request, reply) => {
    const redirected = signInFirst(request, reply);
    if (redirected) return redirected;
    const user = requireUser(request);
    const lang = pickLang(request.query.lang, request.headers['accept-language']);
    const own = await services.reports.own(user.id);
    return sendPage(request, reply, {
      lang,
      user,
      title: TEXTS[lang].report.mine,
      alternate: otherLangUrl(request, lang),
      main: ownReportsView(TEXTS[lang], own),
    });
  });
}

function lastOf(given: string | string[] | undefined): string | undefined {
  const last = Array.isArray(given) ? given[given.length - 1] : given;
  return typeof last === 'string' ? last : undefined;
}
