/** The schema is the whole list: the code reads no other variable, and refuses a bad value of each kind. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, readConfig, type Env } from '../../src/config/index.js';

const NAMES = Object.keys(ConfigSchema.properties);
/** Each variable's declaration, keywords readable by name. */
const DECLARATIONS = Object.entries(ConfigSchema.properties).map(
  ([name, schema]) => [name, schema as unknown as Record<string, unknown>] as const,
);
const base = { NODE_ENV: 'test' };

/** Every key readConfig looked up in `env`. */
function keysRead(env: Env): string[] {
  const read = new Set<string>();
  const spy = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  readConfig(spy);
  return [...read];
}

function rejection(env: Env): ConfigError {
  try {
    readConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('configuration schema', () => {
  it('declares every variable readConfig reads', () => {
    const everything = {
      NODE_ENV: 'production',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
      DATABASE_URL: 'postgres://db/bd',
      SECRET_KEY: 'ab'.repeat(32),
      BASE_URL: 'https://bots.example.org',
      SITE_URL: 'https://www.example.org',
      API_V1_DEPRECATED_AT: '2027-01-01',
      API_V1_SUNSET_AT: '2027-07-01',
      TRUST_PROXY: '10.0.0.0/8',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail.example.org',
      OPERATOR_EMAIL: 'ops@example.org',
      SMTP_FROM: 'bots@example.org',
      AUTH_PROVIDER: 'oidc',
      AUTH_CLIENT_ID: 'id',
      AUTH_CLIENT_SECRET: 'secret',
      AUTH_ISSUER: 'https://id.example.org',
      SESSION_SECRET: 's'.repeat(32),
    };
    for (const env of [{}, base, everything, { ...everything, AUTH_PROVIDER: 'discord' }]) {
      expect(keysRead(env).filter((key) => !NAMES.includes(key))).toEqual([]);
    }
  });

  it('declares every variable the rest of src/ names in process.env or env', () => {
    const named = new Set<string>();
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) {
        named.add(match[1] ?? match[2]!);
      }
    }
    expect([...named].filter((name) => !NAMES.includes(name))).toEqual([]);
  });

  it('gives every variable a meaning', () => {
    for (const [name, schema] of DECLARATIONS) {
      expect(schema.description, name).toBeTruthy();
    }
  });

  describe('refuses a bad value of each kind, naming the variable in one line', () => {
    const cases: [string, string][] = [];
    for (const [name, schema] of DECLARATIONS) {
      if (Type.IsInteger(schema)) {
        cases.push(
          [name, String((schema.minimum as number) - 1)],
          [name, String((schema.maximum as number) + 1)],
          [name, '1.5'],
          [name, 'ten'],
        );
      } else if (Type.IsBoolean(schema)) {
        cases.push([name, 'maybe']);
      } else if (Type.IsEnum(schema)) {
        cases.push([name, 'none-of-these']);
      } else if (typeof schema.minLength === 'number') {
        cases.push([name, 'x'.repeat(schema.minLength - 1)]);
      } else if (typeof schema.pattern === 'string') {
        cases.push([name, 'has space']);
      }
    }

    it('covers integers, booleans, enums, lengths and patterns', () => {
      const names = cases.map(([name]) => name);
      for (const name of [
        'PORT',
        'RATE_LIMIT_ENABLED',
        'LOG_LEVEL',
        'AUTH_PROVIDER',
        'ADMIN_TOKEN',
        'SESSION_SECRET',
        'REDIS_KEY_PREFIX',
      ]) {
        expect(names).toContain(name);
      }
    });

    it.each(cases)('%s=%j', (name, value) => {
      const error = rejection({ [name]: value });
      expect(error.variable).toBe(name);
      expect(error.message.startsWith(`${name}: `)).toBe(true);
      expect(error.message).not.toContain('\n');
    });
  });

  it('accepts the bounds of every integer', () => {
    for (const [name, schema] of DECLARATIONS) {
      if (!Type.IsInteger(schema)) continue;
      for (const bound of [schema.minimum, schema.maximum]) {
        expect(() => readConfig({ ...base, [name]: String(bound) }), `${name}=${String(bound)}`).not.toThrow();
      }
    }
  });

  it('words the errors as before', () => {
    expect(rejection({ PORT: '70000' }).message).toBe('PORT: must be between 0 and 65535, got 70000');
    expect(rejection({ PORT: '8o' }).message).toBe('PORT: must be an integer, got "8o"');
    expect(rejection({ LOG_LEVEL: 'loud' }).message).toBe(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
    expect(rejection({ LOG_REQUESTS: 'on' }).message).toBe('LOG_REQUESTS: must be 1/0, true/false or yes/no, got "on"');
    expect(rejection({ ADMIN_TOKEN: 'short' }).message).toBe('ADMIN_TOKEN: must be at least 16 characters');
    expect(rejection({ REDIS_KEY_PREFIX: 'a b' }).message).toBe(
      'REDIS_KEY_PREFIX: must be 1 to 64 printable ASCII characters without spaces, got "a b"',
    );
    expect(rejection({ SESSION_SECRET: 'short' }).message).toBe('SESSION_SECRET: must be at least 32 characters (openssl rand -hex 32)');
    expect(rejection({ SESSION_MAX_AGE_HOURS: '0' }).message).toBe('SESSION_MAX_AGE_HOURS: must be an integer from 1 to 2160, got "0"');
    expect(rejection({ AUTH_PROVIDER: 'github' }).message).toBe('AUTH_PROVIDER: must be one of discord, oidc, got "github"');
  });
});
