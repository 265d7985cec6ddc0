import fc, { type Arbitrary } from 'fast-check';

/** A JSON Schema as the OpenAPI documents carry it (components already inlined). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** Strings people and attackers send: unicode of every kind, control characters, markup, SQL, paths. */
export const hostileString: Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e400',
    '9'.repeat(40),
    '-0',
    '0x10',
    '<script>alert(1)</script>',
    '"><svg onload=alert(1)>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '%',
    '%E0%A4%A',
    '\u202Egnp.exe',
    '👍🏽👩‍👩‍👧',
    'ä'.repeat(200),
    'x'.repeat(5000),
    '\r\nX-Injected: 1',
    '{"a":1}',
    '[]',
    'true',
  ),
);

/** Values of every JSON type, nested a little, and bodies nested far too deep. */
export const hostileJson: Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 50, max: 3000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
  fc.integer({ min: 50, max: 3000 }).map((depth) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) as unknown),
  hostileString,
);

/**
 * Values that follow the schema (bounds, formats, patterns, enums), so requests get past the first
 * check and reach the service; every field may still be swapped for a hostile value.
 */
export function valid(schema: JsonSchema): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valid));
  if (schema.allOf)
    return fc.tuple(...schema.allOf.map(valid)).map((parts) => Object.assign({}, ...parts.filter((p) => typeof p === 'object')));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(schema.items ? valid(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, maybeHostile(property)]));
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The schema's value most of the time, a hostile one sometimes. */
export function maybeHostile(schema: JsonSchema): Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid(schema), weight: 4 }, { arbitrary: hostileJson, weight: 1 });
}

function validString(schema: JsonSchema): Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern, 'u'))
        .filter((s) => s.length <= (schema.maxLength ?? 200) && s.length >= (schema.minLength ?? 0));
    } catch {
      // A pattern the generator cannot read: any string.
    }
  }
  return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}
