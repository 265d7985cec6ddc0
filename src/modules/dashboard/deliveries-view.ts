/**
 * `/dashboard/bots/{id}/deliveries`: a bot's delivery log, filtered by endpoint, outcome and event
 * (a GET form), a keyset page at a time ("next" and back to the newest), each delivery with all
 * its attempts and "Deliver again".
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { DELIVERY_STATUSES, type Delivery } from '../webhooks/delivery/schemas.js';
import { redactUrl } from '../webhooks/endpoints/discord-url.js';
import { EVENT_TYPES } from '../webhooks/endpoints/events.js';
import type { WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import { answerOf } from './endpoints-view.js';

/** The filters of the log, as its address carries them. */
export interface LogFilters {
  endpointId?: string;
  status?: string;
  event?: string;
}

export interface DeliveriesState {
  bot: { id: string; name: string };
  endpoints: WebhookEndpoint[];
  filters: LogFilters;
  deliveries: Delivery[];
  /** Where this page started (undefined: the newest) and where the next one starts (null: none). */
  after: string | undefined;
  next: string | null;
  message?: { text: string; ok: boolean };
  csrf: string;
}

/** The first characters of an answer's body the log shows (the API keeps 4 KiB). */
const EXCERPT = 200;

/** The log's address in the page's language with `filters` (and a position). */
export function logUrl(t: Texts, botId: string, filters: LogFilters & { after?: string }): string {
  const params = new URLSearchParams({ lang: t.lang });
  for (const [name, value] of Object.entries(filters) as [string, string | undefined][]) if (value) params.set(name, value);
  return `/dashboard/bots/${botId}/deliveries?${params.toString()}`;
}

export function deliveriesView(t: Texts, state: DeliveriesState): Html {
  const h = t.hooks;
  const { bot, filters } = state;
  const names = new Map(state.endpoints.map((endpoint) => [endpoint.id, redactUrl(endpoint.url)]));
  const option = (value: string, label: string, chosen: string | undefined) =>
    html`<option value="${value}" ${value === (chosen ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}#webhook">← ${bot.name}</a></p>
    <h1>${h.log}</h1>
    <p class="muted">${h.logLead}</p>
    <p class="actions"><a class="button" href="/dashboard/bots/${bot.id}/webhooks?lang=${t.lang}">${h.manage}</a></p>
    <form class="filters" method="get" action="/dashboard/bots/${bot.id}/deliveries">
      <input type="hidden" name="lang" value="${t.lang}" />
      <div>
        <label for="log-endpoint">${h.endpoint}</label>
        <select id="log-endpoint" name="endpointId">
          ${option('', h.all, filters.endpointId)}
          ${state.endpoints.map((endpoint) => option(endpoint.id, redactUrl(endpoint.url), filters.endpointId))}
        </select>
      </div>
      <div>
        <label for="log-status">${h.outcome}</label>
        <select id="log-status" name="status">
          ${option('', h.all, filters.status)}
          ${DELIVERY_STATUSES.map((status) => option(status, t.delivery.status[status] ?? status, filters.status))}
        </select>
      </div>
      <div>
        <label for="log-event">${t.dash.event}</label>
        <select id="log-event" name="event">
          ${option('', h.all, filters.event)} ${EVENT_TYPES.map((event) => option(event, t.delivery.event[event] ?? event, filters.event))}
        </select>
      </div>
      <button type="submit">${h.show}</button>
    </form>
    ${state.message ? (state.message.ok ? html`<p class="ok" role="status">${state.message.text}</p>` : html`<p class="error" role="alert">${state.message.text}</p>`) : ''}
    ${state.deliveries.length === 0 ? html`<p class="muted">${state.after === undefined && isEmpty(filters) ? t.dash.noDeliveries : h.noMatch}</p>` : logTable(t, state, names)}
    ${pages(t, state)}`;
}

const isEmpty = (filters: LogFilters) => Object.values(filters).every((value) => value === undefined || value === '');

function logTable(t: Texts, state: DeliveriesState, names: Map<string, string>): Html {
  const h = t.hooks;
  // After "Deliver again" the log opens at its newest, where the new delivery is, under the
  // filters that still show it (its state is a new one).
  const again = (id: string) =>
    logUrl(t, state.bot.id, { endpointId: state.filters.endpointId, event: state.filters.event }).replace(
      '/deliveries?',
      `/deliveries/${id}/redeliver?`,
    );
  return html`<div class="log">
    ${scrollingTable(
      h.log,
      html`<table>
        <thead>
          <tr>
            <th scope="col">${t.dash.when}</th>
            <th scope="col">${h.endpoint}</th>
            <th scope="col">${t.dash.event}</th>
            <th scope="col">${t.dash.state}</th>
            <th scope="col">${t.dash.attempts}</th>
            <th scope="col"><span class="visually-hidden">${t.dash.actions}</span></th>
          </tr>
        </thead>
        <tbody>
          ${state.deliveries.map(
            (delivery) =>
              html`<tr>
                <td>${time(t, delivery.createdAt)}</td>
                <td class="url">${names.get(delivery.endpointId) ?? delivery.endpointId}</td>
                <td>${t.delivery.event[delivery.event.type] ?? delivery.event.type}</td>
                <td>
                  ${t.delivery.status[delivery.status] ?? delivery.status}
                  ${delivery.nextAttemptAt ? html`<br /><span class="muted">${h.nextAttempt}: ${time(t, delivery.nextAttemptAt)}</span>` : ''}
                </td>
                <td>${attemptsOf(t, delivery)}</td>
                <td>
                  ${
                    delivery.status === 'pending'
                      ? ''
                      : html`<form class="inline" method="post" action="${again(delivery.id)}">
                          <input type="hidden" name="_csrf" value="${state.csrf}" /><button type="submit">${t.dash.redeliver}</button>
                        </form>`
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    )}
  </div>`;
}

/** Every attempt of a delivery, oldest first: when, what it got, how long it took, the start of the answer. */
function attemptsOf(t: Texts, delivery: Delivery): Html | string {
  if (delivery.attempts.length === 0) return html`<span class="muted">–</span>`;
  return html`<ol class="attempts">
    ${delivery.attempts.map(
      (attempt) =>
        html`<li>
          <span class="visually-hidden">${t.hooks.attempt(attempt.attempt)}:</span> ${time(t, attempt.attemptedAt)} ·
          <strong>${answerOf(t, attempt)}</strong> · ${attempt.latencyMs} ms
          ${attempt.response ? html`<br /><code>${attempt.response.slice(0, EXCERPT)}</code>` : ''}
        </li>`,
    )}
  </ol>`;
}

/** "Newest" (when this is not the first page) and "Next" (when there is more): no count, no page numbers. */
function pages(t: Texts, state: DeliveriesState): Html | string {
  if (state.next === null && state.after === undefined) return '';
  return html`<nav class="pagination" aria-label="${t.directory.pages}">
    <ul>
      ${state.after !== undefined ? html`<li><a href="${logUrl(t, state.bot.id, state.filters)}">${t.hooks.first}</a></li>` : ''}
      ${
        state.next !== null
          ? html`<li>
              <a href="${logUrl(t, state.bot.id, { ...state.filters, after: state.next })}" rel="next">${t.directory.next} →</a>
            </li>`
          : ''
      }
    </ul>
  </nav>`;
}
