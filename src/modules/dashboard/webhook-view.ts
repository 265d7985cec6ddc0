import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import type { Delivery } from '../webhooks/delivery/schemas.js';
import type { Webhook } from '../webhooks/endpoints/schemas.js';
import type { Notification } from '../webhooks/notifications/schemas.js';
import { fieldError, shownOnce } from './views.js';

export interface WebhookState {
  webhook: Webhook | undefined;
  deliveries: Delivery[];
  notice: Notification | undefined;
  secret?: string;
  tested?: boolean;
  errors: Record<string, string>;
  /** What was typed into the URL field, shown again with its error. */
  url?: string;
  csrf: string;
}

/** Webhook: the switch-off banner, URL form (errors beside it), on/off, test, the delivery log. */
export function webhookView(t: Texts, botId: string, state: WebhookState): Html {
  const base = `/dashboard/bots/${botId}/webhook`;
  const q = `?lang=${t.lang}`;
  const csrf = html`<input type="hidden" name="_csrf" value="${state.csrf}" />`;
  const { webhook } = state;
  const button = (action: string, label: string, extra = '') =>
    html`<form class="inline" method="post" action="${base}/${action}${q}" ${extra ? html` data-confirm="${extra}"` : ''}>
      ${csrf}<button type="submit">${label}</button>
    </form>`;
  const urlError = state.errors.url;
  return html`<h2 id="webhook">${t.dash.webhook}</h2>
    <p class="muted">${t.dash.webhookLead}</p>
    ${
      state.notice
        ? html`<div class="notice" role="alert">
            <p><strong>${t.dash.switchedOff}</strong></p>
            <p>${t.dash.switchedOffAt}: ${time(t, state.notice.createdAt)}</p>
            <form method="post" action="${base}/enable${q}">${csrf}<button class="primary" type="submit">${t.dash.reEnable}</button></form>
          </div>`
        : ''
    }
    ${state.secret ? shownOnce(t, 'new-secret', t.dash.secretShown, state.secret) : ''}
    ${state.tested ? html`<p class="ok" role="status">${t.dash.testSent}</p>` : ''}
    <form method="post" action="${base}${q}">
      ${csrf}
      <label for="webhook-url">${t.dash.url}</label>
      <input
        type="url"
        id="webhook-url"
        name="url"
        maxlength="2048"
        required
        placeholder="https://"
        value="${state.url ?? webhook?.url ?? ''}"
        ${urlError ? html` aria-invalid="true" aria-describedby="webhook-url-error"` : ''}
      />
      ${fieldError('webhook-url', urlError)}
      <p><button class="primary" type="submit">${t.dash.save}</button></p>
    </form>
    ${
      webhook
        ? html`<p>
              ${t.dash.webhook}: <strong>${webhook.enabled ? t.dash.on : t.dash.off}</strong> · ${t.dash.failures}:
              ${webhook.consecutiveFailures}
            </p>
            <p>
              ${webhook.enabled ? button('disable', t.dash.disable) : button('enable', t.dash.enable)}
              ${webhook.enabled ? button('test', t.dash.test) : ''} ${button('rotate-secret', t.dash.rotate, t.dash.rotateConfirm)}
            </p>
            <h3>${t.dash.deliveries}</h3>
            ${deliveryLog(t, botId, state.deliveries, csrf)}`
        : html`<p class="muted">${t.dash.noWebhook}</p>`
    }`;
}

function deliveryLog(t: Texts, botId: string, deliveries: Delivery[], csrf: Html): Html {
  if (deliveries.length === 0) return html`<p class="muted">${t.dash.noDeliveries}</p>`;
  return scrollingTable(
    t.dash.deliveries,
    html`<table>
      <thead>
        <tr>
          <th scope="col">${t.dash.when}</th>
          <th scope="col">${t.dash.event}</th>
          <th scope="col">${t.dash.state}</th>
          <th scope="col">${t.dash.attempts}</th>
          <th scope="col">${t.dash.response}</th>
          <th scope="col"><span class="visually-hidden">${t.dash.actions}</span></th>
        </tr>
      </thead>
      <tbody>
        ${deliveries.map((delivery) => {
          const last = delivery.attempts[delivery.attempts.length - 1];
          const failure = last?.error ? (t.delivery.error[last.error.code] ?? last.error.code) : '';
          const answer = last ? (last.statusCode !== null ? `HTTP ${last.statusCode}` : failure) : '';
          return html`<tr>
            <td>${time(t, delivery.createdAt)}</td>
            <td>${t.delivery.event[delivery.event.type] ?? delivery.event.type}</td>
            <td>${t.delivery.status[delivery.status] ?? delivery.status}</td>
            <td>${delivery.attemptCount}${last ? ` · ${last.latencyMs} ms` : ''}</td>
            <td>${answer}${last?.response ? html`<br /><code>${last.response.slice(0, 120)}</code>` : ''}</td>
            <td>
              ${delivery.status === 'pending' ? '' : html`<form class="inline" method="post" action="/dashboard/bots/${botId}/deliveries/${delivery.id}/redeliver?lang=${t.lang}">${csrf}<button type="submit">${t.dash.redeliver}</button></form>`}
            </td>
          </tr>`;
        })}
      </tbody>
    </table>`,
  );
}
