import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from './errors.js';

/**
 * Turns Ajv's errors (the validator runs with allErrors) into one entry per rejected field.
 * Paths become dotted names (`slugs.de`, `tags.2`); an error about the whole object names the
 * part of the request it came from (`body`, `query`).
 */
export function fieldErrors(errors: FastifySchemaValidationError[], context: string | undefined): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    let path = error.instancePath.split('/').slice(1).map(unescapePointer);
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      path = [...path, params.missingProperty];
      message = 'is required';
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path = [...path, params.additionalProperty];
      message = 'is not an allowed field';
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of: ${params.allowedValues.join(', ')}`;
    }
    // A field without a name (`?=x`, `{"": 1}`) is named by its part of the request, not by ''.
    const joined = path.join('.');
    const field = joined !== '' ? joined : rootName(context);
    // anyOf/oneOf summaries repeat what the branch errors already said about the same field.
    const generic = error.keyword === 'anyOf' || error.keyword === 'oneOf';
    if (!byField.has(field) || (!generic && byField.get(field) === GENERIC)) {
      byField.set(field, generic ? GENERIC : message);
    }
  }
  return [...byField].map(([field, message]) => ({ field, message: message === GENERIC ? 'is invalid' : message }));
}

const GENERIC = '\u0000generic';

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function rootName(context: string | undefined): string {
  if (context === 'querystring') return 'query';
  return context ?? 'request';
}
