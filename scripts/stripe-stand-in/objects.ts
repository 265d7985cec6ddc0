/**
 * The stand-in's objects in the shapes of Stripe's API version of the `stripe` library
 * (`Stripe.API_VERSION`, 2026-10-28.endive): the fields we read or that tell the objects apart,
 * under Stripe's names. Periods live on subscription items; an invoice names its subscription in
 * `parent.subscription_details.subscription`; a charge names its payment intent, and an
 * `invoice_payment` ties the payment intent to its invoice.
 */
import type Stripe from 'stripe';
import type { ApiList, LineItem, Metadata, Price, Stored } from './store.js';

/** The platform's Connect application (`application` on what it charges on connected accounts). */
export const APPLICATION = 'ca_StandInPlatform0000000000';

export interface Account extends Stored {
  object: 'account';
  type: string;
  business_profile: { name: string | null; url: string | null; mcc: string | null; support_email: string | null };
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  controller: { type: 'application'; is_controller: true };
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: {
    alternatives: [];
    current_deadline: number | null;
    currently_due: string[];
    disabled_reason: string | null;
    errors: [];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
  };
  tos_acceptance: { date: number | null };
}

export interface Customer extends Stored {
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface CheckoutSession extends Stored {
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment' | 'subscription';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  submit_type: string | null;
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
}

export interface SubscriptionItem extends Stored {
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: [];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export interface Subscription extends Stored {
  object: 'subscription';
  application: string;
  application_fee_percent: number | null;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | 'payment_failed' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: ApiList<SubscriptionItem> & { total_count: number };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: 'active' | 'past_due' | 'canceled';
}

export interface Invoice extends Stored {
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  application: string;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  lines: ApiList<InvoiceLine> & { total_count: number };
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_start: number;
  period_end: number;
  status: 'open' | 'paid';
  status_transitions: { finalized_at: number; paid_at: number | null; marked_uncollectible_at: null; voided_at: null };
  subtotal: number;
  total: number;
}

export interface InvoiceLine extends Stored {
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: false;
      proration_details: null;
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subtotal: number;
}

export interface InvoicePayment extends Stored {
  object: 'invoice_payment';
  amount_paid: number;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { canceled_at: null; paid_at: number };
}

export interface PaymentIntent extends Stored {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  application: string | null;
  application_fee_amount: number | null;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  latest_charge: string;
  livemode: false;
  metadata: Metadata;
  status: 'succeeded';
}

export interface Charge extends Stored {
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: string | null;
  application_fee_amount: number | null;
  billing_details: { email: string | null; name: string | null };
  captured: true;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  refunds: ApiList<Refund> & { total_count: number };
  status: 'succeeded';
}

export interface Refund extends Stored {
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface PortalSession extends Stored {
  object: 'billing_portal.session';
  created: number;
  customer: string;
  livemode: false;
  locale: string | null;
  return_url: string | null;
  url: string;
}

/** The field names of `T` without its index signature. */
type Named<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
/** True when every field of `Ours` is a field of Stripe's `Theirs` (a misspelt or retired field fails to compile). */
type FieldsOf<Ours, Theirs> = [Exclude<Named<Ours>, keyof Theirs>] extends [never] ? true : Exclude<Named<Ours>, keyof Theirs>;

export const FIELDS_FOLLOW_THE_TYPES: [
  FieldsOf<Account, Stripe.Account>,
  FieldsOf<Customer, Stripe.Customer>,
  FieldsOf<CheckoutSession, Stripe.Checkout.Session>,
  FieldsOf<LineItem, Stripe.LineItem>,
  FieldsOf<Price, Stripe.Price>,
  FieldsOf<SubscriptionItem, Stripe.SubscriptionItem>,
  FieldsOf<Subscription, Stripe.Subscription>,
  FieldsOf<Invoice, Stripe.Invoice>,
  FieldsOf<InvoiceLine, Stripe.InvoiceLineItem>,
  FieldsOf<InvoicePayment, Stripe.InvoicePayment>,
  FieldsOf<PaymentIntent, Stripe.PaymentIntent>,
  FieldsOf<Charge, Stripe.Charge>,
  FieldsOf<Refund, Stripe.Refund>,
  FieldsOf<PortalSession, Stripe.BillingPortal.Session>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
