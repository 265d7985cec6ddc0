/** `/console/audit`: the whole audit log, newest first, and the form that narrows it to a bot, a user, an action and a time range. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import type { AuditFilterForm } from '../audit/filters.js';
import type { AuditList } from '../audit/schemas.js';
import { actionSelect, auditTable } from '../audit/views.js';
import { textField, type FieldErrors } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

export interface AuditState {
  /** The filters as the form holds them (the "next" link carries them too). */
  filters: AuditFilterForm;
  after: string | undefined;
  errors: FieldErrors;
  viewer: { id: string; name: string };
}

export function auditView(t: Texts, page: AuditList | undefined, state: AuditState): Html {
  const a = t.audit;
  const { filters, errors } = state;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return html`<h1>${a.title}</h1>
    <p class="muted">${a.lead}</p>
    <form class="card audit-filters" method="get" action="/console/audit">
      <input type="hidden" name="lang" value="${t.lang}" />
      <h2>${a.filters}</h2>
      ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
      ${textField('audit-bot', 'bot', a.bot, filters.bot, errors.bot, { inputmode: 'numeric', maxlength: 20 })}
      ${textField('audit-user', 'user', a.actor, filters.user, errors.user, { maxlength: 64, hint: a.actorHint })}
      ${actionSelect(t, filters.action, errors.action)}
      ${textField('audit-from', 'from', a.from, filters.from, errors.from, { maxlength: 30, hint: a.timeHint })}
      ${textField('audit-to', 'to', a.to, filters.to, errors.to, { maxlength: 30 })}
      <p class="actions">
        <button class="primary" type="submit">${a.show}</button>
        ${filtered ? html`<a href="${consoleUrl(t, '/console/audit')}">${a.showAll}</a>` : ''}
      </p>
    </form>
    ${
      page === undefined
        ? ''
        : page.data.length === 0
          ? html`<p>${filtered || state.after !== undefined ? a.noMatch : a.empty}</p>`
          : auditTable(t, page.data, {
              names: new Map([[state.viewer.id, state.viewer.name]]),
              viewerId: state.viewer.id,
              botHref: (botId) => consoleUrl(t, `/console/bots/${botId}`),
            })
    }
    ${page === undefined ? '' : nextPage(t, '/console/audit', page.next, { ...filters }, state.after)}`;
}
