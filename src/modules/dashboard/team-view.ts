/**
 * `/dashboard/bots/{id}/team`: the members with their roles (a role to change and a remove button
 * where the reader's role reaches), what each role may do, handing the bot over (owners), the
 * invitation links (owners and managers: the new link once, the open ones with revoke), and
 * leaving the team. Every form carries the CSRF token; the forms a role may not send are not shown.
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import type { AdminBot } from '../bots/schemas.js';
import { actionFor, may, ROLES, type Role } from '../teams/permissions.js';
import type { BotMember, Invitation } from '../teams/schemas.js';
import { fieldError, invalid, shownOnce } from './views.js';

export interface TeamState {
  bot: AdminBot;
  userId: string;
  /** The reader's role. */
  role: Role;
  members: BotMember[];
  /** Open invitations; shown to the roles that manage the team. */
  invitations: Invitation[];
  /** An invitation link just made, shown this once. */
  link?: string;
  /** Errors beside their field: `role-{n}` (the n-th member's role), `invite-role`, `transfer-to`, `transfer-role`. */
  errors: Record<string, string>;
  /** What happened (`done=`), or a refusal that belongs to no field. */
  message?: { text: string; ok: boolean };
  csrf: string;
}

export function teamView(t: Texts, state: TeamState): Html {
  const { bot, role } = state;
  const base = `/dashboard/bots/${bot.id}/team`;
  const q = `?lang=${t.lang}`;
  const csrf = html`<input type="hidden" name="_csrf" value="${state.csrf}" />`;
  const manages = may(role, 'team.manage');
  const message = state.message
    ? html`<p class="${state.message.ok ? 'ok' : 'error'}" role="${state.message.ok ? 'status' : 'alert'}">${state.message.text}</p>`
    : '';
  return html`<p><a href="/dashboard/bots/${bot.id}${q}">← ${bot.name}</a></p>
    <h1>${t.team.pageTitle(bot.name)}</h1>
    <p class="muted">${t.team.lead} ${t.team.yourRole}: ${t.team.roles[role]}.</p>
    ${message}
    <h2 id="members">${t.team.members}</h2>
    ${membersTable(t, state, base, q, csrf)}
    <h3>${t.team.rolesTitle}</h3>
    <dl>
      ${ROLES.map(
        (r) =>
          html`<dt>${t.team.roles[r]}</dt>
            <dd>${t.team.roleMeaning[r]}</dd>`,
      )}
    </dl>
    ${may(role, 'bot.transfer') ? transferForm(t, state, base, q, csrf) : ''} ${manages ? invitationsView(t, state, base, q, csrf) : ''}
    ${may(role, 'bot.delete') ? deleteLink(t, bot.id, q) : ''}
    <h2 id="leave">${t.team.leave}</h2>
    <p class="muted">${t.team.leaveLead}</p>
    <form method="post" action="${base}/leave${q}" data-confirm="${t.team.leaveConfirm}">
      ${csrf}<button class="danger" type="submit">${t.team.leave}</button>
    </form>`;
}

/** The roles the reader may give or take (owner: owners only). */
function grantable(role: Role): Role[] {
  return ROLES.filter((r) => may(role, actionFor(r)));
}

function nameOf(t: Texts, member: BotMember, userId: string): Html {
  return html`${member.name ?? ''} <span class="muted">${member.userId}</span>${member.userId === userId ? html` (${t.team.you})` : ''}`;
}

function membersTable(t: Texts, state: TeamState, base: string, q: string, csrf: Html): Html {
  const mine = grantable(state.role);
  const changes = (member: BotMember) => may(state.role, 'team.manage') && mine.includes(member.role);
  return scrollingTable(
    t.team.members,
    html`<table>
      <thead>
        <tr>
          <th scope="col">${t.team.member}</th>
          <th scope="col">${t.team.role}</th>
          <th scope="col">${t.team.joined}</th>
          <th scope="col"><span class="visually-hidden">${t.team.actions}</span></th>
        </tr>
      </thead>
      <tbody>
        ${state.members.map((member, n) => {
          const path = `${base}/members/${encodeURIComponent(member.userId)}`;
          const label = member.name ?? member.userId;
          const id = `role-${n}`;
          return html`<tr>
            <td>${nameOf(t, member, state.userId)}</td>
            <td>
              ${
                changes(member)
                  ? html`<form class="inline" method="post" action="${path}/role${q}">
                      ${csrf}<select id="${id}" name="role" aria-label="${t.team.roleOf(label)}" ${invalid(id, state.errors[id])}>
                        ${mine.map(
                          (r) => html`<option value="${r}" ${r === member.role ? html`selected` : ''}>${t.team.roles[r]}</option>`,
                        )}
                      </select>
                      <button type="submit">${t.team.saveRole}</button>
                      ${fieldError(id, state.errors[id])}
                    </form>`
                  : t.team.roles[member.role]
              }
            </td>
            <td>${time(t, member.addedAt)}</td>
            <td>
              ${
                changes(member) && member.userId !== state.userId
                  ? html`<form class="inline" method="post" action="${path}/remove${q}" data-confirm="${t.team.removeConfirm}">
                      ${csrf}<button class="danger" type="submit" aria-label="${t.team.remove}: ${label}">${t.team.remove}</button>
                    </form>`
                  : ''
              }
            </td>
          </tr>`;
        })}
      </tbody>
    </table>`,
  );
}

/** Who made an invitation: their name while they are on the team, with their ID. */
function creatorOf(state: TeamState, userId: string): Html {
  const name = state.members.find((member) => member.userId === userId)?.name;
  return html`${name ? html`${name} ` : ''}<span class="muted">${userId}</span>`;
}

function transferForm(t: Texts, state: TeamState, base: string, q: string, csrf: Html): Html {
  const candidates = state.members.filter((member) => member.role !== 'owner' && member.userId !== state.userId);
  return html`<h2 id="transfer">${t.team.transfer}</h2>
    <p class="muted">${t.team.transferLead}</p>
    ${
      candidates.length === 0
        ? html`<p class="muted">${t.team.noTransferTarget}</p>`
        : html`<form method="post" action="${base}/transfer${q}" data-confirm="${t.team.transferConfirm}">
            ${csrf} <label for="transfer-to">${t.team.transferTo}</label
            ><select id="transfer-to" name="userId" ${invalid('transfer-to', state.errors['transfer-to'])}>
              ${candidates.map(
                (member) => html`<option value="${member.userId}">${member.name ?? member.userId} · ${t.team.roles[member.role]}</option>`,
              )}
            </select>
            ${fieldError('transfer-to', state.errors['transfer-to'])}
            <label for="transfer-role">${t.team.formerRole}</label
            ><select id="transfer-role" name="formerRole" ${invalid('transfer-role', state.errors['transfer-role'])}>
              ${ROLES.filter((r) => r !== 'owner').map((r) => html`<option value="${r}">${t.team.roles[r]}</option>`)}
            </select>
            ${fieldError('transfer-role', state.errors['transfer-role'])}
            <p><button class="danger" type="submit">${t.team.transferButton}</button></p>
          </form>`
    }`;
}

/** The way to delete the bot: a page that asks first (delete-routes.ts), so a slip of the mouse deletes nothing. */
function deleteLink(t: Texts, botId: string, q: string): Html {
  return html`<h2 id="delete">${t.team.deleteBot}</h2>
    <p class="muted">${t.team.deleteLead}</p>
    <p><a class="button danger" href="/dashboard/bots/${botId}/delete${q}">${t.team.deleteBot}</a></p>`;
}

function invitationsView(t: Texts, state: TeamState, base: string, q: string, csrf: Html): Html {
  const mine = grantable(state.role);
  return html`<h2 id="invitations">${t.team.invitations}</h2>
    <p class="muted">${t.team.invitationsLead}</p>
    ${state.link ? shownOnce(t, 'new-invitation', t.team.linkShown, state.link) : ''}
    <form method="post" action="${base}/invitations${q}">
      ${csrf} <label for="invite-role">${t.team.role}</label
      ><select id="invite-role" name="role" ${invalid('invite-role', state.errors['invite-role'])}>
        ${mine.map((r) => html`<option value="${r}" ${r === 'viewer' ? html`selected` : ''}>${t.team.roles[r]}</option>`)}
      </select>
      ${fieldError('invite-role', state.errors['invite-role'])}
      <button class="primary" type="submit">${t.team.createInvitation}</button>
    </form>
    ${
      state.invitations.length === 0
        ? html`<p class="muted">${t.team.noInvitations}</p>`
        : scrollingTable(
            t.team.invitations,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${t.team.role}</th>
                  <th scope="col">${t.team.created}</th>
                  <th scope="col">${t.team.expires}</th>
                  <th scope="col">${t.team.createdBy}</th>
                  <th scope="col"><span class="visually-hidden">${t.team.actions}</span></th>
                </tr>
              </thead>
              <tbody>
                ${state.invitations.map(
                  (invitation) =>
                    html`<tr>
                      <td>${t.team.roles[invitation.role]}</td>
                      <td>${time(t, invitation.createdAt)}</td>
                      <td>${time(t, invitation.expiresAt)}</td>
                      <td>${creatorOf(state, invitation.createdBy)}</td>
                      <td>
                        ${
                          mine.includes(invitation.role)
                            ? html`<form
                                class="inline"
                                method="post"
                                action="${base}/invitations/${invitation.id}/revoke${q}"
                                data-confirm="${t.team.revokeConfirm}"
                              >
                                ${csrf}<button class="danger" type="submit">${t.team.revoke}</button>
                              </form>`
                            : ''
                        }
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }`;
}

/** `/dashboard/invitations/{token}`: the bot and the role, and the button to join (or that the reader is on the team already). */
export function invitationView(
  t: Texts,
  state: { botId: string; botName: string; role: Role; expiresAt: string; memberRole: Role | undefined; action: string; csrf: string },
): Html {
  return html`<h1>${t.team.invitationTitle}</h1>
    <p>${t.team.invitationLead(state.botName, t.team.roles[state.role])}</p>
    <p class="muted">${t.team.roles[state.role]}: ${t.team.roleMeaning[state.role]}</p>
    <p class="muted">${t.team.expires}: ${time(t, state.expiresAt)}</p>
    ${
      state.memberRole
        ? html`<p>${t.team.alreadyMember(t.team.roles[state.memberRole])}</p>
            <p><a class="button" href="/dashboard/bots/${state.botId}?lang=${t.lang}">${t.team.openBot}</a></p>`
        : html`<form method="post" action="${state.action}">
            <input type="hidden" name="_csrf" value="${state.csrf}" />
            <button class="primary" type="submit">${t.team.accept}</button>
          </form>`
    }`;
}
