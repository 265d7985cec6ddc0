import type { IncomingMessage, ServerResponse } from 'node:http';
import { createWebhookHandler, type WebhookHandlerOptions, type WebhookOutcome } from './handler.js';

export interface NodeMiddlewareOptions extends WebhookHandlerOptions {
  /** Only POSTs to this path are handled; others go to `next` (or get 404 without one). Default: every path. */
  path?: string;
  /** Largest body read, in bytes. Default 1 MiB (the service's bodies are under 2 KB). */
  maxBodyBytes?: number;
}

type Next = (error?: unknown) => void;
/** A request that a body parser may have read already (express.raw / express.text set `body`). */
type Request = IncomingMessage & { body?: unknown };

/**
 * A request listener for node `http` and an express middleware in one:
 * `http.createServer(webhookMiddleware(options))` or `app.post('/webhook', webhookMiddleware(options))`.
 * It reads the raw body itself; behind `express.raw()` it takes the Buffer that left. Mount it
 * before `express.json()`, which would consume the bytes the signature covers.
 */
export function webhookMiddleware(options: NodeMiddlewareOptions): (req: Request, res: ServerResponse, next?: Next) => void {
  const handle = createWebhookHandler(options);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (options.path !== undefined && path !== options.path) {
      if (next) return next();
      return send(res, 404, { ok: false, reason: 'not_found' });
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return send(res, 405, { ok: false, reason: 'method_not_allowed' });
    }
    rawBody(req, maxBodyBytes)
      .then(async (body) => {
        if (body === 'too_large') return send(res, 413, { ok: false, reason: 'payload_too_large' });
        if (body === 'parsed') {
          return send(res, 500, { ok: false, reason: 'body_already_parsed: mount the webhook before express.json()' });
        }
        const outcome: WebhookOutcome = await handle(body.raw, req.headers);
        send(res, outcome.status, outcome.body);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { ok: false, reason: 'internal_error' });
        (options.onError ?? console.error)(error);
      });
  };
}

/** The request's body as it came, or why there is none to verify. */
async function rawBody(req: Request, maxBytes: number): Promise<{ raw: Uint8Array | string } | 'too_large' | 'parsed'> {
  if (req.body !== undefined) {
    if (typeof req.body === 'string' || req.body instanceof Uint8Array) return { raw: req.body };
    // express.json() and friends leave an object (or {} for no body) and the stream drained.
    if (req.readableEnded || req.complete) return 'parsed';
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > maxBytes) {
      req.resume();
      return 'too_large';
    }
    chunks.push(bytes);
  }
  return { raw: Buffer.concat(chunks) };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
