/**
 * The package entry: what a bot owner's receiver needs to check our webhook calls. The service itself
 * starts from src/server.ts.
 */
export { verifyWebhook } from './modules/webhooks/verify.js';
export type { VerifyFailureReason, VerifyOptions, VerifyResult, WebhookHeaders } from './modules/webhooks/verify.js';
