/** `/dashboard/bots/{id}/audit`: a bot's audit log for its team, newest first, narrowed by who and what. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import type { AuditFilterForm } from '../audit/filters.js';
import type { AuditList } from '../audit/schemas.js';
import { actionSelect, auditTable } from '../audit/views.js';
import type { AdminBot } from '../bots/schemas.js';
import { textField } from './views.js';

export interface BotAuditState {
  filters: Pick<AuditFilterForm, 'user' | 'action'>;
  after: string | undefined;
  errors: Record<string, string>;
  viewer: { id: string; name: string };
  /** Names of the actors the page knows (the team's members), by platform ID. */
  names: ReadonlyMap<string, string>;
}

export function botAuditView(t: Texts, bot: AdminBot, page: AuditList | undefined, state: BotAuditState): Html {
  const a = t.audit;
  const { filters, errors } = state;
  const base = `/dashboard/bots/${bot.id}/audit`;
  const filtered = filters.user !== undefined || filters.action !== undefined;
  const query = (extra: Record<string, string | undefined>) => {
    const params = new URLSearchParams({ lang: t.lang });
    for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value !== undefined) params.set(name, value);
    return `${base}?${params.toString()}`;
  };
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}">← ${bot.name}</a></p>
    <h1>${a.botTitle(bot.name)}</h1>
    <p class="muted">${a.botLead}</p>
    <form class="card audit-filters" method="get" action="${base}">
      <input type="hidden" name="lang" value="${t.lang}" />
      <h2>${a.filters}</h2>
      ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
      ${textField('audit-user', 'user', a.actor, filters.user, errors.user, { maxlength: 64, hint: a.actorHint })}
      ${actionSelect(t, filters.action, errors.action)}
      <p class="actions">
        <button class="primary" type="submit">${a.show}</button>
        ${filtered ? html`<a href="${base}?lang=${t.lang}">${a.showAll}</a>` : ''}
      </p>
    </form>
    ${
      page === undefined
        ? ''
        : page.data.length === 0
          ? html`<p>${filtered || state.after !== undefined ? a.noMatch : a.empty}</p>`
          : auditTable(t, page.data, { names: state.names, viewerId: state.viewer.id })
    }
    ${
      page === undefined || (page.next === null && state.after === undefined)
        ? ''
        : html`<nav class="pagination" aria-label="${t.directory.pages}">
            <ul>
              ${state.after !== undefined ? html`<li><a href="${query({})}">${t.console.first}</a></li>` : ''}
              ${page.next !== null ? html`<li><a href="${query({ after: page.next })}" rel="next">${t.console.next} →</a></li>` : ''}
            </ul>
          </nav>`
    }`;
}
