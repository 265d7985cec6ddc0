/**
 * The package entry: what a bot owner's receiver needs to check our webhook calls (the SDK's own
 * verifier, one implementation for both). The service itself starts from src/server.ts.
 */
export { verifyWebhook } from '../packages/sdk/src/webhooks/verify.js';
export type { VerifyFailureReason, VerifyOptions, VerifyResult, WebhookHeaders } from '../packages/sdk/src/webhooks/verify.js';
