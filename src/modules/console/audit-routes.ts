/** `/console/audit`: the whole audit log, newest first, narrowed by bot, user, action and time range; paged with "next". */
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import { AppError } from '../../lib/errors.js';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import { readAuditFilters } from '../audit/filters.js';
import type { AuditList } from '../audit/schemas.js';
import { auditView } from './audit-views.js';
import { langOf, sendConsolePage } from './frame.js';
import { visitor } from './kit.js';

const PAGE = 25;
const Short = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** The page's query: the language, the filter form's fields and where the log goes on. All optional, all short. */
const AuditQuery = Type.Object({
  lang: Short(5),
  bot: Short(40),
  user: Short(100),
  action: Short(40),
  from: Short(40),
  to: Short(40),
  after: Short(MAX_CURSOR_LENGTH),
});

export async function auditConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  app.get('/console/audit', { schema: { hide: true, querystring: AuditQuery } }, async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    const t = TEXTS[langOf(request)];
    const { after } = request.query;
    const read = readAuditFilters(t, request.query);
    const errors = { ...read.errors };
    let page: AuditList | undefined;
    if (Object.keys(errors).length === 0) {
      try {
        page = await services.audit.list({ ...read.filters, after, limit: PAGE });
      } catch (error) {
        // A position that is no position (edited by hand): said above the form, the filters kept.
        if (!(error instanceof AppError && error.code === 'validation_failed')) throw error;
        errors.form = t.audit.positionInvalid;
      }
    }
    return sendConsolePage(request, reply, {
      user,
      section: 'audit',
      title: t.audit.title,
      status: page === undefined ? 422 : undefined,
      main: auditView(t, page, { filters: read.value, after, errors, viewer: user }),
    });
  });
}
