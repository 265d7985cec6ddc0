/** `/console/payments`: connected Stripe accounts, Stripe-made subscriptions, donations, totals per bot and month. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { formatMoney } from '../payments/currencies.js';
import type { PaymentTotalsPort } from '../payments/page-services.js';

export interface PaymentsListing {
  accounts: Awaited<ReturnType<PaymentTotalsPort['accounts']>>;
  subscriptions: Awaited<ReturnType<PaymentTotalsPort['subscriptions']>>;
  donations: Awaited<ReturnType<PaymentTotalsPort['donations']>>;
  totals: Awaited<ReturnType<PaymentTotalsPort['totals']>>;
}

function table(caption: string, head: string[], rows: Html[], empty: string, numeric: number[] = []): Html {
  if (rows.length === 0) return html`<p class="muted">${empty}</p>`;
  return scrollingTable(
    caption,
    html`<table>
      <thead>
        <tr>
          ${head.map((name, i) => html`<th scope="col" ${numeric.includes(i) ? html`class="number"` : ''}>${name}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`,
  );
}

/** `listing` undefined: payments are off, or the payments module lists nothing yet (`missing`). */
export function paymentsConsoleView(t: Texts, listing: PaymentsListing | undefined, missing: 'off' | 'unlisted' | undefined): Html {
  const p = t.payments;
  const head = html`<h1>${p.consoleTitle}</h1>
    <p class="muted">${p.consoleLead}</p>`;
  if (!listing)
    return html`${head}
      <p class="notice">${missing === 'off' ? p.paymentsOff : p.totalsMissing}</p>`;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, t.lang);
  return html`${head}
    <h2 id="totals">${p.totals}</h2>
    ${table(
      p.totals,
      [p.bot, p.month, p.subscriptionsSum, p.donationsSum],
      listing.totals.map(
        (row) =>
          html`<tr>
            <td><a href="/console/bots?id=${row.botId}&amp;lang=${t.lang}">${row.botId}</a></td>
            <td>${row.month}</td>
            <td class="number">${money(row.subscriptionsMinor, row.currency)}</td>
            <td class="number">${money(row.donationsMinor, row.currency)}</td>
          </tr>`,
      ),
      p.noTotals,
      [2, 3],
    )}
    <h2 id="accounts">${p.accounts}</h2>
    ${table(
      p.accounts,
      [p.bot, p.accountId, p.state, p.donationCurrency],
      listing.accounts.map(
        (account) =>
          html`<tr>
            <td>${account.botId}</td>
            <td><code>${account.accountId}</code></td>
            <td>${account.chargesEnabled ? p.chargesOn : p.chargesOff}</td>
            <td>${account.donationCurrency.toUpperCase()}</td>
          </tr>`,
      ),
      p.noAccounts,
    )}
    <h2 id="subscriptions">${p.subscriptions}</h2>
    ${table(
      p.subscriptions,
      [p.bot, p.user, p.tier, p.status, p.paidUntil],
      listing.subscriptions.map(
        (sub) =>
          html`<tr>
            <td>${sub.botName}</td>
            <td>${sub.userId}${sub.guildId ? html`<br /><span class="muted">${p.server}: ${sub.guildId}</span>` : ''}</td>
            <td>${sub.tierName}</td>
            <td>${sub.active ? p.statuses.active : p.statuses.ended}${sub.cancelAtPeriodEnd ? html` · ${p.endsAtPeriodEnd}` : ''}</td>
            <td>${time(t, sub.expiresAt)}</td>
          </tr>`,
      ),
      p.noSubscriptions,
    )}
    <h2 id="donations">${p.donations}</h2>
    ${table(
      p.donations,
      [p.bot, p.user, p.amount, p.when],
      listing.donations.map(
        (donation) =>
          html`<tr>
            <td>${donation.botId}</td>
            <td>${donation.username ?? p.anonymous} <span class="muted">${donation.userId}</span></td>
            <td class="number">${money(donation.amountMinor, donation.currency)}${donation.refunded ? html` (${p.refunded})` : ''}</td>
            <td>${time(t, donation.createdAt)}</td>
          </tr>`,
      ),
      p.noDonations,
      [2],
    )}`;
}
