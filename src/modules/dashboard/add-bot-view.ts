import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { textField } from './views.js';

/** `/dashboard/bots/new`: the application ID of the bot to add, and why it was refused, beside it. */
export function addBotView(t: Texts, state: { applicationId: string; error?: string; csrf: string }): Html {
  const l = t.listing;
  return html`<p><a href="/dashboard?lang=${t.lang}">← ${t.dash.back}</a></p>
    <h1>${l.addTitle}</h1>
    <p>${l.addLead}</p>
    <form method="post" action="/dashboard/bots/new?lang=${t.lang}" novalidate>
      <input type="hidden" name="_csrf" value="${state.csrf}" />
      ${textField('application-id', 'applicationId', l.applicationId, state.applicationId, state.error, {
        inputmode: 'numeric',
        maxlength: 20,
        spellcheck: false,
        hint: l.applicationIdHint,
      })}
      <p><button class="primary" type="submit">${l.addButton}</button></p>
    </form>`;
}
