/** `/console/tier-requests`: the pending requests for a higher rate tier, oldest first, each approved or denied with a note. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { MAX_REASON_LENGTH, type TierRequest } from '../tiers/schemas.js';
import { csrfField, fieldError, invalid, missing, type FieldErrors } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

export interface TierState {
  after: string | undefined;
  failed?: { id: string; errors: FieldErrors; note: string };
  csrf: string;
}

export function tierQueueView(
  t: Texts,
  page: { data: (TierRequest & { botName: string })[]; next: string | null },
  state: TierState,
): Html {
  const c = t.console;
  return html`<h1>${c.sections.tiers}</h1>
    <p class="muted">${c.tiersLead}</p>
    ${missing(page.data, state.failed)}
    ${page.data.length === 0 ? html`<p>${c.tiersEmpty}</p>` : page.data.map((request) => requestView(t, request, state))}
    ${nextPage(t, '/console/tier-requests', page.next, {}, state.after)}`;
}

function requestView(t: Texts, request: TierRequest & { botName: string }, state: TierState): Html {
  const c = t.console;
  const id = `tier-${request.id}`;
  const failed = state.failed?.id === request.id ? state.failed : undefined;
  const errors = failed?.errors ?? {};
  const base = `/console/tier-requests/${request.id}`;
  return html`<article class="card" id="${id}" aria-labelledby="${id}-title">
    <h2 id="${id}-title"><a href="${consoleUrl(t, `/console/bots/${request.botId}`)}">${request.botName}</a></h2>
    <dl class="meta">
      <div>
        <dt>${c.tier}</dt>
        <dd>${t.dash.tierOption(request.tier)}</dd>
      </div>
      <div>
        <dt>${c.key}</dt>
        <dd><code>${request.keyId}</code></dd>
      </div>
      <div>
        <dt>${c.requestedBy}</dt>
        <dd>${request.requestedBy}</dd>
      </div>
      <div>
        <dt>${c.when}</dt>
        <dd>${time(t, request.createdAt)}</dd>
      </div>
    </dl>
    <blockquote class="value">${request.reason}</blockquote>
    <form method="post" action="${consoleUrl(t, `${base}/approve`, { after: state.after })}">
      ${csrfField(state.csrf)} ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
      <label for="${id}-note">${c.noteOptional}</label>
      <textarea id="${id}-note" name="note" rows="2" maxlength="${MAX_REASON_LENGTH}" ${invalid(`${id}-note`, errors.note)}>
${failed?.note ?? ''}</textarea>
      ${fieldError(`${id}-note`, errors.note)}
      <p class="actions">
        <button class="primary" type="submit">${c.approve}</button>
        <button class="danger" type="submit" formaction="${consoleUrl(t, `${base}/deny`, { after: state.after })}">${c.deny}</button>
      </p>
    </form>
  </article>`;
}
