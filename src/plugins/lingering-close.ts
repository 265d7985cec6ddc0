import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a refused upload may go on being read (and discarded) after the answer. */
export const LINGER_MS = 5000;

const armed = new WeakSet<Socket>();

/**
 * For an answer sent while the client is still sending its body (a 413 before the body was read,
 * a 422 for malformed JSON, a 408): the connection is closed after the answer, but not at once.
 * Closing a socket with unread data in it makes the kernel send RST, and a client that is still
 * writing then often loses the answer it was sent. So the answer goes out, our side half-closes
 * (FIN), and the rest of the upload is read and discarded until the client closes or `LINGER_MS`
 * passes (what web servers call a lingering close).
 */
export function closeAfterAnswer(reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = reply.raw.socket;
  if (!socket || armed.has(socket)) return;
  armed.add(socket);
  // Node's server calls destroySoon() once the answer with `Connection: close` has been written.
  socket.destroySoon = () => lingerThenClose(socket);
}

/** Sends FIN after what is queued, keeps reading until the peer closes or the time is up. */
export function lingerThenClose(socket: Socket, ms = LINGER_MS): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.end();
  // The HTTP parser may have let go of the socket: keep it flowing so the peer is never blocked.
  socket.resume();
}

/** A request announced a body that has not been read to its end. */
export function bodyStillArriving(request: FastifyRequest): boolean {
  if (request.raw.complete) return false;
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
