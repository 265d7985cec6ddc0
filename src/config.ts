import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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
  /** The operator's public website; the widget's vote button links to `${siteUrl}/{lang}/bots/{slug}`. */
  siteUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  historyCron: string;
  /**
   * Whether X-Forwarded-For is believed: false (never), true (every hop: the left-most address
   * wins, safe only behind a proxy that overwrites the header), or the proxies' own addresses /
   * CIDR ranges (the right-most address not in the list wins; a client cannot forge it).
   */
  trustProxy: boolean | string[];
  rateLimit: RateLimitConfig;
  /** Shared store for rate-limit counters across processes; absent: counted in this process. */
  redisUrl: string | undefined;
  /** Prepended to every Redis key the service writes, so several deployments can share one Redis. */
  redisKeyPrefix: string;
}

/** Requests allowed per 60-second window, by kind of caller. */
export interface RateLimitConfig {
  enabled: boolean;
  /** No key: per client IP. */
  anonymous: number;
  /** /api/badge, /api/widget, /api/chart: per client IP, their own bucket. */
  embeds: number;
  /** Per API key, by the key's tier. */
  tiers: { 1: number; 2: number; 3: number };
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
/** Requests per minute; above this a limit means nothing. */
const MAX_RATE = 1_000_000;

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
    siteUrl: (optionalUrl(env, 'SITE_URL', ['http:', 'https:']) ?? baseUrl).replace(/\/+$/, ''),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    historyCron: cron(env, 'HISTORY_CRON', '5 0 * * *'),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    rateLimit: {
      enabled: boolean(env, 'RATE_LIMIT_ENABLED', true),
      anonymous: integer(env, 'RATE_LIMIT_ANONYMOUS', 20, 1, MAX_RATE),
      embeds: integer(env, 'RATE_LIMIT_EMBEDS', 300, 1, MAX_RATE),
      tiers: {
        1: integer(env, 'RATE_LIMIT_TIER1', 60, 1, MAX_RATE),
        2: integer(env, 'RATE_LIMIT_TIER2', 240, 1, MAX_RATE),
        3: integer(env, 'RATE_LIMIT_TIER3', 1200, 1, MAX_RATE),
      },
    },
    redisUrl: optionalUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: keyPrefix(env, 'REDIS_KEY_PREFIX', 'botdir:'),
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

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(env: Env, name: string): boolean | string[] {
  const value = raw(env, name);
  if (value === undefined || /^(1|0|true|false|yes|no)$/.test(value)) return boolean(env, name, false);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.includes(entry)) continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        name,
        `must be 1/0, true/false, yes/no, or a comma-separated list of proxy addresses or CIDR ranges (or ${PROXY_NAMES.join(', ')}), got "${value}"`,
      );
    }
  }
  return entries;
}

function keyPrefix(env: Env, name: string, fallback: string): string {
  const value = raw(env, name) ?? fallback;
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) {
    throw new ConfigError(name, `must be 1 to 64 printable ASCII characters without spaces, got "${value}"`);
  }
  return value;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
