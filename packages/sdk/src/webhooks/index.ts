/**
 * `@bot-directory/sdk/webhooks`: receive Bot Directory webhooks. Uses `node:crypto` (Node, Deno, Bun).
 */
export { verifyWebhook } from './verify.js';
export type { VerifyFailureReason, VerifyOptions, VerifyResult, WebhookHeaders } from './verify.js';
export { createWebhookHandler } from './handler.js';
export type { WebhookHandlerOptions, WebhookOutcome } from './handler.js';
export { webhookMiddleware } from './node.js';
export type { NodeMiddlewareOptions } from './node.js';
export { fastifyWebhook } from './fastify.js';
export type { FastifyWebhookOptions } from './fastify.js';
export { MemoryDedupeStore } from './dedupe.js';
export type { DedupeStore, MemoryStoreOptions } from './dedupe.js';
export { isRewardable, parseEvent } from './events.js';
export type {
  DonationEvent,
  ListingEvent,
  PremiumEvent,
  ReviewEvent,
  TestEvent,
  UnknownEvent,
  VoteEvent,
  VoteReminderEvent,
  WebhookEvent,
  WebhookEventName,
} from './events.js';
