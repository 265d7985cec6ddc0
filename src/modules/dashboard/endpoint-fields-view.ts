/**
 * The fields of a webhook endpoint (address, events, format, language; on the edit page its state)
 * with each error beside its field, and the two pages that are one form each: editing an endpoint
 * and confirming its deletion.
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { redactUrl } from '../webhooks/endpoints/discord-url.js';
import { DEFAULT_EVENTS, EVENT_TYPES } from '../webhooks/endpoints/events.js';
import type { WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../webhooks/endpoints/url-policy.js';
import type { EndpointFormState } from './endpoint-form.js';
import { fieldError, invalid, textField } from './views.js';

/** The fields of a new endpoint: the defaults of the API, the messages in the page's language. */
export function newEndpointState(t: Texts): EndpointFormState {
  return { url: '', events: [...DEFAULT_EVENTS], format: '', language: t.lang, enabled: true };
}

/** The endpoint's fields; `id` prefixes their ids (two forms may be on one page). `edit` adds the state and drops "from the address". */
export function endpointFields(t: Texts, id: string, state: EndpointFormState, errors: Record<string, string>, edit: boolean): Html {
  const h = t.hooks;
  const field = (name: string) => `${id}-${name}`;
  const option = (value: string, label: string, chosen: string) =>
    html`<option value="${value}" ${value === chosen ? html` selected` : ''}>${label}</option>`;
  return html`${textField(field('url'), 'url', t.dash.url, state.url, errors.url, {
    type: 'url',
    maxlength: MAX_WEBHOOK_URL_LENGTH,
    required: true,
    placeholder: 'https://',
    spellcheck: false,
  })}
    <fieldset${errors.events ? html` aria-describedby="${field('events')}-error"` : ''}>
      <legend>${h.events}</legend>
      <p class="muted hint">${h.eventsHint}</p>
      ${EVENT_TYPES.map(
        (event) =>
          html`<label
            ><input type="checkbox" name="events" value="${event}" ${state.events.includes(event) ? html` checked` : ''} />
            ${t.delivery.event[event] ?? event}</label
          >`,
      )}
    </fieldset>
    ${fieldError(field('events'), errors.events)}
    <label for="${field('format')}">${h.format}</label>
    ${edit ? '' : html`<p class="muted hint">${h.formatHint}</p>`}
    <select id="${field('format')}" name="format" ${invalid(field('format'), errors.format)}>
      ${edit ? '' : option('', h.formatAuto, state.format)} ${option('json', h.formats.json ?? 'json', state.format)}
      ${option('discord', h.formats.discord ?? 'discord', state.format)}
    </select>
    ${fieldError(field('format'), errors.format)}
    <label for="${field('language')}">${h.language}</label>
    <select id="${field('language')}" name="language" ${invalid(field('language'), errors.language)}>
      ${option('en', h.languages.en ?? 'en', state.language)} ${option('de', h.languages.de ?? 'de', state.language)}
    </select>
    ${fieldError(field('language'), errors.language)}
    ${
      edit
        ? html`<fieldset>
              <legend>${h.state}</legend>
              <input type="hidden" name="enabled" value="false" />
              <label
                ><input type="checkbox" id="${field('enabled')}" name="enabled" value="true" ${state.enabled ? html` checked` : ''} />
                ${h.enabled}</label
              >
            </fieldset>
            ${fieldError(field('enabled'), errors.enabled)}`
        : ''
    }`;
}

/** `/dashboard/bots/{id}/webhooks/{endpointId}`: the endpoint's form, sent as a PATCH of what it changes. */
export function editEndpointView(
  t: Texts,
  botId: string,
  endpoint: WebhookEndpoint,
  state: EndpointFormState,
  errors: Record<string, string>,
  csrf: string,
): Html {
  const base = `/dashboard/bots/${botId}/webhooks`;
  return html`<p><a href="${base}?lang=${t.lang}#endpoint-${endpoint.id}">← ${t.hooks.title}</a></p>
    <h1>${t.hooks.editTitle}</h1>
    <p class="muted url">${redactUrl(endpoint.url)}</p>
    <form method="post" action="${base}/${endpoint.id}?lang=${t.lang}">
      <input type="hidden" name="_csrf" value="${csrf}" />
      ${endpointFields(t, 'edit', state, errors, true)}
      <p class="actions">
        <button class="primary" type="submit">${t.dash.save}</button>
        <a href="${base}?lang=${t.lang}#endpoint-${endpoint.id}">${t.hooks.cancel}</a>
      </p>
    </form>`;
}

/** `/dashboard/bots/{id}/webhooks/{endpointId}/delete`: the confirmation a deletion needs, without script. */
export function removeEndpointView(t: Texts, botId: string, endpoint: WebhookEndpoint, csrf: string): Html {
  const base = `/dashboard/bots/${botId}/webhooks`;
  return html`<p><a href="${base}?lang=${t.lang}#endpoint-${endpoint.id}">← ${t.hooks.title}</a></p>
    <h1>${t.hooks.removeTitle}</h1>
    <p class="url"><strong>${redactUrl(endpoint.url)}</strong></p>
    <p>${t.hooks.removeLead}</p>
    <form method="post" action="${base}/${endpoint.id}/delete?lang=${t.lang}" class="actions">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <button class="danger" type="submit">${t.hooks.removeButton}</button>
      <a href="${base}?lang=${t.lang}#endpoint-${endpoint.id}">${t.hooks.cancel}</a>
    </form>`;
}
