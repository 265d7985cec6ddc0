import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import type { CachedResponse } from './read-cache.js';

/**
 * Sends a cached, already serialized response with its ETag, or 304 when the client holds it.
 * Fastify passes strings and buffers through untouched, so the route's response schema
 * documents the body without re-serializing it.
 */
export function sendCached(
  request: FastifyRequest,
  reply: unknown,
  cached: CachedResponse,
  headers: { contentType: string; cacheControl: string },
): FastifyReply {
  const out = (reply as FastifyReply).header('cache-control', headers.cacheControl).header('etag', cached.etag);
  // 'finish' comes once the last byte is with the kernel; a response cut off before never gives
  // its buffer back (the collector frees it), so no buffer is reused while a socket may read it.
  if (cached.release) out.raw.once('finish', cached.release);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return out.code(304).send();
  return out.type(headers.contentType).send(cached.body);
}

/**
 * `sendCached` for an answer that may still be computing, from a handler that is not async: a
 * cached answer then leaves without a promise (an async handler costs each request a promise
 * and a turn of the microtask queue). The handler must not return the promise: Fastify would
 * send a second, empty answer when it resolves while our onSend hooks still run. A failure goes
 * to the error handler.
 */
export function replyCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: MaybePromise<CachedResponse>,
  headers: { contentType: string; cacheControl: string },
): void {
  if (isPromise(cached)) {
    cached.then(
      (answer) => sendCached(request, reply, answer, headers),
      (error: Error) => reply.send(error),
    );
  } else sendCached(request, reply, cached, headers);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
