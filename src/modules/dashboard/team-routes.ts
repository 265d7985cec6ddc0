/**
 * The team pages: `/dashboard/bots/{id}/team` (members and roles, invitation links, handing the bot
 * over, leaving) and the invitation link's own page, `/dashboard/invitations/{token}`, where a
 * signed-in user joins. Every form carries the session's CSRF token and follows POST → 303 → GET;
 * each is authorised by `memberBot` with its action and then calls the team services, which check
 * the same table again inside their transaction. A refusal of the team's rules (409, 422, 404) is
 * the page again with the reason beside its field or above the table; a role too low is the 403 page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Form } from '../../html/forms.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import { Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser, type SignedInUser } from '../auth/session.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import { may, type Role } from '../teams/permissions.js';
import { memberBot, redirectToSignIn } from './access.js';
import { keepShownOnce, takeShownOnce } from './shown-once.js';
import { invitationView, teamView } from './team-view.js';

const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })), done: Type.Optional(Type.String({ maxLength: 20 })) });
const MemberParams = Type.Object({ id: AdminBotIdParams.properties.id, userId: Type.String({ minLength: 1, maxLength: 100 }) });
const InvitationParams = Type.Object({ id: AdminBotIdParams.properties.id, invitationId: Uuid });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
/** The refusals of the team's rules that are the team page again with the reason; any other error is its own page. */
const SHOWN_ON_THE_PAGE = new Set(['validation_failed', 'conflict', 'not_found']);

/** A refused form, shown again on the POST's own answer. */
interface Outcome {
  /** Beside a field of the page (`invite-role`, `transfer-to`, `transfer-role`), or beside a member's role. */
  field?: string;
  member?: string;
  text: string;
  status: number;
}

const last = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? ''));

export async function teamRoutes(app: App): Promise<void> {
  const { services, config } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const toTeam = (reply: FastifyReply, request: FastifyRequest, botId: string, done: string, anchor = 'members') =>
    reply.header('cache-control', 'no-store').redirect(`/dashboard/bots/${botId}/team?lang=${langOf(request)}&done=${done}#${anchor}`, 303);

  async function renderTeam(
    request: FastifyRequest,
    reply: FastifyReply,
    member: { user: SignedInUser; bot: AdminBot; role: Role },
    outcome?: Outcome,
  ): Promise<FastifyReply> {
    const { user, bot, role } = member;
    const lang = langOf(request);
    const t = TEXTS[lang];
    const [members, invitations] = await Promise.all([
      services.teams.members(bot.id),
      may(role, 'team.manage') ? services.invitations.open(bot.id) : [],
    ]);
    const errors: Record<string, string> = {};
    if (outcome?.field) errors[outcome.field] = outcome.text;
    const row = outcome?.member === undefined ? -1 : members.findIndex((m) => m.userId === outcome.member);
    if (row >= 0) errors[`role-${row}`] = outcome!.text;
    const done = (request.query as { done?: string }).done;
    const message =
      outcome && Object.keys(errors).length === 0
        ? { text: outcome.text, ok: false }
        : !outcome && done !== undefined && Object.hasOwn(t.team.done, done)
          ? { text: t.team.done[done]!, ok: true }
          : undefined;
    const shown = takeShownOnce(request, bot.id, 'invitation');
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: outcome?.status,
      title: t.team.pageTitle(bot.name),
      alternate: otherLangUrl(request, lang),
      main: teamView(t, {
        bot,
        userId: user.id,
        role,
        members,
        invitations,
        link: shown?.value,
        errors,
        message,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  /**
   * Runs a team change: its success leads back to the page (`done`), a refusal of the team's rules
   * is the page again with the reason where `place` puts it (beside a field, or a member's role), else above the table.
   */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    member: { user: SignedInUser; bot: AdminBot; role: Role },
    call: () => Promise<unknown>,
    done: string,
    place: (error: AppError) => Pick<Outcome, 'field' | 'member'> = () => ({}),
  ): Promise<FastifyReply> {
    try {
      await call();
    } catch (error) {
      if (!(error instanceof AppError && SHOWN_ON_THE_PAGE.has(error.code))) throw error;
      const text = problemText(TEXTS[langOf(request)], error);
      const where = place(error);
      return renderTeam(request, reply, member, { ...where, text, status: error.statusCode });
    }
    request.log.info({ bot: member.bot.id, done }, 'team changed on the dashboard');
    return done === 'left'
      ? reply.header('cache-control', 'no-store').redirect(`/dashboard?lang=${langOf(request)}&done=left`, 303)
      : toTeam(reply, request, member.bot.id, done, done === 'invited' || done === 'revoked' ? 'invitations' : 'members');
  }

  app.get(
    '/dashboard/bots/:id/team',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      return renderTeam(request, reply, await memberBot(request, request.params.id, 'team.view'));
    },
  );

  app.post(
    '/dashboard/bots/:id/team/members/:userId/role',
    { schema: { hide: true, params: MemberParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'team.manage');
      const { userId } = request.params;
      const role = last((request.body as Form | undefined)?.role);
      return change(
        request,
        reply,
        member,
        () => services.teams.changeRole(member.user.id, member.bot.id, userId, role),
        'role',
        // Beside the member's role, whatever the refusal (a member gone meanwhile has no row: above the table).
        () => ({ member: userId }),
      );
    },
  );

  app.post(
    '/dashboard/bots/:id/team/members/:userId/remove',
    { schema: { hide: true, params: MemberParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'team.manage');
      const { userId } = request.params;
      const leaving = userId === member.user.id;
      return change(
        request,
        reply,
        member,
        () => services.teams.remove(member.user.id, member.bot.id, userId),
        leaving ? 'left' : 'removed',
      );
    },
  );

  app.post(
    '/dashboard/bots/:id/team/leave',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'team.view');
      return change(request, reply, member, () => services.teams.leave(member.user.id, member.bot.id), 'left');
    },
  );

  app.post(
    '/dashboard/bots/:id/team/transfer',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'bot.transfer');
      const body = request.body as Form | undefined;
      const [to, formerRole] = [last(body?.userId), last(body?.formerRole) || 'manager'];
      return change(
        request,
        reply,
        member,
        () => services.teams.transfer(member.user.id, member.bot.id, to, formerRole),
        'transferred',
        (error) =>
          error.code !== 'validation_failed' ? {} : { field: error.details?.[0]?.field === 'formerRole' ? 'transfer-role' : 'transfer-to' },
      );
    },
  );

  app.post(
    '/dashboard/bots/:id/team/invitations',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'team.manage');
      const role = last((request.body as Form | undefined)?.role);
      return change(
        request,
        reply,
        member,
        async () => {
          const { token } = await services.invitations.create(member.user.id, member.bot.id, role);
          keepShownOnce(request, { botId: member.bot.id, kind: 'invitation', value: `${config.baseUrl}/dashboard/invitations/${token}` });
        },
        'invited',
        (error) => (error.code === 'validation_failed' ? { field: 'invite-role' } : {}),
      );
    },
  );

  app.post(
    '/dashboard/bots/:id/team/invitations/:invitationId/revoke',
    { schema: { hide: true, params: InvitationParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const member = await memberBot(request, request.params.id, 'team.manage');
      const { invitationId } = request.params;
      return change(request, reply, member, () => services.invitations.revoke(member.user.id, member.bot.id, invitationId), 'revoked');
    },
  );

  // A form's address opened by itself leads to the team page; only its POST does something.
  for (const [action, params] of [
    ['members/:userId/role', MemberParams],
    ['members/:userId/remove', MemberParams],
    ['leave', AdminBotIdParams],
    ['transfer', AdminBotIdParams],
    ['invitations', AdminBotIdParams],
    ['invitations/:invitationId/revoke', InvitationParams],
  ] as const) {
    app.get(`/dashboard/bots/:id/team/${action}`, { schema: { hide: true, params, querystring: LangQuery } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/dashboard/bots/${request.params.id}/team?lang=${langOf(request)}`, 303),
    );
  }

  app.get(
    '/dashboard/invitations/:token',
    { schema: { hide: true, params: TokenParams, querystring: LangQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const user = requireUser(request);
      const lang = langOf(request);
      const t = TEXTS[lang];
      const { token } = request.params;
      const found = await services.invitations.view(token, user.id);
      return sendPage(request, reply, {
        lang,
        user,
        title: t.team.invitationTitle,
        alternate: otherLangUrl(request, lang),
        main: invitationView(t, {
          botId: found.invitation.botId,
          botName: found.botName,
          role: found.invitation.role,
          expiresAt: found.invitation.expiresAt,
          memberRole: found.memberRole,
          action: `/dashboard/invitations/${encodeURIComponent(token)}/accept?lang=${lang}`,
          csrf: reply.generateCsrf(),
        }),
      });
    },
  );

  app.post(
    '/dashboard/invitations/:token/accept',
    { schema: { hide: true, params: TokenParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const user = requireUser(request);
      const { botId, role } = await services.invitations.accept(user, request.params.token);
      request.log.info({ bot: botId, role }, 'invitation accepted on the dashboard');
      return toTeam(reply, request, botId, 'joined');
    },
  );

  app.get(
    '/dashboard/invitations/:token/accept',
    { schema: { hide: true, params: TokenParams, querystring: LangQuery } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(`/dashboard/invitations/${encodeURIComponent(request.params.token)}?lang=${langOf(request)}`, 303),
  );
}
