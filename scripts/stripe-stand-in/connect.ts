/**
 * Connect in the stand-in: Express accounts, Account Links to the onboarding page and what its
 * "Complete" does, customers, and billing portal sessions.
 */
import type { Context } from './context.js';
import type { Reader } from './form.js';
import type { Account, Customer, PortalSession } from './objects.js';
import { newId, type Scope } from './store.js';

/** What a fresh Express account still has to tell Stripe. */
const DUE = ['business_profile.url', 'external_account', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date'];

export function createAccount(ctx: Context, params: Reader): Account {
  const now = ctx.store.now();
  const type = params.oneOf('type', ['express', 'standard', 'custom'] as const) ?? 'express';
  return ctx.store.put(null, {
    id: newId('acct_', 16),
    object: 'account',
    type,
    business_profile: { name: null, url: null, mcc: null, support_email: null },
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller: { type: 'application', is_controller: true },
    country: params.string('country') ?? 'DE',
    created: now,
    default_currency: (params.string('default_currency') ?? 'eur').toLowerCase(),
    details_submitted: false,
    email: params.string('email') ?? null,
    metadata: params.metadata() ?? {},
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...DUE],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: [...DUE],
      past_due: [...DUE],
      pending_verification: [],
    },
    tos_acceptance: { date: null },
  } satisfies Account);
}

export function accountLink(ctx: Context, params: Reader) {
  const account = ctx.store.get<Account>(null, 'account', params.required('account'), 'account');
  const refreshUrl = params.required('refresh_url');
  const returnUrl = params.required('return_url');
  params.oneOf('type', ['account_onboarding', 'account_update'] as const);
  if (!params.has('type')) params.required('type');
  const token = newId('', 24).slice(1);
  ctx.store.accountLinks.set(token, { account: account.id, returnUrl, refreshUrl, used: false });
  const created = ctx.store.now();
  return {
    object: 'account_link' as const,
    created,
    expires_at: created + 300,
    url: `${ctx.origin}/_standin/onboard/${account.id}?link=${token}`,
  };
}

/** The onboarding page's "Complete": charges enabled, nothing due; `account.updated`. */
export async function completeOnboarding(ctx: Context, accountId: string): Promise<Account> {
  const account = ctx.store.get<Account>(null, 'account', accountId);
  const previous = {
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    requirements: account.requirements,
  };
  Object.assign(account, {
    charges_enabled: true,
    details_submitted: true,
    payouts_enabled: true,
    capabilities: { card_payments: 'active', transfers: 'active' },
    business_profile: { ...account.business_profile, url: 'https://example.com' },
    requirements: { ...account.requirements, currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    tos_acceptance: { date: ctx.store.now() },
  });
  ctx.events.emit(account.id, [{ type: 'account.updated', object: account, previous }]);
  return account;
}

export function createCustomer(ctx: Context, scope: Scope, params: Reader): Customer {
  return ctx.store.put(scope, {
    id: newId('cus_', 14),
    object: 'customer',
    created: ctx.store.now(),
    email: params.string('email') ?? null,
    name: params.string('name') ?? null,
    metadata: params.metadata() ?? {},
    livemode: false,
  } satisfies Customer);
}

export function createPortalSession(ctx: Context, scope: Scope, params: Reader): PortalSession {
  const customer = ctx.store.get<Customer>(scope, 'customer', params.required('customer'), 'customer');
  const id = newId('bps_');
  return ctx.store.put(scope, {
    id,
    object: 'billing_portal.session',
    created: ctx.store.now(),
    customer: customer.id,
    livemode: false,
    locale: params.string('locale') ?? null,
    return_url: params.string('return_url') ?? null,
    url: `${ctx.origin}/_standin/portal/${id}`,
  } satisfies PortalSession);
}
