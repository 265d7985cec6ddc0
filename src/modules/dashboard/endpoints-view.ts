/**
 * `/dashboard/bots/{id}/webhooks`: every endpoint of a bot as a card (address, target, events,
 * format, language, state, the switch-off banner, a new secret with its overlap, test, edit,
 * delete) and the form that adds one. Every action is a POST form of its own.
 */
import type { FieldErrors } from '../../html/forms.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count, time } from '../../html/layout.js';
import type { Delivery } from '../webhooks/delivery/schemas.js';
import { isDiscordWebhookUrl, redactUrl } from '../webhooks/endpoints/discord-url.js';
import { DEFAULT_OVERLAP_SECONDS, type WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import type { Notification } from '../webhooks/notifications/schemas.js';
import { OVERLAPS, type EndpointFormState } from './endpoint-form.js';
import { endpointFields } from './endpoint-fields-view.js';
import { fieldError, invalid, shownOnce } from './views.js';

export interface EndpointsState {
  bot: { id: string; name: string };
  endpoints: WebhookEndpoint[];
  /** The switch-off notice of each endpoint switched off after failing, by endpoint id. */
  notices: Map<string, Notification>;
  /** The latest failed delivery of each of those endpoints: why it was switched off. */
  lastFailures: Map<string, Delivery>;
  /** A secret this page shows once, on its endpoint's card. */
  secret?: { endpointId: string; value: string };
  /** What the last action did or why it was refused; on an endpoint's card when it names one. */
  message?: { text: string; ok: boolean; endpointId?: string };
  /** A refused rotation: the error beside its endpoint's overlap. */
  overlapError?: { endpointId: string; text: string };
  add: { state: EndpointFormState; errors: FieldErrors };
  max: number;
  csrf: string;
}

/** The kind of receiver an address is: a Discord channel's webhook, or any other HTTP address. */
export const targetOf = (url: string): 'discord' | 'http' => (isDiscordWebhookUrl(url) ? 'discord' : 'http');

export function endpointsView(t: Texts, state: EndpointsState): Html {
  const h = t.hooks;
  const { bot } = state;
  const general = state.message && state.message.endpointId === undefined ? messageOf(state.message) : '';
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}#webhook">← ${bot.name}</a></p>
    <h1>${h.title}</h1>
    <p class="muted">${h.lead(state.max)}</p>
    <p class="actions"><a class="button" href="/dashboard/bots/${bot.id}/deliveries?lang=${t.lang}">${h.log}</a></p>
    ${general}
    ${state.endpoints.length === 0 ? html`<p class="muted">${h.none}</p>` : state.endpoints.map((endpoint) => endpointCard(t, state, endpoint))}
    <h2 id="add">${h.add}</h2>
    ${
      state.endpoints.length >= state.max
        ? html`<p class="muted">${h.full(state.max)}</p>`
        : html`<form method="post" action="/dashboard/bots/${bot.id}/webhooks?lang=${t.lang}">
            <input type="hidden" name="_csrf" value="${state.csrf}" />
            ${endpointFields(t, 'add', state.add.state, state.add.errors, false)}
            <p><button class="primary" type="submit">${h.addButton}</button></p>
          </form>`
    }`;
}

function messageOf(message: { text: string; ok: boolean }): Html {
  return message.ok ? html`<p class="ok" role="status">${message.text}</p>` : html`<p class="error" role="alert">${message.text}</p>`;
}

function endpointCard(t: Texts, state: EndpointsState, endpoint: WebhookEndpoint): Html {
  const h = t.hooks;
  const base = `/dashboard/bots/${state.bot.id}/webhooks/${endpoint.id}`;
  const q = `?lang=${t.lang}`;
  const csrf = html`<input type="hidden" name="_csrf" value="${state.csrf}" />`;
  const notice = state.notices.get(endpoint.id);
  const id = `endpoint-${endpoint.id}`;
  const label = redactUrl(endpoint.url);
  const button = (action: string, text: string, extra = '') =>
    html`<form class="inline" method="post" action="${base}/${action}${q}">
      ${csrf}<button type="submit" ${extra ? html` class="${extra}"` : ''} aria-describedby="${id}-title">${text}</button>
    </form>`;
  const option = (value: string, text: string, chosen: string) =>
    html`<option value="${value}" ${value === chosen ? html` selected` : ''}>${text}</option>`;
  const stateText = endpoint.enabled ? h.on : notice ? h.offAfterFailures : h.off;
  const overlapError = state.overlapError?.endpointId === endpoint.id ? state.overlapError.text : undefined;
  return html`<section class="card endpoint" id="${id}" aria-labelledby="${id}-title">
    <h2 id="${id}-title">${label}${endpoint.isDefault ? html` <span class="badge">${h.isDefault}</span>` : ''}</h2>
    ${notice ? switchOffBanner(t, state.bot.id, endpoint, notice, state.lastFailures.get(endpoint.id), state.csrf) : ''}
    ${state.message?.endpointId === endpoint.id ? messageOf(state.message) : ''}
    ${state.secret?.endpointId === endpoint.id ? shownOnce(t, 'new-secret', h.secretShown, state.secret.value) : ''}
    <dl class="meta">
      <div>
        <dt>${h.target}</dt>
        <dd>${h.targets[targetOf(endpoint.url)]}</dd>
      </div>
      <div>
        <dt>${h.state}</dt>
        <dd>${stateText}</dd>
      </div>
      <div>
        <dt>${h.failures}</dt>
        <dd>${count(t, endpoint.consecutiveFailures)}</dd>
      </div>
      <div>
        <dt>${h.events}</dt>
        <dd>${endpoint.events.map((event) => t.delivery.event[event] ?? event).join(', ')}</dd>
      </div>
      <div>
        <dt>${h.format}</dt>
        <dd>${h.formats[endpoint.format] ?? endpoint.format}</dd>
      </div>
      <div>
        <dt>${h.language}</dt>
        <dd>${h.languages[endpoint.language] ?? endpoint.language}</dd>
      </div>
    </dl>
    <div class="actions">
      <a class="button" href="${base}${q}" aria-describedby="${id}-title">${h.edit}</a>
      ${endpoint.enabled ? button('test', t.dash.test) : ''}
      ${endpoint.enabled ? button('disable', t.dash.disable) : notice ? '' : button('enable', t.dash.enable)}
      <a href="/dashboard/bots/${state.bot.id}/deliveries?lang=${t.lang}&amp;endpointId=${endpoint.id}" aria-describedby="${id}-title"
        >${h.deliveries}</a
      >
      <a class="button danger" href="${base}/delete${q}" aria-describedby="${id}-title">${h.remove}</a>
    </div>
    <h3>${h.secret}</h3>
    ${
      endpoint.previousSecretExpiresAt
        ? html`<div class="actions">
            <p>${h.overlapUntil} ${time(t, endpoint.previousSecretExpiresAt)}.</p>
            ${button('end-overlap', h.endOverlap)}
          </div>`
        : ''
    }
    <form class="rotate" method="post" action="${base}/rotate-secret${q}">
      ${csrf}
      <label for="${id}-overlap">${h.overlap}</label>
      <div class="actions">
        <select id="${id}-overlap" name="overlapSeconds" ${invalid(`${id}-overlap`, overlapError)}>
          ${OVERLAPS.map((seconds) => option(String(seconds), h.overlaps[seconds] ?? '', String(DEFAULT_OVERLAP_SECONDS)))}
        </select>
        <button type="submit" aria-describedby="${id}-title">${h.rotate}</button>
      </div>
      ${fieldError(`${id}-overlap`, overlapError)}
    </form>
  </section>`;
}

/**
 * The banner of an endpoint switched off after failing: why (the failures in a row, the last
 * one's answer), since when, a link to its failed deliveries and one click to switch it on again.
 * `named`: the banner says which endpoint (away from its card).
 */
export function switchOffBanner(
  t: Texts,
  botId: string,
  endpoint: WebhookEndpoint,
  notice: Notification,
  lastFailure: Delivery | undefined,
  csrf: string,
  named = false,
): Html {
  const h = t.hooks;
  const attempt = lastFailure?.attempts.at(-1);
  const why = attempt ? answerOf(t, attempt) : '';
  return html`<div class="notice" role="alert">
    ${named ? html`<p class="url">${redactUrl(endpoint.url)}</p>` : ''}
    <p><strong>${h.switchedOff(count(t, endpoint.consecutiveFailures))}</strong></p>
    <p>${h.since} ${time(t, endpoint.disabledAt ?? notice.createdAt)}${why ? html` · ${h.lastFailure}: ${why}` : ''}</p>
    <div class="actions">
      <form class="inline" method="post" action="/dashboard/bots/${botId}/webhooks/${endpoint.id}/enable?lang=${t.lang}">
        <input type="hidden" name="_csrf" value="${csrf}" /><button class="primary" type="submit">${h.enableAgain}</button>
      </form>
      <a href="/dashboard/bots/${botId}/deliveries?lang=${t.lang}&amp;endpointId=${endpoint.id}&amp;status=failed">${h.failedDeliveries}</a>
    </div>
  </div>`;
}

/** What an attempt got: the HTTP status, or why there was no answer, in the page's words. */
export function answerOf(t: Texts, attempt: Delivery['attempts'][number]): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ? (t.delivery.error[attempt.error.code] ?? attempt.error.code) : '';
}
