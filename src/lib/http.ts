import type { FastifyReply, FastifyRequest } from 'fastify';
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
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return out.code(304).send();
  return out.type(headers.contentType).send(cached.body);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
