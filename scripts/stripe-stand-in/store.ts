/**
 * The stand-in's state: Stripe-shaped objects kept in memory under the account they belong to
 * (`null` = the platform itself, else the connected account named by `Stripe-Account`), random ids
 * with Stripe's prefixes, lists in Stripe's list shape, and the clock (real time plus what
 * `control/advance` jumped ahead).
 */
import { randomInt } from 'node:crypto';
import { StripeFail, type Reader } from './form.js';

export type Scope = string | null;
export type Metadata = Record<string, string>;

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: { interval: string; interval_count: number; meter: null; usage_type: 'licensed' } | null;
  tax_behavior: 'unspecified';
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface LineItem {
  id: string;
  object: 'item';
  amount_discount: 0;
  amount_subtotal: number;
  amount_tax: 0;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

/** What the stand-in keeps beside a Checkout Session (not part of Stripe's object). */
export interface SessionExtra {
  /** `customer_creation: 'always'` in payment mode: the payment makes a customer. */
  createCustomer: boolean;
  lineItems: LineItem[];
  productName: string;
  subscriptionMetadata: Metadata;
  applicationFeePercent: number | null;
  applicationFeeAmount: number | null;
  paymentIntentMetadata: Metadata;
}

/** A stored object: any Stripe-shaped JSON with an id and an object name (most have `created`). */
export interface Stored {
  id: string;
  object: string;
  [field: string]: unknown;
}

const createdOf = (object: Stored) => (typeof object.created === 'number' ? object.created : 0);

/** An Account Link: single-use, as Stripe's are (a used one leads to its refresh_url). */
export interface AccountLinkState {
  account: string;
  returnUrl: string;
  refreshUrl: string;
  used: boolean;
}

export interface StoreState {
  objects: Array<{ scope: Scope; object: Stored; seq: number }>;
  offset: number;
  sessionExtras: Array<[string, SessionExtra]>;
  accountLinks: Array<[string, AccountLinkState]>;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new id in Stripe's style (`sub_1…`): random, so ids never repeat across restarts of the stand-in. */
export function newId(prefix: string, length = 24): string {
  let id = `${prefix}1`;
  while (id.length < prefix.length + length) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

const NOUNS: Record<string, string> = {
  account: 'account',
  customer: 'customer',
  'checkout.session': 'checkout.session',
  subscription: 'subscription',
  invoice: 'invoice',
  invoice_payment: 'invoice payment',
  charge: 'charge',
  payment_intent: 'payment_intent',
  refund: 'refund',
  'billing_portal.session': 'billing portal session',
  event: 'event',
};

export class Store {
  private readonly objects = new Map<string, { scope: Scope; object: Stored; seq: number }>();
  private seq = 0;
  /** Seconds the clock runs ahead of real time (raised by `control/advance`). */
  private offset = 0;
  readonly sessionExtras = new Map<string, SessionExtra>();
  /** Account Link tokens → where the onboarding page returns to. */
  readonly accountLinks = new Map<string, AccountLinkState>();
  /** Idempotency keys → the answer given (Stripe answers a retried POST the same). */
  readonly idempotent = new Map<string, { status: number; body: unknown }>();

  /** Everything but the idempotency answers, as JSON (the demo keeps it across restarts). */
  snapshot(): StoreState {
    return {
      objects: [...this.objects.values()],
      offset: this.offset,
      sessionExtras: [...this.sessionExtras],
      accountLinks: [...this.accountLinks],
    };
  }

  restore(state: StoreState): void {
    for (const entry of state.objects) this.objects.set(entry.object.id, entry);
    this.seq = Math.max(0, ...state.objects.map((entry) => entry.seq + 1));
    this.offset = state.offset;
    for (const [id, extra] of state.sessionExtras) this.sessionExtras.set(id, extra);
    for (const [token, link] of state.accountLinks) this.accountLinks.set(token, link);
  }

  /** Unix seconds on the stand-in's clock. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Moves the clock to at least `time` (never back). */
  jumpTo(time: number): void {
    const real = Math.floor(Date.now() / 1000);
    this.offset = Math.max(this.offset, time - real);
  }

  put<T extends Stored>(scope: Scope, object: T): T {
    this.objects.set(object.id, { scope, object, seq: this.seq++ });
    return object;
  }

  /** The object, wherever it lives (for the pages and the controls, which name ids only). */
  find(id: string): { scope: Scope; object: Stored } | undefined {
    return this.objects.get(id);
  }

  /** The object of that kind in this scope, or Stripe's 404 `resource_missing`. */
  get<T extends Stored>(scope: Scope, kind: T['object'], id: string, param = 'id'): T {
    const found = this.objects.get(id);
    // Accounts are the platform's, whichever account asks about one.
    if (!found || found.object.object !== kind || (kind !== 'account' && found.scope !== scope))
      throw new StripeFail(404, `No such ${NOUNS[kind] ?? kind}: '${id}'`, param, 'resource_missing');
    return found.object as T;
  }

  /** All objects of a kind in a scope (undefined: in every scope), newest first. */
  all<T extends Stored>(scope: Scope | undefined, kind: T['object']): T[] {
    return [...this.objects.values()]
      .filter((o) => o.object.object === kind && (scope === undefined || o.scope === scope))
      .sort((a, b) => createdOf(b.object) - createdOf(a.object) || b.seq - a.seq)
      .map((o) => o.object as T);
  }

  /** A page of `items` (newest first) by `limit`, `starting_after`, `ending_before`, in Stripe's list shape. */
  page<T extends Stored>(items: T[], query: Reader, url: string): ApiList<T> {
    const limit = query.integer('limit', 1) ?? 10;
    if (limit > 100) throw new StripeFail(400, 'This value must be less than or equal to 100.', 'limit', 'parameter_invalid_integer');
    const after = query.string('starting_after');
    const before = query.string('ending_before');
    let from = 0;
    let to = items.length;
    if (after) {
      const at = items.findIndex((item) => item.id === after);
      if (at < 0) throw new StripeFail(400, `Invalid starting_after id: ${after}`, 'starting_after', 'resource_missing');
      from = at + 1;
    }
    if (before) {
      const at = items.findIndex((item) => item.id === before);
      if (at < 0) throw new StripeFail(400, `Invalid ending_before id: ${before}`, 'ending_before', 'resource_missing');
      to = at;
      from = Math.max(0, to - limit);
    }
    const data = items.slice(from, Math.min(to, from + limit));
    const has_more = before ? from > 0 : from + data.length < to;
    return { object: 'list', data, has_more, url };
  }
}

export function list<T>(data: T[], url: string): ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

/** `time` plus `count` intervals, as Stripe bills: a month on the 31st ends on the month's last day. */
export function addInterval(time: number, interval: string, count: number): number {
  const date = new Date(time * 1000);
  if (interval === 'day' || interval === 'week') return time + count * (interval === 'day' ? 86_400 : 604_800);
  const months = interval === 'year' ? 12 * count : count;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = Date.UTC(year, month, Math.min(date.getUTCDate(), last), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target / 1000);
}
