/**
 * The service's configuration: every environment variable is declared in schema.ts, read and
 * checked by variables.ts, and the rules that span variables or need a parser are applied here,
 * in one place. Nothing here imports from the rest of src/ (modules and the database import from here).
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { readAuthConfig, type AuthConfig } from './auth.js';
import { readCategories, type Category } from './categories.js';
import { ConfigError } from './errors.js';
import { readListingsConfig, type ListingsConfig } from './listings.js';
import { readOperatorIds } from './operators.js';
import { readPaymentsConfig, type PaymentsConfig } from './payments.js';
import { readReviewRulesConfig, type ReviewRulesConfig } from './reviews.js';
import { cron, emailAddress, trustProxy, url, utcDate } from './parsers.js';
import { parseRetrySchedule } from './retry-schedule.js';
import type { ConfigVariables } from './schema.js';
import { decodeSecretKey } from './secret-key.js';
import { readSiteConfig, type SiteConfig } from './site.js';
import { declaration, readVariables, type Env } from './variables.js';

export type { AuthConfig, DiscordProvider, OidcProvider } from './auth.js';
export { LEGAL_PAGES, type LegalPage, type SiteConfig } from './site.js';
export { DEFAULT_CATEGORIES, type Category } from './categories.js';
export type { ListingsConfig } from './listings.js';
export type { PaymentsConfig } from './payments.js';
export { foldWord, type ReviewRulesConfig } from './reviews.js';
export { ConfigError } from './errors.js';
export { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './retry-schedule.js';
export { ConfigSchema, type ConfigVariables, type VariableName } from './schema.js';
export { decodeSecretKey } from './secret-key.js';
export { declaration, type Declaration, type Env } from './variables.js';

/** `WEBHOOK_TIMEOUT_MS` default: the whole budget of one attempt. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = declaration('WEBHOOK_TIMEOUT_MS').default as number;

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
  /** How long the service waits for PostgreSQL (DATABASE_URL) before answering 503 (db/postgres.ts's DatabaseTimeouts). */
  databaseTimeouts: { connectMs: number; statementMs: number };
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
  /** Days the audit log keeps an entry; older ones go in the nightly clean-up. */
  auditRetentionDays: number;
  /**
   * Counting per bot and day (docs/privacy.md): off, or written every flushMs; retentionDays: how
   * long bot_days (whole months) and bot_day_tops are kept (the nightly clean-up).
   */
  analytics: { enabled: boolean; flushMs: number; retentionDays: number };
  /** Where a switched-off webhook is reported by e-mail; undefined when SMTP_URL is not set. */
  mail: { smtpUrl: string; from: string; to: string } | undefined;
  /** Sign-in of owners and voters (AUTH_*, SESSION_*). */
  auth: AuthConfig;
  /** The pages' branding and legal texts (SITE_NAME … SITE_TERMS). */
  site: SiteConfig;
  /** The operator's categories (CATEGORIES), in the operator's order: the pages list them, each with a page. */
  categories: Category[];
  /** Owners' listings: how edits go live, and the platform asked about applications (LISTING_EDITS, PLATFORM_*). */
  listings: ListingsConfig;
  /** OPERATOR_USER_IDS: the signed-in users who may use the console (`/console`). */
  operatorUserIds: readonly string[];
  /** The rules that hold a user's review for an operator (REVIEW_HOLD_*). */
  reviewRules: ReviewRulesConfig;
  /** Premium tiers and donations through Stripe Connect (STRIPE_*, PAYMENTS_*); off without STRIPE_SECRET_KEY. */
  payments: PaymentsConfig;
}

/** Requests allowed per 60-second window, by kind of caller. */
export interface RateLimitConfig {
  enabled: boolean;
  /** No key: per client IP. */
  anonymous: number;
  /** /api/badge, /api/widget, /api/chart, /api/card: per client IP, their own bucket. */
  embeds: number;
  /** The server-rendered pages: per client IP, their own bucket (a person browsing, not a program). */
  pages: number;
  /** Per API key, by the key's tier. */
  tiers: { 1: number; 2: number; 3: number };
}

const HTTP = ['http:', 'https:'];

/** Reads and checks the environment; throws a ConfigError (`VARIABLE: problem`) at the first bad value. */
export function readConfig(env: Env = process.env): Config {
  const { values: v, given } = readVariables(env);
  const nodeEnv = v.NODE_ENV;
  const databaseUrl = optional(v.DATABASE_URL, (value) => url('DATABASE_URL', value, ['postgres:', 'postgresql:']));
  const dataDir = resolve(v.DATA_DIR);
  const token = v.ADMIN_TOKEN;
  if (token === undefined && nodeEnv === 'production') {
    throw new ConfigError('ADMIN_TOKEN', 'is required when NODE_ENV=production');
  }
  const baseUrl = optional(v.BASE_URL, (value) => url('BASE_URL', value, HTTP)) ?? `http://${hostForUrl(v.HOST)}:${v.PORT}`;
  const secretKey = secretKeyFrom(v);
  if (v.WEBHOOK_ALLOW_PRIVATE && nodeEnv === 'production') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', 'must not be set when NODE_ENV=production (it lets webhooks reach internal networks)');
  }
  return {
    nodeEnv,
    port: v.PORT,
    host: v.HOST,
    databaseUrl,
    dataDir,
    adminToken: token ?? `adm_${randomBytes(24).toString('base64url')}`,
    adminTokenGenerated: token === undefined,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    siteUrl: (optional(v.SITE_URL, (value) => url('SITE_URL', value, HTTP)) ?? baseUrl).replace(/\/+$/, ''),
    logLevel: !given.has('LOG_LEVEL') && nodeEnv === 'test' ? 'silent' : v.LOG_LEVEL,
    logRequests: v.LOG_REQUESTS,
    logFormat: v.LOG_FORMAT,
    databaseTimeouts: { connectMs: v.DB_TIMEOUT_MS, statementMs: v.DB_STATEMENT_TIMEOUT_MS },
    databaseReadPoolSize: v.DATABASE_READ_POOL_SIZE,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    metricsToken: v.METRICS_TOKEN,
    maxEventLoopDelayMs: v.MAX_EVENT_LOOP_DELAY_MS,
    historyCron: cron('HISTORY_CRON', v.HISTORY_CRON),
    listMaxStaleMs: v.LIST_MAX_STALE_MS,
    v1Retirement: v1Retirement(v),
    trustProxy: trustProxy('TRUST_PROXY', v.TRUST_PROXY),
    rateLimit: {
      enabled: v.RATE_LIMIT_ENABLED,
      anonymous: v.RATE_LIMIT_ANONYMOUS,
      embeds: v.RATE_LIMIT_EMBEDS,
      pages: v.RATE_LIMIT_PAGES,
      tiers: { 1: v.RATE_LIMIT_TIER1, 2: v.RATE_LIMIT_TIER2, 3: v.RATE_LIMIT_TIER3 },
    },
    redisUrl: optional(v.REDIS_URL, (value) => url('REDIS_URL', value, ['redis:', 'rediss:'])),
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    secretKey,
    secretKeyFile: join(dataDir, 'secret.key'),
    webhook: {
      allowPrivate: v.WEBHOOK_ALLOW_PRIVATE,
      retrySchedule: retrySchedule(v.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      concurrency: v.WEBHOOK_CONCURRENCY,
      retentionDays: v.WEBHOOK_LOG_RETENTION_DAYS,
    },
    auditRetentionDays: v.AUDIT_RETENTION_DAYS,
    analytics: { enabled: v.ANALYTICS_ENABLED, flushMs: v.ANALYTICS_FLUSH_MS, retentionDays: v.ANALYTICS_RETENTION_DAYS },
    mail: mail(v, baseUrl),
    auth: readAuthConfig(v, baseUrl),
    site: readSiteConfig(v),
    categories: readCategories(v.CATEGORIES),
    listings: readListingsConfig(v),
    operatorUserIds: readOperatorIds(v.OPERATOR_USER_IDS),
    reviewRules: readReviewRulesConfig(v),
    payments: readPaymentsConfig(v, given),
  };
}

function optional<T>(value: string | undefined, parse: (value: string) => T): T | undefined {
  return value === undefined ? undefined : parse(value);
}

/**
 * SECRET_KEY, or undefined for the key file in DATA_DIR. Several processes on one PostgreSQL server
 * must share the key, and a file on one machine's disk cannot promise that: in production with
 * DATABASE_URL the variable is required.
 */
function secretKeyFrom(v: ConfigVariables): Buffer | undefined {
  if (v.SECRET_KEY === undefined) {
    if (v.NODE_ENV === 'production' && v.DATABASE_URL !== undefined) {
      throw new ConfigError(
        'SECRET_KEY',
        'is required when NODE_ENV=production and DATABASE_URL is set (generate one: openssl rand -hex 32)',
      );
    }
    return undefined;
  }
  const key = decodeSecretKey(v.SECRET_KEY);
  if (key === undefined) throw new ConfigError('SECRET_KEY', 'must be 64 hex characters or base64 of 32 bytes (openssl rand -hex 32)');
  return key;
}

function retrySchedule(value: string): number[] {
  try {
    return parseRetrySchedule(value);
  } catch (error) {
    throw new ConfigError('WEBHOOK_RETRY_SCHEDULE', (error as Error).message.replace(/^WEBHOOK_RETRY_SCHEDULE: /, ''));
  }
}

function v1Retirement(v: ConfigVariables): Config['v1Retirement'] {
  const deprecatedAt = optional(v.API_V1_DEPRECATED_AT, (value) => utcDate('API_V1_DEPRECATED_AT', value));
  const sunsetAt = optional(v.API_V1_SUNSET_AT, (value) => utcDate('API_V1_SUNSET_AT', value));
  if (deprecatedAt && sunsetAt && sunsetAt <= deprecatedAt) {
    throw new ConfigError('API_V1_SUNSET_AT', 'must be after API_V1_DEPRECATED_AT');
  }
  return { deprecatedAt, sunsetAt };
}

/** SMTP_URL turns e-mail on; OPERATOR_EMAIL receives it (owners have no address in our data). */
function mail(v: ConfigVariables, baseUrl: string): Config['mail'] {
  const smtpUrl = optional(v.SMTP_URL, (value) => url('SMTP_URL', value, ['smtp:', 'smtps:']));
  const to = optional(v.OPERATOR_EMAIL, (value) => emailAddress('OPERATOR_EMAIL', value));
  const from = optional(v.SMTP_FROM, (value) => emailAddress('SMTP_FROM', value));
  if (smtpUrl === undefined) return undefined;
  if (to === undefined) throw new ConfigError('OPERATOR_EMAIL', 'is required when SMTP_URL is set');
  return { smtpUrl, to, from: from ?? `Bot Directory <webhooks@${new URL(baseUrl).hostname}>` };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
