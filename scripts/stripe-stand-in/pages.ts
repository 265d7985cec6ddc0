/**
 * The stand-in's pages, plain HTML that works without JavaScript (forms POST, then 303): Connect
 * onboarding (`/_standin/onboard/:account`), Checkout (`/_standin/checkout/:session`) and the
 * customer portal (`/_standin/portal/:session`). Every text is escaped.
 */
import { productName } from './charging.js';
import { paySession } from './checkout.js';
import { completeOnboarding } from './connect.js';
import type { Context } from './context.js';
import { Reader, StripeFail } from './form.js';
import { updateSubscription } from './subscriptions.js';
import type { Account, CheckoutSession, PortalSession, Subscription } from './objects.js';

export type PageAnswer = { status: number; html: string } | { status: 303; location: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An amount in minor units shown in its currency (`€12.50`, `¥500`). */
export function money(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function layout(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(title)} · Stripe stand-in</title></head>` +
    `<body style="font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
    `<p style="color:#635bff;font-weight:600">Stripe stand-in (test mode, no money moves)</p><h1>${escape(title)}</h1>${body}</body></html>`
  );
}

const button = (action: string, label: string, fields: Record<string, string> = {}) =>
  `<form method="post" action="${escape(action)}" style="display:inline-block;margin:0 .5rem .5rem 0">` +
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('') +
  `<button type="submit">${escape(label)}</button></form>`;

const page = (status: number, title: string, body: string): PageAnswer => ({ status, html: layout(title, body) });
const notFound = () => page(404, 'Not found', '<p>This link is unknown or has expired.</p>');

export async function answerPage(
  ctx: Context,
  method: string,
  path: string,
  query: URLSearchParams,
  form: URLSearchParams,
): Promise<PageAnswer> {
  const { store } = ctx;
  const [, kind, id] = /^\/_standin\/(onboard|checkout|portal)\/([^/]+)$/.exec(path) ?? [];
  if (!kind || !id) return notFound();

  if (kind === 'onboard') {
    const token = (method === 'POST' ? form.get('link') : query.get('link')) ?? '';
    const link = store.accountLinks.get(token);
    const account = store.find(id)?.object as Account | undefined;
    if (!link || link.account !== id || account?.object !== 'account') return notFound();
    // A used link leads to its refresh_url, where the platform makes a new one.
    if (link.used) return { status: 303, location: link.refreshUrl };
    if (method === 'POST') {
      if (form.get('action') === 'complete') await completeOnboarding(ctx, id);
      await ctx.events.settle();
      link.used = true;
      return { status: 303, location: link.returnUrl };
    }
    return page(
      200,
      'Connect your account',
      `<p>Account <code>${escape(id)}</code> (${escape(account.type)}, ${escape(account.country)}).</p>` +
        `<p>${account.charges_enabled ? 'Charges are enabled already.' : `Still due: ${escape(account.requirements.currently_due.join(', '))}.`}</p>` +
        button(path, 'Complete onboarding', { link: token, action: 'complete' }) +
        button(path, 'Leave without finishing', { link: token, action: 'leave' }),
    );
  }

  if (kind === 'checkout') {
    const found = store.find(id);
    const session = found?.object as CheckoutSession | undefined;
    const extra = store.sessionExtras.get(id);
    if (session?.object !== 'checkout.session' || !extra) return notFound();
    const success = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    if (method === 'POST') {
      if (form.get('action') === 'cancel') {
        return session.cancel_url ? { status: 303, location: session.cancel_url } : page(200, 'Canceled', '<p>Nothing was charged.</p>');
      }
      if (session.status === 'open') await paySession(ctx, id);
      await ctx.events.settle();
      return { status: 303, location: success };
    }
    const interval = extra.lineItems[0]?.price.recurring?.interval;
    const amount = `${money(session.amount_total, session.currency)}${interval ? ` per ${interval}` : ''}`;
    const body =
      `<p><strong>${escape(extra.productName)}</strong></p><p style="font-size:1.5rem">${escape(amount)}</p>` +
      (session.status === 'open'
        ? button(path, session.mode === 'subscription' ? 'Subscribe' : 'Pay', { action: 'pay' }) +
          button(path, 'Cancel', { action: 'cancel' })
        : `<p>This checkout is ${escape(session.status)}.</p>${session.status === 'complete' ? `<p><a href="${escape(success)}">Continue</a></p>` : ''}`);
    return page(200, session.mode === 'subscription' ? 'Subscribe' : 'Pay', body);
  }

  const found = store.find(id);
  const portal = found?.object as PortalSession | undefined;
  if (portal?.object !== 'billing_portal.session') return notFound();
  const subscriptions = store.all<Subscription>(found!.scope, 'subscription').filter((s) => s.customer === portal.customer);
  if (method === 'POST') {
    const subscription = subscriptions.find((s) => s.id === form.get('subscription'));
    if (!subscription) throw new StripeFail(404, 'No such subscription for this customer.');
    const action = form.get('action');
    if (action === 'cancel' || action === 'resume') {
      await updateSubscription(ctx, found!.scope, subscription.id, new Reader({ cancel_at_period_end: String(action === 'cancel') }));
      await ctx.events.settle();
    }
    return { status: 303, location: path };
  }
  const rows = subscriptions
    .map((s) => {
      const item = s.items.data[0]!;
      const price = `${money(item.price.unit_amount * item.quantity, item.price.currency)} per ${item.price.recurring?.interval ?? 'period'}`;
      const state =
        s.status === 'canceled'
          ? `canceled${s.ended_at ? ` on ${date(s.ended_at)}` : ''}`
          : s.cancel_at_period_end
            ? `${s.status}, ends on ${date(item.current_period_end)}`
            : `${s.status}, renews on ${date(item.current_period_end)}`;
      const action =
        s.status === 'canceled'
          ? ''
          : s.cancel_at_period_end
            ? button(path, 'Resume subscription', { subscription: s.id, action: 'resume' })
            : button(path, 'Cancel at period end', { subscription: s.id, action: 'cancel' });
      return `<li><p><strong>${escape(productName(ctx, s))}</strong>: ${escape(price)} (${escape(state)})</p>${action}</li>`;
    })
    .join('');
  return page(
    200,
    'Your subscriptions',
    `<ul>${rows || '<li>No subscriptions.</li>'}</ul>` +
      (portal.return_url ? `<p><a href="${escape(portal.return_url)}">Back</a></p>` : ''),
  );
}
