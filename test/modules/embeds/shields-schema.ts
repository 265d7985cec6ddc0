import { Ajv } from 'ajv';

/**
 * shields.io's "endpoint badge" response schema, schema version 1, as shields.io validates it
 * (`services/endpoint-common.js` in badges/shields, documented at
 * https://shields.io/badges/endpoint-badge). No npm package ships it, so it is written out here:
 * unknown keys are rejected, `label` may be empty, `message` may not, `cacheSeconds` is a
 * non-negative integer (values below 300 are ignored by shields.io), `namedLogo` and `logoSvg`
 * exclude each other, and `logoColor`/`logoWidth`/`logoSize` only come with a logo.
 */
export const SHIELDS_ENDPOINT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['schemaVersion', 'label', 'message'],
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: { type: 'string', minLength: 1 },
    color: { type: 'string' },
    labelColor: { type: 'string' },
    isError: { type: 'boolean' },
    namedLogo: { type: 'string' },
    logoSvg: { type: 'string' },
    logoColor: { type: 'string' },
    logoSize: { type: 'string' },
    logoWidth: { type: 'number' },
    style: { type: 'string' },
    cacheSeconds: { type: 'integer', minimum: 0 },
  },
  allOf: [
    { not: { required: ['namedLogo', 'logoSvg'] } },
    { if: { required: ['logoColor'] }, then: { required: ['namedLogo'] } },
    { if: { required: ['logoWidth'] }, then: { anyOf: [{ required: ['namedLogo'] }, { required: ['logoSvg'] }] } },
  ],
} as const;

/**
 * Colours shields.io understands: its named colours and aliases, or hex digits (3 or 6) without
 * `#` (it also takes CSS colours, which we never send).
 */
export const SHIELDS_COLOUR =
  /^(brightgreen|green|yellow|yellowgreen|orange|red|blue|grey|lightgrey|gray|lightgray|critical|important|success|informational|inactive|([\da-f]{3}){1,2})$/i;

export const validateShieldsEndpoint = new Ajv({ strict: true, strictRequired: false, strictTypes: false, allErrors: true }).compile(
  SHIELDS_ENDPOINT_SCHEMA,
);
