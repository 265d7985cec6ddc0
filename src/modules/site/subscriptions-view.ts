/** `/{lang}/subscriptions`: the signed-in user's premium subscriptions, each with Manage (Stripe's customer portal). */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import type { MySubscriptionView } from '../payments/page-services.js';

export function subscriptionsView(t: Texts, subscriptions: MySubscriptionView[], csrf: string, error?: string): Html {
  const p = t.payments;
  const rows = subscriptions.map(
    (sub) =>
      html`<tr>
        <td>${sub.botName}</td>
        <td>${sub.tierName}${sub.guildId ? html`<br /><span class="muted">${p.server}: ${sub.guildId}</span>` : ''}</td>
        <td>${sub.active ? p.statuses.active : p.statuses.ended}</td>
        <td>${time(t, sub.expiresAt)}</td>
        <td>
          ${sub.active ? (sub.cancelAtPeriodEnd ? html`<strong class="cancel-at-period-end">${p.endsAtPeriodEnd}</strong>` : p.renews) : '–'}
        </td>
        <td>
          <form class="inline" method="post" action="/${t.lang}/subscriptions/${sub.id}/manage">
            <input type="hidden" name="_csrf" value="${csrf}" />
            <button type="submit">${p.manage}<span class="visually-hidden">: ${sub.botName} · ${sub.tierName}</span></button>
          </form>
        </td>
      </tr>`,
  );
  return html`<h1>${p.mine}</h1>
    <p class="muted">${p.mineLead}</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${
      subscriptions.length === 0
        ? html`<p>${p.noneMine}</p>`
        : scrollingTable(
            p.mine,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${p.bot}</th>
                  <th scope="col">${p.tier}</th>
                  <th scope="col">${p.status}</th>
                  <th scope="col">${p.paidUntil}</th>
                  <th scope="col">${p.renewal}</th>
                  <th scope="col"><span class="visually-hidden">${p.manage}</span></th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`,
          )
    }`;
}
