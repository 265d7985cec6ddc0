import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false, addUsedSchema: false };

// One of each per process: Ajv keeps what it compiled by schema object, and the route schemas are
// module constants, so apps built in one process (the tests build one per file) compile each once.
const textParts = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
const jsonBodies = addFormats(new Ajv({ ...common, coerceTypes: false }));

/**
 * Query strings and path parameters arrive as text and are coerced to their schema types; a JSON
 * body keeps its own types, so `"serverCount": "5"` or `"isVerified": "true"` is a 422, not a silent fix.
 * PostgreSQL cannot store U+0000 in text: a body or query string carrying one is invalid input
 * (422 naming the field), not a database error (500). Path parameters are left to the routes.
 * Ajv coerces "Infinity" and "1e400" to an infinite number and then lets it pass `integer` and
 * `maximum`: those are rejected here too.
 */
export default fp(
  async function validationPlugin(app: FastifyInstance) {
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const validate = (httpPart === 'body' ? jsonBodies : textParts).compile(schema);
      if (httpPart !== 'body' && httpPart !== 'querystring') return validate;
      const checked = (data: unknown): boolean => {
        const valid = validate(data);
        // The common case (nothing unsafe) allocates nothing: this runs on every request.
        const unsafe = hasUnsafeValue(data) ? unsafeValueErrors(data, '') : NONE;
        checked.errors = unsafe === NONE ? (valid ? NONE : (validate.errors ?? NONE)) : [...(validate.errors ?? []), ...unsafe];
        return valid && unsafe.length === 0;
      };
      checked.errors = [] as ErrorObject[];
      return checked;
    });
  },
  { name: 'validation' },
);

const NONE: ErrorObject[] = [];
/**
 * Deeper than any body of this API (the synonyms body, the deepest, has 4 levels). A body of
 * `[[[[…` thousands deep is a 422, not a stack overflow: both walks below stop at this depth.
 */
export const MAX_JSON_DEPTH = 32;

function hasUnsafeValue(data: unknown, depth = 0): boolean {
  if (typeof data === 'string') return data.includes('\u0000');
  if (typeof data === 'number') return !Number.isFinite(data);
  if (typeof data !== 'object' || data === null) return false;
  if (depth >= MAX_JSON_DEPTH) return true;
  for (const key in data) {
    if (hasUnsafeValue((data as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function unsafeValueErrors(data: unknown, path: string, depth = 0): ErrorObject[] {
  const error = (message: string): ErrorObject[] => [{ instancePath: path, schemaPath: '#', keyword: 'value', params: {}, message }];
  if (typeof data === 'string') return data.includes('\u0000') ? error('must not contain the NUL character (U+0000)') : [];
  if (typeof data === 'number') return Number.isFinite(data) ? [] : error('must be a finite number');
  if (typeof data !== 'object' || data === null) return [];
  if (depth >= MAX_JSON_DEPTH) return error(`is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return Object.entries(data).flatMap(([key, value]) =>
    unsafeValueErrors(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1),
  );
}
