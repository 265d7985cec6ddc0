import type { AdminBot } from '../bots/schemas.js';
import type { OwnedListing } from '../listings/service.js';
import { may, type Role } from '../teams/permissions.js';
import type { Membership } from '../teams/service.js';
import type { VoteEntry } from '../votes/schemas.js';
import { botFacts, ratingText } from '../../html/bot-facts.js';
import { botIcon } from '../../html/bot-icon.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count, time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { fieldError, invalid, textField } from '../../html/forms.js';

/** `/dashboard`: the bots whose team the signed-in user is on, each with their role and its listing's state. */
export function botListView(t: Texts, userId: string, bots: Membership[], listings: OwnedListing[] = [], notice?: string): Html {
  const add = html`<p><a class="button primary" href="/dashboard/bots/new?lang=${t.lang}">${t.listing.add}</a></p>`;
  const said = notice ? html`<p class="ok" role="status">${notice}</p>` : '';
  if (bots.length === 0)
    return html`<h1>${t.dash.title}</h1>
      ${said}
      <p>${t.dash.none(userId)}</p>
      ${add}`;
  const states = new Map(listings.map((listing) => [listing.botId, listing]));
  const state = (bot: AdminBot, role: Role) => {
    const listing = states.get(bot.id);
    if (!listing) return bot.published ? t.dash.published : t.dash.unpublished;
    const edit = listing.editStatus === 'none' ? '' : ` · ${t.listing.editStatus[listing.editStatus] ?? listing.editStatus}`;
    const status = t.listing.status[listing.status] ?? listing.status;
    // The editor is for the roles that edit the listing; the others see its state.
    return may(role, 'listing.edit')
      ? html`<a href="/dashboard/bots/${bot.id}/listing?lang=${t.lang}">${status}</a>${edit}`
      : html`${status}${edit}`;
  };
  return html`<h1>${t.dash.title}</h1>
    ${said}
    <p class="muted">${t.dash.lead}</p>
    ${add}
    ${scrollingTable(
      t.dash.title,
      html`<table>
        <thead>
          <tr>
            <th scope="col">${t.dash.name}</th>
            <th scope="col">${t.team.yourRole}</th>
            <th scope="col">${t.bot.servers}</th>
            <th scope="col">${t.bot.votesMonth}</th>
            <th scope="col">${t.bot.votesTotal}</th>
            <th scope="col">${t.bot.rating}</th>
            <th scope="col">${t.dash.state}</th>
          </tr>
        </thead>
        <tbody>
          ${bots.map(
            ({ bot, role }) =>
              html`<tr>
                <td><a href="/dashboard/bots/${bot.id}?lang=${t.lang}">${bot.name}</a></td>
                <td>${t.team.roles[role]}</td>
                <td>${count(t, bot.serverCount)}</td>
                <td>${count(t, bot.votesMonth)}</td>
                <td>${count(t, bot.votesTotal)}</td>
                <td>${bot.rating.count === 0 ? '–' : ratingText(t, bot.rating)}</td>
                <td>${state(bot, role)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    )}`;
}

/**
 * The head of a bot's dashboard page: the user's role, links to the listing editor (roles that
 * edit it) and the team, figures, the history chart (published bots) and recent votes.
 */
export function overviewView(t: Texts, bot: AdminBot, votes: VoteEntry[], role: Role = 'owner', paymentsOn = false): Html {
  return html`<p><a href="/dashboard?lang=${t.lang}">← ${t.dash.back}</a></p>
    <div class="bot-head">
      ${botIcon(bot.name, bot.iconUrl, 'large')}
      <div>
        <h1>${bot.name}</h1>
        <p class="muted">
          ${bot.id} ·
          ${bot.published ? html`<a href="/${t.lang}/bots/${encodeURIComponent(bot.slugs[t.lang])}">${t.dash.published}</a>` : t.dash.unpublished}
        </p>
        <p class="muted">${t.team.yourRole}: ${t.team.roles[role]}</p>
        <p class="actions">
          ${may(role, 'listing.edit') ? html`<a class="button" href="/dashboard/bots/${bot.id}/listing?lang=${t.lang}">${t.listing.edit}</a>` : ''}
          ${may(role, 'analytics.view') ? html`<a class="button" href="/dashboard/bots/${bot.id}/analytics?lang=${t.lang}">${t.analytics.link}</a>` : ''}
          ${paymentsOn && may(role, 'payments.manage') ? html`<a class="button" href="/dashboard/bots/${bot.id}/payments?lang=${t.lang}">${t.payments.link}</a>` : ''}
          <a class="button" href="/dashboard/bots/${bot.id}/team?lang=${t.lang}">${t.team.title}</a>
          ${may(role, 'reviews.reply') ? html`<a class="button" href="/dashboard/bots/${bot.id}/reviews?lang=${t.lang}">${t.reviews.dashLink}</a>` : ''}
          ${may(role, 'audit.view') ? html`<a class="button" href="/dashboard/bots/${bot.id}/audit?lang=${t.lang}">${t.audit.link}</a>` : ''}
        </p>
      </div>
    </div>
    <h2 id="overview">${t.dash.overview}</h2>
    ${botFacts(t, bot)}
    ${bot.published ? html`<img class="chart" src="/api/chart/${bot.id}?range=30&amp;lang=${t.lang}" alt="${t.bot.historyAlt(bot.name)}" width="600" height="300" loading="lazy" />` : ''}
    <h3>${t.dash.recentVotes}</h3>
    ${
      votes.length === 0
        ? html`<p class="muted">${t.dash.noVotes}</p>`
        : scrollingTable(
            t.dash.recentVotes,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${t.dash.user}</th>
                  <th scope="col">${t.dash.when}</th>
                  <th scope="col"><span class="visually-hidden">${t.dash.note}</span></th>
                </tr>
              </thead>
              <tbody>
                ${votes.map(
                  (vote) =>
                    html`<tr>
                      <td>${vote.username} <span class="muted">${vote.user}</span></td>
                      <td>${time(t, vote.votedAt)}</td>
                      <td>${vote.flagged ? t.dash.flagged : ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }`;
}

/** A secret shown once, with a copy button the script reveals. */
export function shownOnce(t: Texts, id: string, lead: string, secret: string): Html {
  return html`<div class="notice" role="status">
    <p>${lead}</p>
    <div class="secret">
      <code id="${id}">${secret}</code> <button type="button" data-copy="${id}" data-done="${t.dash.copied}" hidden>${t.dash.copy}</button>
    </div>
  </div>`;
}

/** The pages' one way to tie a field to its error (src/html/forms.ts), for this module's views. */
export { fieldError, invalid, textField };
