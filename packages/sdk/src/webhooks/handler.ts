import { MemoryDedupeStore, type DedupeStore } from './dedupe.js';
import {
  parseEvent,
  type DonationEvent,
  type ListingEvent,
  type PremiumEvent,
  type ReviewEvent,
  type TestEvent,
  type UnknownEvent,
  type VoteEvent,
  type VoteReminderEvent,
  type WebhookEvent,
} from './events.js';
import { verifyWebhook, type WebhookHeaders } from './verify.js';

export interface WebhookHandlerOptions {
  /** The webhook's signing secret (`whsec_…`), as shown when the webhook was configured. */
  secret: string;
  /** A vote that earns its reward (not flagged). */
  onVote?: (event: VoteEvent) => unknown;
  /**
   * A vote the service flagged as automated or abusive: do not reward it (spec §6). Not given:
   * flagged votes are acknowledged and go nowhere else.
   */
  onFlaggedVote?: (event: VoteEvent) => unknown;
  onPremium?: (event: PremiumEvent) => unknown;
  onDonation?: (event: DonationEvent) => unknown;
  onTest?: (event: TestEvent) => unknown;
  /** The bot's listing changed state (approved, changes requested, denied, removed …) or an edit of it was reviewed. */
  onListing?: (event: ListingEvent) => unknown;
  /** A voter may vote again: their 12-hour window ended (endpoints subscribed to vote.reminder). */
  onVoteReminder?: (event: VoteReminderEvent) => unknown;
  /** A review appeared, changed, was replied to or left view (`event.action`; endpoints subscribed to review). */
  onReview?: (event: ReviewEvent) => unknown;
  /** Every verified, first-seen event of a known kind, flagged votes included (after the handlers above). */
  onEvent?: (event: WebhookEvent) => unknown;
  /** An event of a kind this SDK version does not know; it is acknowledged either way. */
  onUnknownEvent?: (event: UnknownEvent) => unknown;
  /** A handler failed (or, with `waitForHandlers: false`, anything after the answer). Default: `console.error`. */
  onError?: (error: unknown, event?: WebhookEvent | UnknownEvent) => void;
  /**
   * false (default): answer 200 as soon as the call is verified and its id claimed, then run the
   * handlers; a failing handler releases the id, so a redelivery is handled again.
   * true: answer after the handlers; a failing one makes the answer 500 and the service repeats the call.
   */
  waitForHandlers?: boolean;
  /** Seen event ids. Default: a {@link MemoryDedupeStore} of this process. */
  dedupe?: DedupeStore | false;
  /** How long an id is remembered. Default 24 h (retries span 15 min; an operator may redeliver later). */
  dedupeTtlMs?: number;
  /** Allowed clock difference. Default 300 s (spec §5). */
  toleranceSeconds?: number;
}

/** What to answer, and the event when one was accepted. */
export interface WebhookOutcome {
  status: number;
  body: { ok: true; id: string; duplicate: boolean } | { ok: false; reason: string };
  event?: WebhookEvent | UnknownEvent;
  /** With `waitForHandlers: false`: the handlers' run, which settles after the answer (never rejects). */
  handled: Promise<void>;
}

const DEFAULT_TTL_MS = 24 * 60 * 60_000;
const done = Promise.resolve();

/** Verifies, parses, deduplicates and dispatches one call; the framework adapters send the answer. */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (rawBody: string | Uint8Array, headers: WebhookHeaders) => Promise<WebhookOutcome> {
  if (typeof options?.secret !== 'string' || options.secret === '') throw new TypeError('webhook handler: secret is required');
  const store = options.dedupe === false ? undefined : (options.dedupe ?? new MemoryDedupeStore());
  const ttlMs = options.dedupeTtlMs ?? DEFAULT_TTL_MS;
  const onError = options.onError ?? ((error: unknown) => console.error('[bot-directory] webhook handler failed:', error));

  return async (rawBody, headers) => {
    const check = verifyWebhook(rawBody, headers, options.secret, { toleranceSeconds: options.toleranceSeconds });
    if (!check.ok) return { status: check.status, body: { ok: false, reason: check.reason }, handled: done };
    const parsed = parseEvent(rawBody);
    if (!parsed.ok) return { status: 400, body: { ok: false, reason: 'invalid_body' }, handled: done };
    const { event } = parsed;
    if (store && !(await store.claim(event.id, ttlMs))) {
      return { status: 200, body: { ok: true, id: event.id, duplicate: true }, event, handled: done };
    }
    const run = async (): Promise<void> => {
      if (parsed.known) await dispatch(options, parsed.event);
      else await options.onUnknownEvent?.(parsed.event);
    };
    const accepted = { status: 200, body: { ok: true as const, id: event.id, duplicate: false }, event };
    if (options.waitForHandlers) {
      try {
        await run();
        return { ...accepted, handled: done };
      } catch (error) {
        await store?.release(event.id);
        onError(error, event);
        return { status: 500, body: { ok: false, reason: 'handler_failed' }, event, handled: done };
      }
    }
    // After the answer is on its way: a slow handler must not hold the response.
    const handled = new Promise((resolve) => setTimeout(resolve, 0))
      .then(run)
      .catch(async (error: unknown) => {
        try {
          await store?.release(event.id);
        } finally {
          onError(error, event);
        }
      })
      .catch(() => undefined);
    return { ...accepted, handled };
  };
}

async function dispatch(options: WebhookHandlerOptions, event: WebhookEvent): Promise<void> {
  switch (event.event) {
    case 'vote':
      await (event.flagged ? options.onFlaggedVote : options.onVote)?.(event);
      break;
    case 'premium':
      await options.onPremium?.(event);
      break;
    case 'donation':
      await options.onDonation?.(event);
      break;
    case 'test':
      await options.onTest?.(event);
      break;
    case 'listing':
      await options.onListing?.(event);
      break;
    case 'vote.reminder':
      await options.onVoteReminder?.(event);
      break;
    case 'review':
      await options.onReview?.(event);
      break;
  }
  await options.onEvent?.(event);
}
