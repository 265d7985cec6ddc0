import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialized (from the read cache). Fastify passes strings through
 * untouched, so the route's response schema documents the body without re-serializing it.
 */
export function sendJsonText(reply: unknown, json: string, cacheControl: string): FastifyReply {
  return (reply as FastifyReply)
    .header('cache-control', cacheControl)
    .type('application/json; charset=utf-8')
    .send(json);
}
