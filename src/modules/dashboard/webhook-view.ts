import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { MAX_ENDPOINTS_PER_BOT, type WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import type { Notification } from '../webhooks/notifications/schemas.js';
import { switchOffBanner } from './endpoints-view.js';

export interface WebhookState {
  endpoints: WebhookEndpoint[];
  /** The switch-off notice of each endpoint switched off after failing, by endpoint id. */
  notices: Map<string, Notification>;
  csrf: string;
}

/**
 * The bot page's webhook section: how many endpoints are on, the switch-off banner of each that
 * failed (switched on again in one click), and the links to the webhooks page and the delivery log,
 * where everything else about them is done.
 */
export function webhookView(t: Texts, botId: string, state: WebhookState): Html {
  const h = t.hooks;
  const on = state.endpoints.filter((endpoint) => endpoint.enabled).length;
  return html`<h2 id="webhook">${h.title}</h2>
    <p class="muted">${h.lead(MAX_ENDPOINTS_PER_BOT)}</p>
    ${state.endpoints
      .filter((endpoint) => state.notices.has(endpoint.id))
      .map((endpoint) => switchOffBanner(t, botId, endpoint, state.notices.get(endpoint.id)!, undefined, state.csrf, true))}
    <p>${state.endpoints.length === 0 ? t.dash.noWebhook : h.summary(state.endpoints.length, on)}</p>
    <p class="actions">
      <a class="button" href="/dashboard/bots/${botId}/webhooks?lang=${t.lang}">${h.manage}</a>
      ${state.endpoints.length > 0 ? html`<a href="/dashboard/bots/${botId}/deliveries?lang=${t.lang}">${h.log}</a>` : ''}
    </p>`;
}
