/**
 * Every rule of a webhook endpoint's state in one place: when it is enabled or switched off, when
 * its run of failures starts again, and from when it receives events. Like svix's
 * `process_endpoint_success`/`process_endpoint_failure`, the delivery pipeline and the management
 * API both come here; the repositories only read and write what this module decides.
 */
import type { Queryable } from '../../../db/index.js';
import { SYSTEM } from '../../audit/entry.js';
import { auditRepository } from '../../audit/repository.js';
import { notificationRepository, type NewNotification } from '../notifications/repository.js';
import { redactUrl } from './discord-url.js';
import { webhookRepository, type EndpointState, type StoredWebhook } from './repository.js';

/** Spec §3, §6: finally failed deliveries in a row that switch a webhook off. */
export const DISABLE_AFTER_FAILURES = 20;

type Stored = Pick<StoredWebhook, 'enabled' | 'disabledAt' | 'consecutiveFailures'>;

/** What a recorded attempt tells its endpoint's state (the delivery pipeline records it). */
export interface RecordedOutcome {
  endpointId: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** The endpoint's run of failures when the attempt was recorded. */
  consecutiveFailures: number;
}

export const endpointState = {
  /** The state a PUT leaves: `enabled` as asked (default true), from the webhook as it was (if any). */
  configure(existing: Stored | undefined, enabled: boolean, now: Date): EndpointState {
    return enabled ? endpointState.enable(existing, now) : endpointState.disable(existing, now);
  },

  /**
   * Enabling a disabled (or new) webhook resets its failure count and starts delivering the events
   * from now on; an enabled one stays as it is.
   */
  enable(existing: Stored | undefined, now: Date): EndpointState {
    if (existing?.enabled)
      return { enabled: true, disabledAt: null, consecutiveFailures: existing.consecutiveFailures, activeSince: undefined };
    return { enabled: true, disabledAt: null, consecutiveFailures: 0, activeSince: now };
  },

  /** A change that leaves `enabled` alone leaves the whole state alone. */
  keep(existing: Stored): EndpointState {
    const disabledAt = existing.disabledAt ? new Date(existing.disabledAt) : null;
    return { enabled: existing.enabled, disabledAt, consecutiveFailures: existing.consecutiveFailures, activeSince: undefined };
  },

  /** Switching off keeps the failure count, and the moment of the first switch-off if it was off already. */
  disable(existing: Stored | undefined, now: Date): EndpointState {
    const disabledAt = existing && !existing.enabled && existing.disabledAt ? new Date(existing.disabledAt) : now;
    return { enabled: false, disabledAt, consecutiveFailures: existing?.consecutiveFailures ?? 0, activeSince: undefined };
  },

  /**
   * A success ends its webhook's run of failures. Called with the outcomes just recorded; writes
   * only when a succeeded delivery's webhook has failures to forget (rare), so the common case costs
   * no statement. A failure counted between the record and this reset is forgotten too, as if the
   * success had come after it.
   */
  async onSuccess<T extends RecordedOutcome>(db: Queryable, recorded: Iterable<T>): Promise<void> {
    const ids = new Set<string>();
    for (const outcome of recorded) if (outcome.status === 'succeeded' && outcome.consecutiveFailures > 0) ids.add(outcome.endpointId);
    if (ids.size > 0) await webhookRepository.clearFailures(db, [...ids]);
  },

  /**
   * Counts a finally failed delivery (inside the transaction that recorded it) and switches its
   * endpoint off when the run reaches DISABLE_AFTER_FAILURES, recording the notice for the owner
   * (`email`: an e-mail is owed for it) and the switch-off in the audit log, as the service's. Answers the webhook when this very call switched it off
   * (exactly one caller sees that).
   */
  async onFinalFailure(tx: Queryable, endpointId: string, now: Date, email: boolean): Promise<StoredWebhook | undefined> {
    const before = await webhookRepository.findEndpoint(tx, endpointId, undefined, true);
    if (!before) return undefined;
    const consecutiveFailures = before.consecutiveFailures + 1;
    const switchOff = before.enabled && consecutiveFailures >= DISABLE_AFTER_FAILURES;
    const after = await webhookRepository.updateState(
      tx,
      endpointId,
      switchOff ? { consecutiveFailures, enabled: false, disabledAt: now } : { consecutiveFailures },
      now,
    );
    if (!switchOff) return undefined;
    await notificationRepository.insert(tx, switchOffNotice(after), now, email);
    await auditRepository.record(
      tx,
      {
        actor: SYSTEM,
        action: 'webhook.switch_off',
        botId: after.botId,
        target: after.id,
        diff: {
          enabled: { before: true, after: false },
          consecutiveFailures: { before: before.consecutiveFailures, after: consecutiveFailures },
        },
      },
      now,
    );
    return after;
  },
};

/** The notice (and log line) of a switch-off. */
export function switchOffNotice(webhook: StoredWebhook): NewNotification {
  return {
    botId: webhook.botId,
    kind: 'webhook_disabled',
    message: `The webhook of bot ${webhook.botId} (${redactUrl(webhook.url)}) was switched off after ${webhook.consecutiveFailures} deliveries in a row failed finally.`,
    // Notices are stored in plain text and shown in the dashboard: a Discord URL's token stays out.
    details: {
      endpointId: webhook.id,
      url: redactUrl(webhook.url),
      consecutiveFailures: webhook.consecutiveFailures,
      disabledAt: webhook.disabledAt,
    },
  };
}
