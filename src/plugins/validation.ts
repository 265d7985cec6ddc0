import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

/**
 * Query strings and paths are text, so they are coerced ("5" → 5, a lone `?a=1` for an array).
 * JSON bodies are not: `"serverCount": "5"` is a wrong type and gets a 422, not a silent fix.
 */
export default fp(
  async function validationPlugin(app: FastifyInstance) {
    const textParts = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
    const jsonBodies = addFormats(new Ajv({ ...common, coerceTypes: false }));
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? jsonBodies : textParts).compile(schema),
    );
  },
  { name: 'validation' },
);
