import { createWebhookHandler, type WebhookHandlerOptions } from './handler.js';
import type { WebhookHeaders } from './verify.js';

/** The few members of a Fastify instance the plugin uses (the SDK does not depend on Fastify). */
interface FastifyLike {
  removeContentTypeParser(contentType: string | string[]): unknown;
  addContentTypeParser(
    contentType: string | string[] | RegExp,
    options: { parseAs: 'buffer'; bodyLimit?: number },
    parser: (request: unknown, body: Buffer, done: (error: Error | null, body?: unknown) => void) => void,
  ): void;
  post(path: string, handler: (request: { body: unknown; headers: WebhookHeaders }, reply: FastifyReplyLike) => Promise<unknown>): unknown;
}
interface FastifyReplyLike {
  code(status: number): FastifyReplyLike;
  send(payload: unknown): FastifyReplyLike;
}

export interface FastifyWebhookOptions extends WebhookHandlerOptions {
  /** The route. Default `/webhook`. */
  path?: string;
}

/**
 * A Fastify plugin: `app.register(fastifyWebhook, { path: '/webhook', secret, onVote })`. It keeps
 * the raw body for its own route only (its content-type parser stays inside the plugin's scope).
 */
export async function fastifyWebhook(app: FastifyLike, options: FastifyWebhookOptions): Promise<void> {
  const handle = createWebhookHandler(options);
  // The signature covers the bytes as sent: keep them as a Buffer instead of parsing JSON.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(options.path ?? '/webhook', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await handle(body, request.headers);
    return reply.code(outcome.status).send(outcome.body);
  });
}
