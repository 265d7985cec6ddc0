import { Type, type TSchema } from 'typebox';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

/** Platform IDs (application, user, guild): 17 to 20 digits, as strings. */
export const SNOWFLAKE_PATTERN = '^[0-9]{17,20}$';
const SNOWFLAKE = new RegExp(SNOWFLAKE_PATTERN);
export const SnowflakeId = Type.String({ pattern: SNOWFLAKE_PATTERN, description: 'Platform ID: 17 to 20 digits' });

/** The path of a bot's routes in the management API (`/bots/{id}/…`): its platform ID. */
export const AdminBotIdParams = Type.Object({ id: SnowflakeId });

/**
 * Whether a string can be a platform ID, for paths that take any string: only such IDs can name a
 * bot (the management API accepts no other), so anything else, a NUL byte included (PostgreSQL
 * rejects it in text with an error), is not found without a query.
 */
export function isSnowflakeId(id: string): boolean {
  return SNOWFLAKE.test(id);
}

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });

export const Uuid = Type.String({ format: 'uuid' });

export const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

/** Where a named schema's name is kept until the OpenAPI documents are built (plugins/openapi.ts). */
export const COMPONENT_NAME = 'x-component';

/**
 * Names an entity of the API: the OpenAPI documents show it once, as components.schemas[name],
 * and refer to it with $ref (so generated clients get a type of that name). Validation and
 * serialization ignore the name.
 */
export function named<T extends TSchema>(name: string, schema: T): T {
  NAMED.set(name, schema);
  return Object.assign(schema, { [COMPONENT_NAME]: name });
}

const NAMED = new Map<string, TSchema>();

/** The description a named schema was defined with (a place that uses it may give its own). */
export function namedDescription(name: string): string | undefined {
  const schema: { description?: unknown } | undefined = NAMED.get(name);
  return typeof schema?.description === 'string' ? schema.description : undefined;
}

export const Pagination = named(
  'Pagination',
  Type.Object(
    { page: Type.Integer(), limit: Type.Integer(), total: Type.Integer(), pages: Type.Integer() },
    { additionalProperties: false },
  ),
);

/** page: the spec only fixes a minimum; a safe-integer ceiling keeps huge values a 422 instead of an overflow. */
export const PageParam = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 });

export const ErrorResponse = named(
  'Error',
  Type.Object(
    {
      error: Type.Object({
        code: Type.String({ enum: Object.keys(ERROR_STATUS) }),
        message: Type.String(),
        details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
      }),
    },
    { description: 'Error envelope' },
  ),
);

/**
 * Response schemas for the error statuses a route documents, all sharing the envelope. Any route
 * may answer 405, 429, 500 and 503 (the database does not answer, or the process is overloaded);
 * a route that takes a body may also answer 408 (the body did not arrive in time).
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, TSchema> {
  const all: ErrorCode[] = [...codes, 'method_not_allowed', 'rate_limited', 'internal_error', 'service_unavailable'];
  if (codes.includes('payload_too_large')) all.push('request_timeout');
  return Object.fromEntries(all.map((code) => [ERROR_STATUS[code], { ...ErrorResponse, description: code }]));
}

/** For responses served with an ETag: `If-None-Match` with the current ETag answers 304, no body. */
export const notModified = { 304: Type.Null({ description: 'Not modified: If-None-Match named the current ETag' }) };

export function dataOf<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}
