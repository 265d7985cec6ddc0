/**
 * Reads the environment through the schema: the only place that looks at `env`. A variable set to
 * the empty string counts as unset. Integers and booleans are read strictly (no " 60", "1e3" or
 * "on"), then defaults are filled in and the compiled schema checks bounds, enums, lengths and
 * patterns. The first problem, in the schema's order, becomes one ConfigError line.
 */
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ConfigError } from './errors.js';
import { ConfigSchema, type ConfigVariables, type VariableName } from './schema.js';

export type Env = Record<string, string | undefined>;

export interface Variables {
  values: ConfigVariables;
  /** The variables the environment set (not empty); the others hold their schema default, if any. */
  given: ReadonlySet<VariableName>;
}

/** A variable's schema, with the keywords this file and the README table read. */
export type Declaration = TSchema & {
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  enum?: unknown[];
  'x-problem'?: string;
  'x-default-text'?: string;
};

const validator = Compile(ConfigSchema);
const NAMES = Object.keys(ConfigSchema.properties) as VariableName[];

export function readVariables(env: Env): Variables {
  const read: Record<string, unknown> = {};
  const texts = new Map<VariableName, string>();
  for (const name of NAMES) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    texts.set(name, text);
    read[name] = decode(name, declaration(name), text);
  }
  const values = validator.Default(read);
  const errors = validator.Errors(values);
  if (errors.length > 0) {
    const name = NAMES.find((n) => errors.some((e) => e.instancePath === `/${n}`));
    if (name === undefined) throw new Error(`configuration schema: ${errors[0]?.message ?? 'invalid'}`);
    const error = errors.find((e) => e.instancePath === `/${name}`)!;
    throw new ConfigError(
      name,
      problem(declaration(name), error.keyword, texts.get(name) ?? String((values as Record<string, unknown>)[name])),
    );
  }
  return { values: values as ConfigVariables, given: new Set(texts.keys()) };
}

/** 1/0, true/false, yes/no; undefined for anything else. */
export function parseBoolean(text: string): boolean | undefined {
  if (['1', 'true', 'yes'].includes(text)) return true;
  if (['0', 'false', 'no'].includes(text)) return false;
  return undefined;
}

export function declaration(name: VariableName): Declaration {
  return ConfigSchema.properties[name];
}

/** The environment's text as the schema's type; strings (and enums) stay as they are. */
function decode(name: VariableName, schema: Declaration, text: string): unknown {
  const custom = schema['x-problem'];
  if (Type.IsInteger(schema)) {
    if (!/^-?\d+$/.test(text)) throw new ConfigError(name, `${custom ?? 'must be an integer'}, got "${text}"`);
    return Number(text);
  }
  if (Type.IsBoolean(schema)) {
    const value = parseBoolean(text);
    if (value === undefined) throw new ConfigError(name, `must be 1/0, true/false or yes/no, got "${text}"`);
    return value;
  }
  return text;
}

function problem(schema: Declaration, keyword: string, text: string): string {
  const custom = schema['x-problem'];
  switch (keyword) {
    case 'minimum':
    case 'maximum':
      return custom ? `${custom}, got "${text}"` : `must be between ${schema.minimum} and ${schema.maximum}, got ${text}`;
    case 'enum':
      return `must be one of ${(schema.enum ?? []).join(', ')}, got "${text}"`;
    case 'minLength':
      // Lengths guard tokens and secrets: the value is never repeated.
      return custom ?? `must be at least ${schema.minLength} characters`;
    default:
      return `${custom ?? `is not valid (${keyword})`}, got "${text}"`;
  }
}
