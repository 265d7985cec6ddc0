/** `/console/bots/{id}`: a bot's listing with its history, and removing or banning it. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { MAX_BAN_REASON_LENGTH } from '../bans/schemas.js';
import { LISTING, MAX_NOTE_LENGTH } from '../listings/lifecycle.js';
import type { Listing } from '../listings/schemas.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { csrfField, reasonField, type FieldErrors, type ReasonValue } from './fields.js';
import { consoleUrl } from './frame.js';

export interface ListingState {
  banned: boolean;
  templates: ReasonTemplate[];
  /** The form that was refused (`remove` or `ban`), its errors and what it held. */
  failed?: { form: 'remove' | 'ban'; errors: FieldErrors; value: ReasonValue };
  csrf: string;
}

export function listingView(t: Texts, listing: Listing, state: ListingState): Html {
  const c = t.console;
  const base = `/console/bots/${listing.botId}`;
  const errorsOf = (form: 'remove' | 'ban') => (state.failed?.form === form ? state.failed.errors : {});
  const valueOf = (form: 'remove' | 'ban') => (state.failed?.form === form ? state.failed.value : undefined);
  const removable = (LISTING.remove.from as readonly string[]).includes(listing.status);
  return html`<h1>${c.listingTitle(listing.current.name)}</h1>
    ${state.banned ? html`<p class="notice">${c.botBanned}</p>` : ''}
    ${state.failed?.errors.form ? html`<p class="error" role="alert">${state.failed.errors.form}</p>` : ''}
    <dl class="meta">
      <div>
        <dt>${c.bot}</dt>
        <dd>${listing.botId}</dd>
      </div>
      <div>
        <dt>${c.state}</dt>
        <dd>${c.states[listing.status] ?? listing.status}</dd>
      </div>
      ${
        listing.editStatus === 'none'
          ? ''
          : html`<div>
              <dt>${c.editState}</dt>
              <dd>${c.editStates[listing.editStatus]}</dd>
            </div>`
      }
      ${
        listing.status === 'published'
          ? html`<div>
              <dt>${c.publicPage}</dt>
              <dd><a href="/${t.lang}/bots/${encodeURIComponent(listing.current.slugs[t.lang])}">${listing.current.slugs[t.lang]}</a></dd>
            </div>`
          : ''
      }
    </dl>
    ${
      listing.note
        ? html`<h2>${c.lastNote}</h2>
            <p class="value">${listing.note}</p>`
        : ''
    }
    ${listing.submissionId ? html`<p><a class="button primary" href="${consoleUrl(t, `/console/submissions/${listing.submissionId}`)}">${c.review}</a></p>` : ''}
    <h2 id="history">${c.history}</h2>
    ${historyTable(t, listing)}
    ${
      removable
        ? html`<section class="card" aria-labelledby="remove">
            <h2 id="remove">${c.remove}</h2>
            <p class="muted">${c.removeLead}</p>
            <form method="post" action="${consoleUrl(t, `${base}/remove`)}" data-confirm="${c.removeConfirm}">
              ${csrfField(state.csrf)}
              ${reasonField(t, 'remove', { label: c.reason, templates: state.templates, errors: errorsOf('remove'), value: valueOf('remove'), max: MAX_NOTE_LENGTH })}
              <p><button class="danger" type="submit">${c.remove}</button></p>
            </form>
          </section>`
        : ''
    }
    ${
      state.banned
        ? ''
        : html`<section class="card" aria-labelledby="ban">
            <h2 id="ban">${c.banBot}</h2>
            <p class="muted">${c.banBotLead}</p>
            <form method="post" action="${consoleUrl(t, `${base}/ban`)}" data-confirm="${c.banConfirm}">
              ${csrfField(state.csrf)}
              ${reasonField(t, 'ban', { label: c.reason, templates: state.templates, errors: errorsOf('ban'), value: valueOf('ban'), max: MAX_BAN_REASON_LENGTH })}
              <p><button class="danger" type="submit">${c.ban}</button></p>
            </form>
          </section>`
    }`;
}

function historyTable(t: Texts, listing: Listing): Html {
  const c = t.console;
  if (listing.history.length === 0) return html`<p class="muted">${c.noHistory}</p>`;
  return scrollingTable(
    c.history,
    html`<table>
      <thead>
        <tr>
          <th scope="col">${c.when}</th>
          <th scope="col">${c.what}</th>
          <th scope="col">${c.who}</th>
          <th scope="col">${c.reason}</th>
        </tr>
      </thead>
      <tbody>
        ${listing.history.map(
          (entry) =>
            html`<tr>
              <td>${time(t, entry.at)}</td>
              <td>
                ${entry.track === 'edit' ? `${c.editState}: ` : ''}${c.transitions[entry.transition] ?? entry.transition}
                <span class="muted">(${(entry.track === 'edit' ? c.editStates : c.states)[entry.to] ?? entry.to})</span>
              </td>
              <td>${c.actors[entry.actor]} ${entry.actorId ?? ''} <span class="muted">(${c.via[entry.via]})</span></td>
              <td>${entry.note ? html`<div class="value">${entry.note}</div>` : ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}
