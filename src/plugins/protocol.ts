import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorBody } from '../lib/errors.js';
import { lingerThenClose } from './lingering-close.js';

/**
 * HTTP that Node answers (or drops) on its own before Fastify sees it, brought into the envelope:
 * a request without `Host`, `CONNECT`, and (in `clientErrorHandler`) malformed or too slow requests.
 * Node is told to pass the first two on (`requireHostHeader: false`, a `connect` listener).
 */
export default fp(
  async function protocolPlugin(app: FastifyInstance) {
    // RFC 9112 §3.2: an HTTP/1.1 request must carry Host. Node's own answer was a bare 400.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
        done(AppError.validation([{ field: 'request', message: 'HTTP/1.1 requires a Host header' }]) as unknown as Error);
      } else done();
    });

    // Node hands CONNECT to `connect` listeners and, without one, closes the connection unanswered.
    // Routed like any request instead: the path's Allow in a 405 (404 for an unknown path), counted
    // by the rate limit, logged; then the connection closes (it was meant for a tunnel).
    app.server.on('connect', (request: IncomingMessage, socket: Socket) => {
      const response = new ServerResponse(request);
      response.shouldKeepAlive = false;
      response.assignSocket(socket);
      response.on('finish', () => {
        response.detachSocket(socket);
        lingerThenClose(socket, 1000);
      });
      app.server.emit('request', request, response);
    });
  },
  { name: 'protocol' },
);

/** Node options for the server (Fastify passes `http` to createServer). */
export function serverOptions(requestTimeoutMs: number) {
  return {
    requireHostHeader: false,
    // How often Node looks for requests over their time; its default (30 s) let a trickled body
    // live up to a minute past requestTimeout.
    connectionsCheckingInterval: 1000,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
  };
}

/**
 * Requests that never reach the router: malformed HTTP (422 `validation_failed`, `request` detail;
 * the closed list of codes has no 400) and requests whose headers or body do not arrive within
 * the time (408 `request_timeout`). In the envelope, then a lingering close.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  if (!socket.writable) return;
  // An answer already under way on this socket must not be corrupted by a second one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const code = (error as NodeJS.ErrnoException).code ?? 'malformed';
  const timedOut = code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT';
  const body = JSON.stringify(
    timedOut
      ? errorBody('request_timeout', 'The request did not arrive in time')
      : errorBody('validation_failed', 'Malformed HTTP request', [{ field: 'request', message: code }]),
  );
  const status = timedOut ? '408 Request Timeout' : '422 Unprocessable Entity';
  socket.write(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  lingerThenClose(socket, 1000);
}
