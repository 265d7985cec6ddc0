/** `/console/templates`: the reason templates, added and deleted by the operators. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { readForm } from '../../html/forms.js';
import { TEXTS } from '../../html/i18n/index.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_TEMPLATES, ReasonTemplateCreate } from '../reason-templates/schemas.js';
import { operator } from './access.js';
import { formValue, type FieldErrors, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { templatesView, type TemplatesState } from './template-views.js';

const TemplateParams = Type.Object({ templateId: ParamText });

export async function templateConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderTemplates(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    refused: { errors: FieldErrors; value?: TemplatesState['value']; status?: number } = { errors: {} },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    return sendConsolePage(request, reply, {
      user,
      section: 'templates',
      title: t.console.sections.templates,
      status: refused.status,
      main: templatesView(t, await services.reasonTemplates.list(), {
        errors: refused.errors,
        value: refused.value,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  app.get('/console/templates', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderTemplates(request, reply, user);
  });

  app.post('/console/templates', postOptions(app), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const form = request.body as Form;
    const value = { title: formValue(form, 'title'), body: formValue(form, 'body') };
    const read = readForm(t, ReasonTemplateCreate, form);
    if ('errors' in read) return renderTemplates(request, reply, user, { errors: read.errors, value, status: 422 });
    try {
      await services.reasonTemplates.create(read.value);
    } catch (error) {
      const refused = refusalOf(t, error, { fields: { title: 'title', body: 'body' }, conflict: t.console.titleTaken });
      if (!refused) throw error;
      // The only refusal of a valid title: there are as many templates as there may be.
      if (error instanceof AppError && error.code === 'validation_failed') refused.errors.title = t.console.tooManyTemplates(MAX_TEMPLATES);
      if (error instanceof AppError && error.code === 'conflict') refused.errors = { title: t.console.titleTaken };
      return renderTemplates(request, reply, user, { ...refused, value });
    }
    return backTo(reply, t, '/console/templates', 'template_added');
  });

  app.post('/console/templates/:templateId/delete', postOptions(app, TemplateParams), async (request, reply) => {
    operator(request);
    await services.reasonTemplates.delete(request.params.templateId);
    return backTo(reply, TEXTS[langOf(request)], '/console/templates', 'template_deleted');
  });

  app.get('/console/templates/:templateId/delete', getOptions(TemplateParams), async (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect('/console/templates', 303),
  );
}
