/** `/console/payments`: connected Stripe accounts, Stripe-made subscriptions, donations, totals per bot and month. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count, time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { formatMoney } from '../payments/currencies.js';
import type { PaymentAccount, PaymentTotals, StripeDonation, StripeSubscription } from '../payments/schemas.js';

/** The newest of each (a page of the operator's lists, /admin/v1/payments/* reads the rest) and the last 12 months' totals. */
export interface PaymentsListing {
  accounts: PaymentAccount[];
  subscriptions: StripeSubscription[];
  donations: StripeDonation[];
  totals: PaymentTotals['data'];
  /** More totals than shown: the management API pages through them. */
  moreTotals: boolean;
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

/** `listing` undefined: payments are off. */
export function paymentsConsoleView(t: Texts, listing: PaymentsListing | undefined): Html {
  const p = t.payments;
  const head = html`<h1>${p.consoleTitle}</h1>
    <p class="muted">${p.consoleLead}</p>`;
  if (!listing)
    return html`${head}
      <p class="notice">${p.paymentsOff}</p>`;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, t.lang);
  return html`${head}
    <h2 id="totals">${p.totals}</h2>
    ${table(
      p.totals,
      [p.bot, p.month, p.premiumSum, p.paymentCount, p.donationsSum, p.donationCount, p.refundedSum],
      listing.totals.map(
        (row) =>
          html`<tr>
            <td><a href="/console/bots?id=${row.botId}&amp;lang=${t.lang}">${row.botId}</a></td>
            <td>${row.month}</td>
            <td class="number">${money(row.subscriptionsMinor, row.currency)}</td>
            <td class="number">${count(t, row.payments)}</td>
            <td class="number">${money(row.donationsMinor, row.currency)}</td>
            <td class="number">${count(t, row.donations)}</td>
            <td class="number">${money(row.refundedMinor + row.subscriptionsRefundedMinor, row.currency)}</td>
          </tr>`,
      ),
      p.noTotals,
      [2, 3, 4, 5, 6],
    )}
    ${listing.moreTotals ? html`<p class="muted">${p.moreTotals(listing.totals.length)}</p>` : ''}
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
            <td>${sub.botId}</td>
            <td>${sub.userId}${sub.guildId ? html`<br /><span class="muted">${p.server}: ${sub.guildId}</span>` : ''}</td>
            <td>${sub.tierName}</td>
            <td>
              ${sub.active ? p.statuses.active : p.statuses.ended}${sub.active && sub.cancelAtPeriodEnd ? html` · ${p.endsAtPeriodEnd}` : ''}
            </td>
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
            <td>${donation.username ?? p.anonymousDonor} <span class="muted">${donation.user}</span></td>
            <td class="number">${money(donation.amountMinor, donation.currency)}${donation.refundedAt ? html` (${p.refunded})` : ''}</td>
            <td>${time(t, donation.createdAt)}</td>
          </tr>`,
      ),
      p.noDonations,
      [2],
    )}`;
}
