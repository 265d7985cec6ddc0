/**
 * The premium tier form read into the service's `TierInput`: names and descriptions in both
 * languages, scope, interval, and the price the owner typed made into minor units with the
 * currency's exponent (src/modules/payments/money-input.ts). Errors by field, in the page's language.
 */
import type { Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import { CURRENCIES, isCurrency } from '../payments/currencies.js';
import { amountInput, parseAmount } from '../payments/money-input.js';
import type { TierInputView, TierView } from '../payments/page-services.js';
import { TIER_LIMITS, type TierFormValue } from './payments-view.js';

const last = (given: unknown): string => {
  const value = Array.isArray(given) ? (given as unknown[])[given.length - 1] : given;
  return typeof value === 'string' ? value.trim() : '';
};

export function tierFormValue(form: Form | undefined): TierFormValue {
  return {
    nameEn: last(form?.nameEn),
    nameDe: last(form?.nameDe),
    descriptionEn: last(form?.descriptionEn),
    descriptionDe: last(form?.descriptionDe),
    scope: last(form?.scope),
    interval: last(form?.interval),
    price: last(form?.price),
    currency: last(form?.currency).toLowerCase(),
  };
}

/** A stored tier as the edit form shows it. */
export function tierFormOf(tier: TierView): TierFormValue {
  return {
    nameEn: tier.name.en,
    nameDe: tier.name.de,
    descriptionEn: tier.description.en,
    descriptionDe: tier.description.de,
    scope: tier.scope,
    interval: tier.interval,
    price: amountInput(tier.amountMinor, tier.currency),
    currency: tier.currency,
  };
}

export function readTierForm(t: Texts, value: TierFormValue): { input: TierInputView } | { errors: Record<string, string> } {
  const p = t.payments;
  const errors: Record<string, string> = {};
  for (const name of ['nameEn', 'nameDe'] as const) {
    if (value[name] === '') errors[name] = t.form.required;
    else if (value[name].length > TIER_LIMITS.name) errors[name] = t.form.tooLong(TIER_LIMITS.name);
  }
  for (const name of ['descriptionEn', 'descriptionDe'] as const)
    if (value[name].length > TIER_LIMITS.description) errors[name] = t.form.tooLong(TIER_LIMITS.description);
  if (value.scope !== 'user' && value.scope !== 'guild') errors.scope = t.console.chooseOne;
  if (value.interval !== 'month' && value.interval !== 'year') errors.interval = t.console.chooseOne;
  let amountMinor: number | undefined;
  if (!isCurrency(value.currency)) errors.currency = p.currencyInvalid;
  else {
    amountMinor = parseAmount(value.price, value.currency);
    if (amountMinor === undefined) errors.price = p.priceInvalid(CURRENCIES.get(value.currency) ?? 2);
  }
  if (Object.keys(errors).length > 0 || amountMinor === undefined) return { errors };
  return {
    input: {
      name: { en: value.nameEn, de: value.nameDe },
      description: { en: value.descriptionEn, de: value.descriptionDe },
      scope: value.scope as 'user' | 'guild',
      interval: value.interval as 'month' | 'year',
      amountMinor,
      currency: value.currency,
    },
  };
}

/** A field the service named in a validation error (`name.en`, `amountMinor`) as the form's field. */
export function formField(field: string): string {
  const known: Record<string, string> = {
    'name.en': 'nameEn',
    'name.de': 'nameDe',
    'description.en': 'descriptionEn',
    'description.de': 'descriptionDe',
    amountMinor: 'price',
    scope: 'scope',
    interval: 'interval',
    currency: 'currency',
  };
  return known[field.replace(/^\//u, '').replace(/\//gu, '.')] ?? 'form';
}
