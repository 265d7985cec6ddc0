import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { Cron } from 'croner';
import type { DatabaseTimeouts } from './db/postgres.js';
import { readAuthConfig, type AuthConfig } from './modules/auth/config.js';
import { parseRetrySchedule } from './modules/webhooks/retry-policy.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from './modules/webhooks/safe-dispatcher.js';
import { parseSecretKey } from './modules/webhooks/secret-box.js';

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
  /** One line per request at info (health checks and metrics scrapes only at debug). */
  logRequests: boolean;
  /** `json` (one object a line, for collectors) or `pretty` (pino-pretty, a development dependency). */
  logFormat: 'json' | 'pretty';
  /** How long the service waits for PostgreSQL (DATABASE_URL) before answering 503. */
  databaseTimeouts: DatabaseTimeouts;
  /** Connections of the read pool (DATABASE_URL only), so reads never wait behind writes; 0: reads share the write pool. */
  databaseReadPoolSize: number;
  /** The whole request (headers and body) must arrive within this; a slower one gets 408. */
  requestTimeoutMs: number;
  /** Bearer token that /metrics requires; undefined: /metrics is open. */
  metricsToken: string | undefined;
  /** Event-loop delay above which requests get 503 until it recovers (back-pressure); 0 turns it off. */
  maxEventLoopDelayMs: number;
  historyCron: string;
  /**
   * How old a bot list page may be while bots keep changing (votes, reports): within it a page is
   * reused, after it rebuilt from memory. 0 rebuilds after every change (exact lists).
   */
  listMaxStaleMs: number;
  /** Announced retirement of /api/v1 (spec §9): `Deprecation` / `Sunset` headers on its answers once set. */
  v1Retirement: { deprecatedAt: Date | undefined; sunsetAt: Date | undefined };
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
  /** Key that encrypts webhook secrets; undefined means the key file `secretKeyFile` (created on first start). */
  secretKey: Buffer | undefined;
  secretKeyFile: string;
  webhook: {
    /** WEBHOOK_ALLOW_PRIVATE: skip the address policy (development and tests only). */
    allowPrivate: boolean;
    /** Seconds before each repeat; its length is the number of repeats. */
    retrySchedule: number[];
    timeoutMs: number;
    /** Attempts in flight at once in this process. */
    concurrency: number;
    /** Days that finished events and their delivery log are kept. */
    retentionDays: number;
  };
  /** Where a switched-off webhook is reported by e-mail; undefined when SMTP_URL is not set. */
  mail: { smtpUrl: string; from: string; to: string } | undefined;
  /** Sign-in of owners and voters (AUTH_*, SESSION_*). */
  auth: AuthConfig;
}

/** Requests allowed per 60-second window, by kind of caller. */
export interface RateLimitConfig {
  enabled: boolean;
  /** No key: per client IP. */
  anonymous: number;
  /** /api/badge, /api/widget, /api/chart, /api/card: per client IP, their own bucket. */
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
const MAX_RATE = 1_000_000_000;

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
  const secretKey = secretKeyFrom(env, nodeEnv, databaseUrl);
  const allowPrivate = boolean(env, 'WEBHOOK_ALLOW_PRIVATE', false);
  if (allowPrivate && nodeEnv === 'production') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', 'must not be set when NODE_ENV=production (it lets webhooks reach internal networks)');
  }
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
    logRequests: boolean(env, 'LOG_REQUESTS', true),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    databaseTimeouts: {
      connectMs: integer(env, 'DB_TIMEOUT_MS', 2000, 100, 60_000),
      statementMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000, 100, 86_400_000),
    },
    databaseReadPoolSize: integer(env, 'DATABASE_READ_POOL_SIZE', 5, 0, 100),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    metricsToken: metricsToken(env),
    maxEventLoopDelayMs: integer(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    historyCron: cron(env, 'HISTORY_CRON', '5 0 * * *'),
    listMaxStaleMs: integer(env, 'LIST_MAX_STALE_MS', 2000, 0, 60_000),
    v1Retirement: v1Retirement(env),
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
    secretKey,
    secretKeyFile: join(dataDir, 'secret.key'),
    webhook: {
      allowPrivate,
      retrySchedule: retrySchedule(env),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS, 50, 60_000),
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 32, 1, 256),
      retentionDays: integer(env, 'WEBHOOK_LOG_RETENTION_DAYS', 90, 1, 3650),
    },
    mail: mail(env, baseUrl),
    auth: readAuthConfig(env, nodeEnv, baseUrl, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
  };
}

/**
 * SECRET_KEY, or undefined for the key file in DATA_DIR. Several processes on one PostgreSQL server
 * must share the key, and a file on one machine's disk cannot promise that: in production with
 * DATABASE_URL the variable is required.
 */
function secretKeyFrom(env: Env, nodeEnv: Config['nodeEnv'], databaseUrl: string | undefined): Buffer | undefined {
  const value = raw(env, 'SECRET_KEY');
  if (value === undefined) {
    if (nodeEnv === 'production' && databaseUrl !== undefined) {
      throw new ConfigError('SECRET_KEY', 'is required when NODE_ENV=production and DATABASE_URL is set (generate one: openssl rand -hex 32)');
    }
    return undefined;
  }
  try {
    return parseSecretKey(value);
  } catch {
    throw new ConfigError('SECRET_KEY', 'must be 64 hex characters or base64 of 32 bytes (openssl rand -hex 32)');
  }
}

function metricsToken(env: Env): string | undefined {
  const token = raw(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  return token;
}

function retrySchedule(env: Env): number[] {
  try {
    return parseRetrySchedule(raw(env, 'WEBHOOK_RETRY_SCHEDULE'));
  } catch (error) {
    throw new ConfigError('WEBHOOK_RETRY_SCHEDULE', (error as Error).message.replace(/^WEBHOOK_RETRY_SCHEDULE: /, ''));
  }
}

/** SMTP_URL turns e-mail on; OPERATOR_EMAIL receives it (owners have no address in our data). */
function mail(env: Env, baseUrl: string): Config['mail'] {
  const smtpUrl = optionalUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const to = raw(env, 'OPERATOR_EMAIL');
  const from = raw(env, 'SMTP_FROM');
  for (const [name, value] of [['OPERATOR_EMAIL', to], ['SMTP_FROM', from]] as const) {
    if (value !== undefined && !/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value)) {
      throw new ConfigError(name, `must be an e-mail address, got "${value}"`);
    }
  }
  if (smtpUrl === undefined) return undefined;
  if (to === undefined) throw new ConfigError('OPERATOR_EMAIL', 'is required when SMTP_URL is set');
  return { smtpUrl, to, from: from ?? `Bot Directory <webhooks@${new URL(baseUrl).hostname}>` };
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

function v1Retirement(env: Env): Config['v1Retirement'] {
  const deprecatedAt = utcDate(env, 'API_V1_DEPRECATED_AT');
  const sunsetAt = utcDate(env, 'API_V1_SUNSET_AT');
  if (deprecatedAt && sunsetAt && sunsetAt <= deprecatedAt) {
    throw new ConfigError('API_V1_SUNSET_AT', 'must be after API_V1_DEPRECATED_AT');
  }
  return { deprecatedAt, sunsetAt };
}

/** A calendar day (YYYY-MM-DD), as midnight UTC. */
function utcDate(env: Env, name: string): Date | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(name, `must be a date YYYY-MM-DD, got "${value}"`);
  }
  return date;
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
