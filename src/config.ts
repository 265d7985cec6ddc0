import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Cron } from 'croner';

/** Every environment variable the service reads, parsed and validated in one place. */
export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminToken: string;
  /** True when ADMIN_TOKEN was not given and a random one was made for this run. */
  adminTokenGenerated: boolean;
  baseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  historyCron: string;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['production', 'development', 'test'] as const;

export function readConfig(env: Env = process.env): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env, 'HOST', '127.0.0.1');
  const databaseUrl = optionalUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const dataDir = resolve(nonEmpty(env, 'DATA_DIR', './data'));
  const token = env.ADMIN_TOKEN;
  if (token !== undefined && token.length < 16) {
    throw new ConfigError('ADMIN_TOKEN', 'must be at least 16 characters');
  }
  if (token === undefined && nodeEnv === 'production') {
    throw new ConfigError('ADMIN_TOKEN', 'is required when NODE_ENV=production');
  }
  const baseUrl = optionalUrl(env, 'BASE_URL', ['http:', 'https:']) ?? `http://${hostForUrl(host)}:${port}`;
  return {
    nodeEnv,
    port,
    host,
    databaseUrl,
    dataDir,
    adminToken: token ?? `adm_${randomBytes(24).toString('base64url')}`,
    adminTokenGenerated: token === undefined,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    historyCron: cron(env, 'HISTORY_CRON', '5 0 * * *'),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
  };
}

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function nonEmpty(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return n;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(name, `must be 1/0, true/false or yes/no, got "${value}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function optionalUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

function cron(env: Env, name: string, fallback: string): string {
  const value = (raw(env, name) ?? fallback).trim();
  // croner's own parser: the worker schedules exactly what passes here.
  let job: Cron;
  try {
    job = new Cron(value, { paused: true, timezone: 'UTC' });
  } catch (error) {
    throw new ConfigError(name, `is not a valid cron expression ("${value}"): ${(error as Error).message}`);
  }
  const next = job.nextRun();
  job.stop();
  if (next === null) throw new ConfigError(name, `never fires ("${value}")`);
  return value;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
