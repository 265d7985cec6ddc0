import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Answer, AnswerStore, Read } from './store.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `reply.answer(read, compute)`: the one way a route answers a read. The store gives the answer
 * (kept, joined or computed), and it is sent with its ETag, or as 304 when the client holds it.
 * Call it from a handler that is not async and returns nothing: a kept answer then leaves
 * without a promise, and a failure goes to the error handler.
 */
export const answersPlugin = fp<{ store: AnswerStore }>(
  async (app: FastifyInstance, { store }) => {
    app.decorateReply('answer', function answer<T>(this: FastifyReply, read: Read<T>, compute: () => T | Promise<T>): void {
      let answer: Answer | Promise<Answer>;
      try {
        answer = store.answer(read, compute);
      } catch (error) {
        this.send(error);
        return;
      }
      if (answer instanceof Promise) {
        answer.then(
          (found) => send(this.request, this, found, read),
          (error: unknown) => this.send(error),
        );
      } else send(this.request, this, answer, read);
    });
  },
  { name: 'answers' },
);

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer, read: Pick<Read<unknown>, 'type' | 'cacheControl'>): void {
  reply.header('cache-control', read.cacheControl).header('etag', answer.etag);
  // 'finish' comes once the last byte is with the kernel; a response cut off before never gives
  // its buffer back (the collector frees it), so no buffer is reused while a socket may read it.
  if (answer.release) reply.raw.once('finish', answer.release);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
    return;
  }
  reply.type(read.type ?? JSON_TYPE).send(answer.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

declare module 'fastify' {
  interface FastifyReply {
    /** Answers a read through the process's answer store (src/lib/answers). */
    answer<T>(read: Read<T>, compute: () => T | Promise<T>): void;
  }
}
