import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from './errors.js';

/**
 * Turns Ajv's errors (the validator runs with allErrors) into one entry per rejected field.
 * Paths become dotted names (`slugs.de`, `tags.2`); an error about the whole object names the
 * part of the request it came from (`body`, `query`).
 */
export function fieldErrors(errors: FastifySchemaValidationError[], context: string | undefined): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of closestBranch(errors)) {
    const params = error.params;
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

/**
 * Of a body that matches none of a union's forms (anyOf), only what the closest form (the fewest
 * errors; the first on a tie) says is wrong: `{"serverCount": -1}` is about serverCount, not also
 * about the fields of the other forms.
 */
function closestBranch(errors: FastifySchemaValidationError[]): FastifySchemaValidationError[] {
  const branches = new Map<string, Map<number, number>>();
  for (const error of errors) {
    const match = /^(.*?\/anyOf)\/(\d+)\//.exec(error.schemaPath);
    if (!match) continue;
    const counts = branches.get(match[1] as string) ?? new Map<number, number>();
    const branch = Number(match[2]);
    counts.set(branch, (counts.get(branch) ?? 0) + 1);
    branches.set(match[1] as string, counts);
  }
  if (branches.size === 0) return errors;
  const chosen = new Map<string, number>();
  for (const [at, counts] of branches) {
    const [best] = [...counts].sort(([a, x], [b, y]) => x - y || a - b)[0] as [number, number];
    chosen.set(at, best);
  }
  return errors.filter((error) => {
    if (error.keyword === 'anyOf' && chosen.has(error.schemaPath)) return false;
    const match = /^(.*?\/anyOf)\/(\d+)\//.exec(error.schemaPath);
    return !match || chosen.get(match[1] as string) === Number(match[2]);
  });
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function rootName(context: string | undefined): string {
  if (context === 'querystring') return 'query';
  return context ?? 'request';
}
