/**
 * The bodies of the webhook calls (spec §5, §6), for the OpenAPI 3.1 `webhooks` section of the
 * public document. The worker builds them as `{event, id, createdAt, botId, ...payload}`; the
 * payloads are written by the owner service beside each fact.
 */
import { Type, type TSchema } from 'typebox';
import { named, Timestamp, Uuid } from '../../../lib/schemas.js';
import {
  PREVIOUS_SIGNATURE_HEADER,
  SIGNATURE_HEADER,
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
  TIMESTAMP_HEADER,
} from './signature.js';

/** The body of an event: the envelope every call has, then the event's own fields. */
export function eventBody(event: string, description: string, payload: Record<string, TSchema>) {
  const name = `${event
    .split('.')
    .map((part) => `${part[0]?.toUpperCase()}${part.slice(1)}`)
    .join('')}Event`;
  return named(
    name,
    Type.Object(
      {
        event: Type.Literal(event, { description: 'The kind of event' }),
        id: Type.String({ ...Uuid, description: 'Event id: the same on every attempt and redelivery; ignore ids already handled' }),
        createdAt: Type.String({ ...Timestamp, description: 'When the event happened (ISO 8601 UTC with milliseconds)' }),
        botId: Type.String({ description: 'Application ID of the bot' }),
        ...payload,
      },
      { description },
    ),
  );
}

const User = Type.String({ description: 'User ID of the voter, subscriber or donor' });

export const VoteEventBody = eventBody('vote', 'Someone voted for the bot', {
  user: User,
  username: Type.String({ description: 'Display name of the voter at the time of the vote' }),
  flagged: Type.Boolean({ description: 'The vote looks automated or abusive: do not reward it' }),
  votedAt: Type.String({ ...Timestamp, description: 'When the vote was cast' }),
  votesTotal: Type.Integer({ description: "The bot's total votes with this one" }),
  votesMonth: Type.Integer({ description: "The bot's votes in the UTC month of votedAt, with this one" }),
  expiresAt: Type.String({ ...Timestamp, description: 'End of the 12-hour window: from then on the user can vote again' }),
});

export const VoteReminderEventBody = eventBody(
  'vote.reminder',
  "A voter's 12-hour window has ended: they can vote again (sent once per vote, within a minute of the window's end, to endpoints subscribed to vote.reminder)",
  {
    user: User,
    username: Type.String({ description: 'Display name of the voter at the time of the vote' }),
    flagged: Type.Boolean({ description: 'The vote this reminds of was flagged' }),
    votedAt: Type.String({ ...Timestamp, description: 'When the vote was cast; the window ended 12 hours later' }),
  },
);

export const ReviewEventBody = eventBody(
  'review',
  'A review of the bot appeared, changed, was replied to, or left public view (opt-in: endpoints subscribe to review)',
  {
    action: Type.String({
      enum: ['created', 'updated', 'deleted', 'replied', 'hidden'],
      description:
        "created: newly published (written, approved by a moderator, or published again); updated: a published review's stars or text changed; deleted: a published review was deleted (by its author or a moderator); replied: the developer's reply was set, changed or removed (developerReply null); hidden: a published review left view (a moderator hid it, or its author's edit waits for moderation)",
    }),
    reviewId: Type.String({ ...Uuid, description: 'The review' }),
    user: Type.String({ description: 'User ID of the author' }),
    username: Type.String({ description: 'Display name of the author' }),
    rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Stars, 1 to 5' }),
    body: Type.String({ description: 'The review text (plain text, line breaks as \\n), as it is after the change' }),
    developerReply: Type.Union([Type.Object({ body: Type.String(), repliedAt: Timestamp }), Type.Null()], {
      description: "The developer's reply after the change; null when there is none",
    }),
  },
);

export const PremiumEventBody = eventBody('premium', 'A premium subscription began (active: true) or ended (active: false)', {
  user: User,
  guildId: Type.Union([Type.String(), Type.Null()], { description: 'Server ID for a guild-scoped tier; null for a user-scoped tier' }),
  tierId: Type.String({ ...Uuid, description: 'The tier subscribed to' }),
  tierName: Type.String({ description: 'Display name of the tier' }),
  interval: Type.String({ description: 'Billing interval, e.g. month or year' }),
  active: Type.Boolean({
    description: 'true: the subscription begins (or begins again after running out); false: it ends (ended, or ran past expiresAt)',
  }),
  expiresAt: Type.String({ ...Timestamp, description: 'Paid-until date' }),
  cancelAtPeriodEnd: Type.Boolean({ description: 'The subscriber cancelled; it ends at expiresAt instead of renewing' }),
});

export const DonationEventBody = eventBody('donation', 'Someone supported the bot with a donation', {
  user: User,
  username: Type.Union([Type.String(), Type.Null()], { description: 'Display name of the donor; null when not given' }),
  amount: Type.Number({ description: 'Amount in currency units (at most two decimals), e.g. 4.5' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. EUR' }),
});

export const TestEventBody = eventBody('test', 'Sent on request from the management API to check a receiver', {
  message: Type.String({ description: 'A fixed human-readable text' }),
});

const headers = [
  {
    in: 'header',
    name: TIMESTAMP_HEADER,
    required: true,
    description:
      'Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    in: 'header',
    name: SIGNATURE_HEADER,
    required: true,
    description:
      'Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401).',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    in: 'header',
    name: PREVIOUS_SIGNATURE_HEADER,
    required: false,
    description:
      'Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    in: 'header',
    name: STANDARD_ID_HEADER,
    required: true,
    description: "Standard Webhooks: the event id (the body's `id`), the same on every attempt",
    schema: { type: 'string' },
  },
  {
    in: 'header',
    name: STANDARD_TIMESTAMP_HEADER,
    required: true,
    description: 'Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp)',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    in: 'header',
    name: STANDARD_SIGNATURE_HEADER,
    required: true,
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The answers a receiver may give, with what follows each under WEBHOOK_RETRY_SCHEDULE (seconds). */
function responsesFor(retrySchedule: readonly number[]) {
  const count = retrySchedule.length;
  const repeats = `${COUNT_WORDS[count] ?? count} repeat${count === 1 ? '' : 's'}`;
  const delays = count < 2 ? retrySchedule.join('') : `${retrySchedule.slice(0, -1).join(', ')} and ${retrySchedule[count - 1]}`;
  return {
    '2XX': { description: 'Received. Any 2xx counts as success.' },
    '429': { description: 'Repeated later; a Retry-After longer than the schedule is honoured (up to one hour).' },
    '5XX': {
      description: count === 0 ? 'Not repeated: the delivery fails at once.' : `Repeated: ${repeats} at most, after ${delays} seconds.`,
    },
    default: { description: 'Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed.' },
  };
}

function webhook(operationId: string, summary: string, schema: TSchema, responses: ReturnType<typeof responsesFor>) {
  return {
    post: {
      operationId,
      summary,
      description:
        'Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; ' +
        'Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.',
      tags: ['webhooks'],
      // Our call carries no credential of the receiver: it proves itself with the signature headers.
      security: [],
      parameters: headers,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses,
    },
  };
}

/** An event described by the module that records it (which this folder must not import). */
export interface MoreWebhook {
  operationId: string;
  summary: string;
  schema: TSchema;
}

/** The OpenAPI 3.1 `webhooks` object: one entry per event, the retries as configured. */
export function openapiWebhooks(retrySchedule: readonly number[], more: Record<string, MoreWebhook> = {}) {
  const responses = responsesFor(retrySchedule);
  return {
    vote: webhook('voteEvent', 'A vote for the bot', VoteEventBody, responses),
    'vote.reminder': webhook('voteReminderEvent', "A voter's 12-hour window ended (opt-in)", VoteReminderEventBody, responses),
    review: webhook('reviewEvent', 'A review appeared, changed, was replied to or left view (opt-in)', ReviewEventBody, responses),
    premium: webhook('premiumEvent', 'A premium subscription began or ended', PremiumEventBody, responses),
    donation: webhook('donationEvent', 'A donation to the bot', DonationEventBody, responses),
    test: webhook('testEvent', 'A test call requested by the operator', TestEventBody, responses),
    ...Object.fromEntries(Object.entries(more).map(([name, w]) => [name, webhook(w.operationId, w.summary, w.schema, responses)])),
  };
}
