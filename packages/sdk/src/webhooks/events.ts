import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];

export type VoteEvent = Schemas['VoteEvent'];
export type PremiumEvent = Schemas['PremiumEvent'];
export type DonationEvent = Schemas['DonationEvent'];
export type TestEvent = Schemas['TestEvent'];
/** The bot's listing changed state, or an edit of it was reviewed (endpoints subscribe to it). */
export type ListingEvent = Schemas['ListingEvent'];
/** A voter's 12-hour window ended: they can vote again (endpoints subscribe to it). */
export type VoteReminderEvent = Schemas['VoteReminderEvent'];
/**
 * A review of the bot appeared, changed, was replied to or left view; `action` says which:
 * created, updated, deleted, replied, hidden (endpoints subscribe to it).
 */
export type ReviewEvent = Schemas['ReviewEvent'];

/** Every webhook body the service sends, told apart by `event`. */
export type WebhookEvent = VoteEvent | VoteReminderEvent | PremiumEvent | DonationEvent | TestEvent | ListingEvent | ReviewEvent;
export type WebhookEventName = WebhookEvent['event'];

/** A body of a kind this version of the SDK does not know (the service may add kinds). */
export interface UnknownEvent {
  event: string;
  id: string;
  createdAt: string;
  botId: string;
  [field: string]: unknown;
}

const KNOWN: ReadonlySet<string> = new Set<WebhookEventName>(['vote', 'vote.reminder', 'premium', 'donation', 'test', 'listing', 'review']);

export type ParsedBody = { ok: true; event: WebhookEvent; known: true } | { ok: true; event: UnknownEvent; known: false } | { ok: false };

/** Parses a verified body: an object with string `event`, `id`, `createdAt` and `botId`. */
export function parseEvent(rawBody: string | Uint8Array): ParsedBody {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    return { ok: false };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false };
  const fields = body as Record<string, unknown>;
  for (const name of ['event', 'id', 'createdAt', 'botId']) if (typeof fields[name] !== 'string') return { ok: false };
  return KNOWN.has(fields.event as string)
    ? { ok: true, event: body as WebhookEvent, known: true }
    : { ok: true, event: body as UnknownEvent, known: false };
}

/**
 * Whether a vote should earn its reward: the service marks votes that look automated or abusive
 * as `flagged` and asks receivers not to reward them (spec §6).
 */
export function isRewardable(event: VoteEvent): boolean {
  return !event.flagged;
}
