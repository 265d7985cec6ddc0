/**
 * The bot page's "Premium" section (payments on, the bot's Stripe account taking payments): its
 * active tiers, each with a Subscribe form (a server ID for a server tier), and the Donate form.
 * Signed-out visitors get a way to sign in that brings them back here. The pages after Stripe's
 * checkout (thanks, cancelled) are here too.
 */
import { textField } from '../../html/forms.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import type { ManagedGuild } from '../auth/managed-guilds.js';
import type { Bot } from '../bots/schemas.js';
import { formatMoney } from '../payments/currencies.js';
import type { PaymentSettings, TierView } from '../payments/page-services.js';
import { botPath } from './paths.js';

export interface PremiumState {
  tiers: TierView[];
  /** The servers the signed-in user manages, from their sign-in; empty: the server ID is typed. */
  guilds: ManagedGuild[];
  donationCurrency: string;
  settings: PaymentSettings;
  /** The form token; undefined: nobody is signed in. */
  csrf: string | undefined;
  signInEnabled: boolean;
  /** A refused form shown again: which one (`tier:{id}` or `donate`), its errors and values. */
  refused?: { form: string; errors: Record<string, string>; value: Record<string, string> };
}

export function premiumSection(t: Texts, bot: Bot, state: PremiumState): Html {
  const p = t.payments;
  const path = botPath(t.lang, bot);
  const signIn = (label: string) =>
    state.signInEnabled
      ? html`<p><a class="button" href="/auth/sign-in?return=${encodeURIComponent(`${path}#premium`)}">${label}</a></p>`
      : html`<p class="muted">${t.signInOff}</p>`;
  const refused = (form: string) => (state.refused?.form === form ? state.refused : undefined);
  const tiers = state.tiers.map((tier) => {
    const id = `tier-${tier.id}`;
    const own = refused(`tier:${tier.id}`);
    const errors = own?.errors ?? {};
    const price = formatMoney(tier.amountMinor, tier.currency, t.lang);
    return html`<li class="card tier" aria-labelledby="${id}-name">
      <h3 id="${id}-name">${tier.name[t.lang]}</h3>
      <p class="price"><strong>${price}</strong> ${p.perInterval[tier.interval]} · ${p.scopes[tier.scope]}</p>
      ${tier.description[t.lang] ? html`<p>${tier.description[t.lang]}</p>` : ''}
      ${
        state.csrf === undefined
          ? signIn(p.signInToSubscribe)
          : html`<form method="post" action="${path}/subscribe">
              <input type="hidden" name="_csrf" value="${state.csrf}" /> <input type="hidden" name="tierId" value="${tier.id}" />
              ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
              ${tier.scope === 'guild' ? serverFields(t, id, state.guilds, own?.value.guildId ?? '', errors.guildId) : ''}
              <button class="primary" type="submit">${p.subscribe}<span class="visually-hidden">: ${tier.name[t.lang]}</span></button>
            </form>`
      }
    </li>`;
  });
  return html`<section class="premium" id="premium" aria-labelledby="premium-heading">
    <h2 id="premium-heading">${p.premium}</h2>
    <p class="muted">${p.premiumLead(bot.name)}</p>
    ${
      state.tiers.length > 0
        ? html`<ul class="tiers">
            ${tiers}
          </ul>`
        : ''
    }
    ${donateForm(t, bot, state, refused('donate'))}
  </section>`;
}

/**
 * A server tier's server: picked from the servers the user manages (their sign-in listed them), or
 * typed by ID (another server, or a provider that lists none). Without JavaScript both are there;
 * a typed ID wins.
 */
function serverFields(t: Texts, id: string, guilds: ManagedGuild[], value: string, error: string | undefined): Html {
  const p = t.payments;
  const picked = guilds.some((guild) => guild.id === value) ? value : '';
  const typed = picked === '' ? value : '';
  const invalid = error ? html` aria-invalid="true"` : '';
  const typedInput = (label: string, required: boolean) =>
    textField(`${id}-guild`, guilds.length > 0 ? 'guildIdTyped' : 'guildId', label, typed, error, {
      inputmode: 'numeric',
      pattern: '[0-9]{17,20}',
      minlength: 17,
      maxlength: 20,
      required,
      hint: p.serverIdHint,
    });
  if (guilds.length === 0) return typedInput(p.serverId, true);
  return html`<label for="${id}-pick">${p.serverPick}</label>
    <select id="${id}-pick" name="guildId" ${invalid}>
      <option value="">${p.serverPickNone}</option>
      ${guilds.map((guild) => html`<option value="${guild.id}" ${guild.id === picked ? html` selected` : ''}>${guild.name}</option>`)}
    </select>
    ${typedInput(p.serverOther, false)}`;
}

function donateForm(t: Texts, bot: Bot, state: PremiumState, refused: PremiumState['refused']): Html {
  const p = t.payments;
  const path = botPath(t.lang, bot);
  const min = formatMoney(state.settings.donationMinMinor, state.donationCurrency, t.lang);
  const max = formatMoney(state.settings.donationMaxMinor, state.donationCurrency, t.lang);
  const errors = refused?.errors ?? {};
  const body =
    state.csrf === undefined
      ? state.signInEnabled
        ? html`<p><a class="button" href="/auth/sign-in?return=${encodeURIComponent(`${path}#donate`)}">${p.signInToDonate}</a></p>`
        : html`<p class="muted">${t.signInOff}</p>`
      : html`<form method="post" action="${path}/donate">
          <input type="hidden" name="_csrf" value="${state.csrf}" />
          ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
          ${textField(
            'donate-amount',
            'amount',
            `${p.amount} (${state.donationCurrency.toUpperCase()})`,
            refused?.value.amount,
            errors.amount,
            {
              inputmode: 'decimal',
              maxlength: 20,
              required: true,
              hint: p.amountRange(min, max),
            },
          )}
          <label
            ><input type="checkbox" name="anonymous" value="1" ${refused?.value.anonymous === '1' ? html` checked` : ''} />
            ${p.anonymous}</label
          >
          <p><button type="submit">${p.donate}</button></p>
        </form>`;
  return html`<div class="card" id="donate">
    <h3>${p.donate}</h3>
    <p>${p.donateLead(bot.name)}</p>
    ${body}
  </div>`;
}

/** After Stripe's checkout: thanks (subscription or donation) or cancelled, and the way back. */
export function checkoutOutcomeView(t: Texts, bot: Bot, outcome: 'subscribed' | 'donated' | 'cancelled'): Html {
  const p = t.payments;
  const title = outcome === 'cancelled' ? p.cancelledTitle : p.successTitle;
  const message = outcome === 'subscribed' ? p.subscribedNow : outcome === 'donated' ? p.donatedNow : p.cancelledNow;
  return html`<h1>${title}</h1>
    <p class="${outcome === 'cancelled' ? 'notice' : 'ok'}" role="status">${message}</p>
    <p class="actions">
      <a class="button primary" href="${botPath(t.lang, bot)}">${p.backToBot(bot.name)}</a>
      ${outcome === 'subscribed' ? html`<a class="button" href="/${t.lang}/subscriptions">${p.mine}</a>` : ''}
    </p>`;
}
