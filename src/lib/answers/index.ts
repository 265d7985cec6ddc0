/**
 * The one way a read is answered: a route calls `reply.answer(read, compute)`; the service
 * computes a typed value; this module encodes it once, keeps the bytes (bounded in bytes, dropped
 * when a fact it depends on changes), and sends them with an ETag (304 when the client holds them).
 */
export { etagOf, EncodedJson } from './encoded-json.js';
export { answersPlugin } from './reply.js';
export { AnswerStore, type Answer, type Read, type StoreOptions, type StoreStats } from './store.js';
