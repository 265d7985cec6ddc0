/** The events an endpoint can subscribe to. The delivery pipeline records and routes them (../delivery/outbox.ts). */
export const EVENT_TYPES = ['vote', 'vote.reminder', 'premium', 'donation', 'test', 'review', 'listing'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** What an endpoint receives unless it says otherwise: the spec's events. The newer ones are opt-in. */
export const DEFAULT_EVENTS: EventType[] = ['vote', 'premium', 'donation', 'test'];
