import { AppError, errorBody } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';

/** Largest Stripe event body taken (Stripe's events are far below it). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /stripe/webhook`: Stripe's events (Connect), signed over the exact bytes sent. This scope
 * parses no body: the raw bytes reach the handler for the signature check. Outside the API's rate
 * limits (Stripe retries on failure) and the pages' CSRF (it is no form). 404 when payments are off.
 */
export async function stripeWebhookRoutes(app: App): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    { schema: { hide: true }, config: { rateLimit: 'off' }, bodyLimit: WEBHOOK_BODY_LIMIT },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        await app.services.stripeEvents.receive(body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        // A forged, stale or missing signature: 400 in our envelope (Stripe shows it), nothing written.
        if (error instanceof AppError && error.code === 'validation_failed') {
          return reply.code(400).send(errorBody(error.code, error.message, error.details));
        }
        throw error;
      }
      return { received: true };
    },
  );
}
