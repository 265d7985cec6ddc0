/**
 * `/dashboard/bots/{id}/payments`: the bot's Stripe account (not connected, onboarding with what
 * Stripe still asks for, taking payments), the currency of donations, and its premium tiers (active
 * and archived) with the form that creates or edits one. Every error beside its field.
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { scrollingTable } from '../../html/table.js';
import type { AdminBot } from '../bots/schemas.js';
import { CURRENCIES, formatMoney } from '../payments/currencies.js';
import type { PaymentAccountView, TierView } from '../payments/page-services.js';
import { fieldError, invalid, textField } from './views.js';

/** The tier form's fields as typed (shown again as they were after a refusal). */
export interface TierFormValue {
  nameEn: string;
  nameDe: string;
  descriptionEn: string;
  descriptionDe: string;
  scope: string;
  interval: string;
  price: string;
  currency: string;
}

export interface PaymentsPage {
  csrf: string;
  account: PaymentAccountView | undefined;
  tiers: TierView[];
  /** The tier being edited (`?edit=`), else the form creates one. */
  editing: TierView | undefined;
  form: TierFormValue;
  errors: Record<string, string>;
  /** An error beside the list (a tier that cannot be deleted). */
  listError?: string;
  /** What was just done (`?done=`). */
  done?: string;
}

export function emptyTierForm(currency: string): TierFormValue {
  return { nameEn: '', nameDe: '', descriptionEn: '', descriptionDe: '', scope: 'user', interval: 'month', price: '', currency };
}

export function paymentsView(t: Texts, bot: AdminBot, page: PaymentsPage): Html {
  const p = t.payments;
  const base = `/dashboard/bots/${bot.id}/payments`;
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}">← ${bot.name}</a></p>
    <h1>${p.title(bot.name)}</h1>
    <p class="muted">${p.lead}</p>
    ${page.done ? html`<p class="ok" role="status">${page.done}</p>` : ''} ${connectionSection(t, base, page)}
    ${page.account ? currencySection(t, base, page, page.account) : ''} ${tiersSection(t, base, page)}`;
}

function connectionSection(t: Texts, base: string, page: PaymentsPage): Html {
  const p = t.payments;
  const { account } = page;
  const connectForm = (label: string) =>
    html`<form method="post" action="${base}/connect?lang=${t.lang}">
      <input type="hidden" name="_csrf" value="${page.csrf}" />
      <button class="primary" type="submit">${label}</button>
    </form>`;
  let body: Html;
  if (!account)
    body = html`<p>${p.notConnected}</p>
      ${connectForm(p.connect)}`;
  else if (account.chargesEnabled)
    body = html`<p class="ok">✓ ${p.chargesEnabled}</p>
      <p class="muted">${p.accountId}: <code>${account.accountId}</code></p>`;
  else
    body = html`<p class="notice">${p.onboarding}</p>
      ${
        account.requirementsDue.length > 0
          ? html`<p>${p.requirementsDue}:</p>
              <ul>
                ${account.requirementsDue.map((item) => html`<li><code>${item}</code></li>`)}
              </ul>`
          : ''
      }
      <p class="muted">${p.accountId}: <code>${account.accountId}</code></p>
      ${connectForm(p.continueOnboarding)}`;
  return html`<section class="card" id="connection" aria-labelledby="connection-heading">
    <h2 id="connection-heading">${p.connection}</h2>
    ${body}
  </section>`;
}

function currencyOptions(chosen: string): Html[] {
  return [...CURRENCIES.keys()]
    .sort()
    .map((code) => html`<option value="${code}" ${code === chosen ? html` selected` : ''}>${code.toUpperCase()}</option>`);
}

function currencySection(t: Texts, base: string, page: PaymentsPage, account: PaymentAccountView): Html {
  const p = t.payments;
  const error = page.errors.donationCurrency;
  return html`<section id="donations" aria-labelledby="donations-heading">
    <h2 id="donations-heading">${p.donationCurrency}</h2>
    <form method="post" action="${base}/currency?lang=${t.lang}">
      <input type="hidden" name="_csrf" value="${page.csrf}" />
      <label for="donation-currency">${p.currency}</label>
      <select id="donation-currency" name="currency" ${invalid('donation-currency', error)}>
        ${currencyOptions(account.donationCurrency)}
      </select>
      ${fieldError('donation-currency', error)}
      <button type="submit">${p.saveCurrency}</button>
    </form>
  </section>`;
}

function tiersSection(t: Texts, base: string, page: PaymentsPage): Html {
  const p = t.payments;
  const rows = page.tiers.map(
    (tier) =>
      html`<tr>
        <td>${tier.name[t.lang]}</td>
        <td>${p.scopes[tier.scope]}</td>
        <td class="number">${formatMoney(tier.amountMinor, tier.currency, t.lang)} ${p.perInterval[tier.interval]}</td>
        <td>${tier.archived ? p.archived : p.active}</td>
        <td class="actions">
          <a href="${base}?lang=${t.lang}&amp;edit=${tier.id}#tier-form"
            >${p.edit}<span class="visually-hidden">: ${tier.name[t.lang]}</span></a
          >
          ${
            tier.archived
              ? ''
              : html`<form class="inline" method="post" action="${base}/tiers/${tier.id}/archive?lang=${t.lang}">
                  <input type="hidden" name="_csrf" value="${page.csrf}" />
                  <button type="submit">${p.archive}<span class="visually-hidden">: ${tier.name[t.lang]}</span></button>
                </form>`
          }
          <form class="inline" method="post" action="${base}/tiers/${tier.id}/delete?lang=${t.lang}">
            <input type="hidden" name="_csrf" value="${page.csrf}" />
            <button class="danger" type="submit">${p.remove}<span class="visually-hidden">: ${tier.name[t.lang]}</span></button>
          </form>
        </td>
      </tr>`,
  );
  return html`<section id="tiers" aria-labelledby="tiers-heading">
    <h2 id="tiers-heading">${p.tiers}</h2>
    <p class="muted">${p.tiersLead}</p>
    ${page.account?.chargesEnabled ? '' : html`<p class="notice">${p.needsConnection}</p>`}
    ${page.listError ? html`<p class="error" role="alert" id="tiers-error">${page.listError}</p>` : ''}
    ${
      page.tiers.length === 0
        ? html`<p class="muted">${p.noTiers}</p>`
        : scrollingTable(
            p.tiers,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${p.tier}</th>
                  <th scope="col">${p.scope}</th>
                  <th scope="col" class="number">${p.price}</th>
                  <th scope="col">${p.state}</th>
                  <th scope="col"><span class="visually-hidden">${p.manage}</span></th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`,
          )
    }
    ${tierForm(t, base, page)}
  </section>`;
}

function tierForm(t: Texts, base: string, page: PaymentsPage): Html {
  const p = t.payments;
  const { form, errors, editing } = page;
  const action = editing ? `${base}/tiers/${editing.id}?lang=${t.lang}` : `${base}/tiers?lang=${t.lang}`;
  const text = (id: string, name: keyof TierFormValue, label: string, max: number, required: boolean) =>
    textField(id, name, label, form[name], errors[name], { maxlength: max, required });
  const area = (id: string, name: keyof TierFormValue, label: string) =>
    html`<label for="${id}">${label}</label>
      <textarea id="${id}" name="${name}" maxlength="${TIER_LIMITS.description}" rows="3" ${invalid(id, errors[name])}>
${form[name]}</textarea>
      ${fieldError(id, errors[name])}`;
  const radios = <K extends 'scope' | 'interval'>(name: K, legend: string, labels: Record<string, string>) =>
    html`<fieldset${errors[name] ? html` aria-describedby="tier-${name}-error"` : ''}>
        <legend>${legend}</legend>
        ${Object.entries(labels).map(
          ([value, label]) =>
            html`<label
              ><input type="radio" name="${name}" value="${value}" ${form[name] === value ? html` checked` : ''} /> ${label}</label
            >`,
        )}
      </fieldset>
      ${fieldError(`tier-${name}`, errors[name])}`;
  const example = formatMoney(499, CURRENCIES.has(form.currency) ? form.currency : 'eur', t.lang);
  return html`<form class="card" id="tier-form" method="post" action="${action}">
    <h3>${editing ? p.editTier(editing.name[t.lang]) : p.newTier}</h3>
    <input type="hidden" name="_csrf" value="${page.csrf}" />
    ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
    ${text('tier-name-en', 'nameEn', p.nameEn, TIER_LIMITS.name, true)} ${text('tier-name-de', 'nameDe', p.nameDe, TIER_LIMITS.name, true)}
    ${area('tier-description-en', 'descriptionEn', p.descriptionEn)} ${area('tier-description-de', 'descriptionDe', p.descriptionDe)}
    ${radios('scope', p.scope, p.scopes)} ${radios('interval', p.interval, p.intervals)}
    ${textField('tier-price', 'price', p.price, form.price, errors.price, {
      inputmode: 'decimal',
      maxlength: 20,
      required: true,
      hint: p.priceHint(example),
    })}
    <label for="tier-currency">${p.currency}</label>
    <select id="tier-currency" name="currency" ${invalid('tier-currency', errors.currency)}>
      ${currencyOptions(form.currency)}
    </select>
    ${fieldError('tier-currency', errors.currency)}
    <p class="actions">
      <button class="primary" type="submit">${editing ? p.saveTier : p.createTier}</button>
      ${editing ? html`<a href="${base}?lang=${t.lang}#tiers">${p.cancelEdit}</a>` : ''}
    </p>
  </form>`;
}

/** The lengths the tier form takes (the service checks them again). */
export const TIER_LIMITS = { name: 60, description: 500 } as const;
