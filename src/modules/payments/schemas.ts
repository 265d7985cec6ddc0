import { Type, type Static } from 'typebox';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import { named, SnowflakeId, Timestamp, Uuid } from '../../lib/schemas.js';
import { subscriptionProperties } from '../premium/schemas.js';

const Currency = Type.String({ pattern: '^[a-z]{3}$', description: "Lower-case ISO 4217 code from Stripe's list, e.g. eur, jpy" });
const MinorAmount = Type.Integer({
  minimum: 1,
  maximum: 99_999_999,
  description: "Integer in the currency's minor units (cents; yen for JPY)",
});
const Texts = (maxLength: number, minLength: number) =>
  Type.Object({ en: Type.String({ minLength, maxLength }), de: Type.String({ minLength, maxLength }) }, { additionalProperties: false });

export const TierInput = Type.Object(
  {
    name: Texts(100, 1),
    description: Texts(1000, 0),
    scope: Type.Union([Type.Literal('user'), Type.Literal('guild')]),
    interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
    amountMinor: MinorAmount,
    currency: Currency,
  },
  { additionalProperties: false },
);
export type TierInput = Static<typeof TierInput>;

export const Tier = named(
  'PremiumTier',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    name: Type.Object({ en: Type.String(), de: Type.String() }),
    description: Type.Object({ en: Type.String(), de: Type.String() }),
    scope: Type.Union([Type.Literal('user'), Type.Literal('guild')]),
    interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    archived: Type.Boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);
export type Tier = Static<typeof Tier>;

export const PaymentAccount = named(
  'PaymentAccount',
  Type.Object({
    botId: Type.String(),
    accountId: Type.String({ description: "The bot's Stripe Express account" }),
    chargesEnabled: Type.Boolean(),
    detailsSubmitted: Type.Boolean(),
    requirementsDue: Type.Array(Type.String(), { description: 'What Stripe still asks the owner for' }),
    donationCurrency: Type.String(),
    connectedBy: Type.String({ description: 'Platform ID of the user who connected it' }),
    updatedAt: Timestamp,
  }),
);
export type PaymentAccount = Static<typeof PaymentAccount>;

const After = Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next` of the previous page' }));
const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 25 });
const Next = Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page; null on the last page' });

export const PaymentListQuery = Type.Object({ bot: Type.Optional(SnowflakeId), after: After, limit: Limit });
export type PaymentListQuery = Static<typeof PaymentListQuery>;

export const PaymentAccountList = named('PaymentAccountList', Type.Object({ data: Type.Array(PaymentAccount), next: Next }));
export type PaymentAccountList = Static<typeof PaymentAccountList>;

export const StripeSubscription = named(
  'StripeSubscription',
  Type.Object({
    ...subscriptionProperties,
    stripeSubscriptionId: Type.String(),
    stripeAccountId: Type.String(),
    stripeStatus: Type.String({ description: "Stripe's status when it was last written (active, past_due, canceled …)" }),
    refundedUntil: Type.Union([Timestamp, Type.Null()], { description: 'Periods paid up to this time were refunded' }),
  }),
);
export type StripeSubscription = Static<typeof StripeSubscription>;
export const StripeSubscriptionList = named('StripeSubscriptionList', Type.Object({ data: Type.Array(StripeSubscription), next: Next }));
export type StripeSubscriptionList = Static<typeof StripeSubscriptionList>;

export const StripeDonation = named(
  'StripeDonation',
  Type.Object({
    id: Uuid,
    botId: Type.String(),
    user: Type.String(),
    username: Type.Union([Type.String(), Type.Null()], { description: 'null: anonymous' }),
    amountMinor: Type.Integer(),
    currency: Type.String({ description: 'Upper-case ISO 4217 code, as the donation event sends it' }),
    public: Type.Boolean(),
    refundedAt: Type.Union([Timestamp, Type.Null()]),
    stripeSessionId: Type.String(),
    createdAt: Timestamp,
  }),
);
export type StripeDonation = Static<typeof StripeDonation>;
export const StripeDonationList = named('StripeDonationList', Type.Object({ data: Type.Array(StripeDonation), next: Next }));
export type StripeDonationList = Static<typeof StripeDonationList>;

const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM (UTC)' });
export const PaymentTotalsQuery = Type.Object({
  bot: Type.Optional(SnowflakeId),
  from: Type.Optional(Month),
  to: Type.Optional(Month),
  after: After,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export type PaymentTotalsQuery = Static<typeof PaymentTotalsQuery>;

export const PaymentTotals = named(
  'PaymentTotals',
  Type.Object({
    data: Type.Array(
      Type.Object({
        botId: Type.String(),
        month: Type.String({ description: 'YYYY-MM (UTC)' }),
        currency: Type.String(),
        donationsMinor: Type.Integer({ description: 'Donations received (refunded ones left out), minor units' }),
        donations: Type.Integer({ description: 'How many' }),
        refundedMinor: Type.Integer({ description: 'Donations refunded, minor units' }),
        subscriptionsMinor: Type.Integer({ description: 'Subscription invoices paid in the month, minor units (refunds not deducted)' }),
        payments: Type.Integer({ description: 'How many subscription invoices were paid' }),
        subscriptionsRefundedMinor: Type.Integer({ description: 'Refunded of those invoices so far, minor units' }),
      }),
    ),
    next: Next,
  }),
);
export type PaymentTotals = Static<typeof PaymentTotals>;
