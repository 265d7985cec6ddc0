import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { fieldError } from './views.js';

/** `/dashboard/bots/new`: the application ID of the bot to add, and why it was refused, beside it. */
export function addBotView(t: Texts, state: { applicationId: string; error?: string; csrf: string }): Html {
  const l = t.listing;
  const described = ['application-id-hint', state.error ? 'application-id-error' : ''].filter(Boolean).join(' ');
  return html`<p><a href="/dashboard?lang=${t.lang}">← ${t.dash.back}</a></p>
    <h1>${l.addTitle}</h1>
    <p>${l.addLead}</p>
    <form method="post" action="/dashboard/bots/new?lang=${t.lang}" novalidate>
      <input type="hidden" name="_csrf" value="${state.csrf}" />
      <label for="application-id">${l.applicationId}</label>
      <p class="muted" id="application-id-hint">${l.applicationIdHint}</p>
      <input
        type="text"
        id="application-id"
        name="applicationId"
        value="${state.applicationId}"
        inputmode="numeric"
        maxlength="20"
        autocomplete="off"
        spellcheck="false"
        aria-describedby="${described}"
        ${state.error ? html` aria-invalid="true"` : ''}
      />
      ${fieldError('application-id', state.error)}
      <p><button class="primary" type="submit">${l.addButton}</button></p>
    </form>`;
}
