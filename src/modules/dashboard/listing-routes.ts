/**
 * The owner's listing pages: adding a bot by its application ID (`/dashboard/bots/new`) and the
 * listing editor (`/dashboard/bots/{id}/listing`) with its steps (submit, withdraw, unlist,
 * relist, discard an edit). Every form carries the session's CSRF token and follows POST → 303 →
 * GET; a refused form or step is the page again with the refusal beside its field or above the
 * form, in the reader's language, never a 500. Each page and step is for the roles that edit the
 * listing (`memberBot` with `listing.edit`: owners, managers, editors) and is the listings
 * service's call for it, which checks the same rule again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FieldErrors, Form } from '../../html/forms.js';
import { html, type Html } from '../../html/html.js';
import { pickLang, TEXTS, type Lang, type Texts } from '../../html/i18n/index.js';
import { markdown, MARKDOWN_MAX_LENGTH } from '../../html/markdown.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { dashboardUser } from '../audit/entry.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { APPLICATION_PROBLEM } from '../listings/service.js';
import { memberBot, redirectToSignIn } from './access.js';
import { addBotView } from './add-bot-view.js';
import { checkListingForm, serviceErrors, stateOfForm, stateOfListing, texts, type ListingFormState } from './listing-form.js';
import { listingView, OWNER_STEPS, type OwnerStep } from './listing-view.js';

const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })), done: Type.Optional(Type.String({ maxLength: 20 })) });
const StepParams = Type.Object({ id: AdminBotIdParams.properties.id, step: Type.Union(OWNER_STEPS.map((step) => Type.Literal(step))) });
/**
 * A saved listing is up to twice 10,000 characters of Markdown, each up to 9 bytes once
 * form-encoded (a character of three UTF-8 bytes), with every other field beside them.
 */
const LISTING_BODY_LIMIT = 256 * 1024;

/** What a step's success says on the page it leads back to (`done=`). */
const DONE: Record<OwnerStep, string> = {
  submit: 'submitted',
  withdraw: 'withdrawn',
  unlist: 'unlisted',
  relist: 'relisted',
  'discard-edit': 'discarded',
};

/** A refused form or step, shown on the POST's own answer. */
interface Outcome {
  form?: ListingFormState;
  errors?: FieldErrors;
  preview?: Record<Lang, Html>;
  /** The state did not allow the step: say so, naming the state. */
  refused?: boolean;
  status?: number;
}

const last = (value: unknown): string => texts(value).at(-1) ?? '';

/** Why a bot could not be added, in the page's words; undefined for a failure that is no refusal. */
function addProblem(t: Texts, error: AppError, given: string): string | undefined {
  const l = t.listing;
  switch (error.code) {
    case 'validation_failed': {
      const message = error.details?.[0]?.message;
      if (message === APPLICATION_PROBLEM.unknown) return l.unknownApplication;
      if (message === APPLICATION_PROBLEM.user) return l.userId;
      if (message === APPLICATION_PROBLEM.notBot) return l.notBot;
      return given === '' ? t.form.required : l.notAnId;
    }
    case 'conflict':
      return l.listedAlready;
    case 'forbidden':
      return l.notOwner;
    case 'service_unavailable':
      return l.platformDown;
    default:
      return undefined;
  }
}

export async function listingRoutes(app: App): Promise<void> {
  const { services, config } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const toEditor = (reply: FastifyReply, request: FastifyRequest, botId: string, done?: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`/dashboard/bots/${botId}/listing?lang=${langOf(request)}${done ? `&done=${done}` : ''}`, 303);

  function renderAdd(request: FastifyRequest, reply: FastifyReply, applicationId = '', error?: string, status?: number) {
    const lang = langOf(request);
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status,
      title: TEXTS[lang].listing.addTitle,
      alternate: otherLangUrl(request, lang),
      main: addBotView(TEXTS[lang], { applicationId, error, csrf: reply.generateCsrf() }),
    });
  }

  async function renderListing(request: FastifyRequest, reply: FastifyReply, botId: string, outcome: Outcome = {}) {
    const user = requireUser(request);
    const lang = langOf(request);
    const t = TEXTS[lang];
    const listing = await services.listings.get(user.id, botId);
    // What a saved version changes means something once there is a version to compare it with:
    // an approved one, or the one the moderators sent back.
    const compared = ['published', 'unlisted', 'changes_requested'].includes(listing.status) || listing.editStatus !== 'none';
    const changes = compared ? await services.listings.pendingChanges(user.id, botId) : [];
    const done = (request.query as { done?: string }).done;
    const status = t.listing.status[listing.status] ?? listing.status;
    const message = outcome.refused
      ? { text: t.listing.cannot(status), ok: false }
      : done !== undefined && Object.hasOwn(t.listing.done, done)
        ? { text: t.listing.done[done] as string, ok: true }
        : undefined;
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: outcome.status,
      title: t.listing.title(listing.current.name),
      alternate: otherLangUrl(request, lang),
      main: listingView(t, {
        listing,
        changes,
        form: outcome.form ?? stateOfListing(listing),
        errors: outcome.errors ?? {},
        message,
        preview: outcome.preview,
        categories: config.categories,
        edits: config.listings.edits,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  app.get('/dashboard/bots/new', { schema: { hide: true, querystring: LangQuery } }, async (request, reply) => {
    const redirected = redirectToSignIn(request, reply);
    if (redirected) return redirected;
    if (!currentUser(request)) throw new AppError('unauthorized', 'Sign in first');
    return renderAdd(request, reply);
  });

  app.post('/dashboard/bots/new', { schema: { hide: true, querystring: LangQuery }, ...post }, async (request, reply) => {
    const user = requireUser(request);
    const applicationId = last((request.body as Form | undefined)?.applicationId).trim();
    try {
      const listing = await services.listings.create(dashboardUser(user.id), applicationId, user.name);
      request.log.info({ bot: listing.botId }, 'bot added on the dashboard');
      return toEditor(reply, request, listing.botId, 'added');
    } catch (error) {
      const problem = error instanceof AppError ? addProblem(TEXTS[langOf(request)], error, applicationId) : undefined;
      if (!problem) throw error;
      for (const [name, value] of Object.entries((error as AppError).headers ?? {})) reply.header(name, value);
      return renderAdd(request, reply, applicationId, problem, (error as AppError).statusCode);
    }
  });

  app.get(
    '/dashboard/bots/:id/listing',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      await memberBot(request, request.params.id, 'listing.edit');
      return renderListing(request, reply, request.params.id);
    },
  );

  app.post(
    '/dashboard/bots/:id/listing',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, bodyLimit: LISTING_BODY_LIMIT, ...post },
    async (request, reply) => {
      const { user } = await memberBot(request, request.params.id, 'listing.edit');
      const t = TEXTS[langOf(request)];
      const body = request.body as Form | undefined;
      const form = stateOfForm(body);
      if (last(body?.intent) === 'preview') {
        const errors: FieldErrors = {};
        const preview = {} as Record<Lang, Html>;
        for (const lang of ['de', 'en'] as const) {
          const source = form.text[`longDescription.${lang}`];
          const tooLong = source.length > MARKDOWN_MAX_LENGTH;
          if (tooLong) errors[`longDescription.${lang}`] = t.form.tooLong(MARKDOWN_MAX_LENGTH);
          preview[lang] = tooLong ? html`` : markdown(source);
        }
        return renderListing(request, reply, request.params.id, {
          form,
          errors,
          preview,
          status: Object.keys(errors).length > 0 ? 422 : 200,
        });
      }
      const checked = checkListingForm(t, form);
      if ('errors' in checked) return renderListing(request, reply, request.params.id, { form, errors: checked.errors, status: 422 });
      try {
        const saved = await services.listings.edit(dashboardUser(user.id), request.params.id, checked.edit);
        return toEditor(reply, request, saved.botId, saved.editStatus === 'submitted' ? 'savedForReview' : 'saved');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'validation_failed')
          return renderListing(request, reply, request.params.id, { form, errors: serviceErrors(t, error), status: 422 });
        if (error.code === 'conflict') return renderListing(request, reply, request.params.id, { form, refused: true, status: 409 });
        throw error;
      }
    },
  );

  app.post(
    '/dashboard/bots/:id/listing/:step',
    { schema: { hide: true, params: StepParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const { user } = await memberBot(request, request.params.id, 'listing.edit');
      const { id } = request.params;
      const step = request.params.step as OwnerStep;
      const listings = services.listings;
      const by = dashboardUser(user.id);
      const call = {
        submit: () => listings.submit(by, id),
        withdraw: () => listings.withdraw(by, id),
        unlist: () => listings.unlist(by, id),
        relist: () => listings.relist(by, id),
        'discard-edit': () => listings.discardEdit(by, id),
      }[step];
      try {
        await call();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'validation_failed')
          return renderListing(request, reply, id, { errors: serviceErrors(TEXTS[langOf(request)], error), status: 422 });
        if (error.code === 'conflict') return renderListing(request, reply, id, { refused: true, status: 409 });
        throw error;
      }
      request.log.info({ bot: id, step }, 'listing step on the dashboard');
      return toEditor(reply, request, id, DONE[step]);
    },
  );

  // A step's address opened by itself leads to the editor; only its POST does something.
  app.get(
    '/dashboard/bots/:id/listing/:step',
    { schema: { hide: true, params: StepParams, querystring: LangQuery } },
    async (request, reply) => toEditor(reply, request, request.params.id),
  );
}
