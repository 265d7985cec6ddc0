import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastJsonStringify from 'fast-json-stringify';

type Serializer = (data: unknown) => string;

/**
 * Response serializers, built by fast-json-stringify as Fastify's own compiler builds them, and
 * kept per process by schema object: the route schemas are module constants, so apps built in
 * one process (the tests build one per file) build each serializer once. Building them is most
 * of what starting an app costs.
 */
const serializers = new WeakMap<object, Serializer>();

export default fp(
  async function serializationPlugin(app: FastifyInstance) {
    app.setSerializerCompiler(({ schema }) => {
      let serialize = serializers.get(schema);
      if (!serialize) {
        serialize = fastJsonStringify(schema) as Serializer;
        serializers.set(schema, serialize);
      }
      return serialize;
    });
  },
  { name: 'serialization' },
);
