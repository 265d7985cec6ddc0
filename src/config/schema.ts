/**
 * Every environment variable the service reads, declared once: its type, default, bounds and
 * meaning. readConfig validates against it, `Static<>` types the result, and
 * `npm run docs:config` prints README.md's configuration table from it.
 *
 * Keywords of our own (JSON Schema lets a schema carry them; validators ignore them):
 * - `x-default-text`: the Default column when the default is not a plain value (unset,
 *   derived from another variable, depends on NODE_ENV).
 * - `x-problem`: the error for a value the bounds or pattern refuse, when the generic one
 *   ("must be between 1 and 100") would say less.
 *
 * Rules a schema cannot state (URLs and their protocols, cron expressions, proxy lists, dates,
 * e-mail addresses, the retry schedule, SECRET_KEY, requirements that depend on other variables)
 * live in parsers.ts, auth.ts, secret-key.ts and retry-schedule.ts, called from index.ts.
 */
import { Type, type Static } from 'typebox';
import { DEFAULT_RETRY_SCHEDULE } from './retry-schedule.js';

/** Requests per minute; above this a limit means nothing. */
const MAX_RATE = 1_000_000_000;

export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['production', 'development', 'test'], {
    default: 'development',
    description: '`production`, `development` or `test`',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port' }),
  HOST: Type.String({ default: '127.0.0.1', description: 'Address to listen on (`0.0.0.0` for all)' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      description: '`postgres://…` selects a PostgreSQL server; unset = embedded PGlite under `DATA_DIR`',
    }),
  ),
  DATA_DIR: Type.String({ default: './data', description: 'Files of the embedded database (and other local state)' }),
  ADMIN_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      'x-default-text': 'generated per run',
      description: 'Operator token for `/admin/v1` (≥ 16 characters); required when `NODE_ENV=production`',
    }),
  ),
  BASE_URL: Type.Optional(
    Type.String({
      'x-default-text': '`http://HOST:PORT`',
      description: 'Public address, used in the OpenAPI `servers` and in links',
    }),
  ),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    'x-default-text': '`info` (`silent` in tests)',
    description: '`fatal` … `trace`, `silent`',
  }),
  LOG_REQUESTS: Type.Boolean({
    default: true,
    description:
      'One line per request at `info` (method, route, URL, status, ms, request id; no headers); health checks and metrics scrapes only at `debug`',
  }),
  LOG_FORMAT: Type.Enum(['json', 'pretty'], {
    default: 'json',
    'x-default-text': '`json` (`pretty` in the demo)',
    description:
      '`json`: one JSON object a line; `pretty`: readable lines through pino-pretty (a development dependency, so not in a production install)',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      'x-default-text': 'unset (open)',
      description: '≥ 16 characters: `/metrics` then wants `Authorization: Bearer <METRICS_TOKEN>`',
    }),
  ),
  DB_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 2000,
    description:
      'PostgreSQL server only: the longest wait for a connection (connect, or a free one from the pool) and for the liveness check; a server silent for longer is treated as unavailable (503) until it answers again',
  }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 86_400_000,
    default: 30_000,
    description: 'PostgreSQL server only: `statement_timeout` of every session (migrations are exempt)',
  }),
  DATABASE_READ_POOL_SIZE: Type.Integer({
    minimum: 0,
    maximum: 100,
    default: 5,
    description:
      "PostgreSQL server only: connections of the read pool, 0–100, beside the 10 of the write pool: public and owner reads (reviews, history, votes, checks, premium, key lookups, uncached embeds, the catalog's loads and sweeps) never wait for a connection behind writes. `0` = reads share the write pool. A process opens up to 10 + this + 5 connections (below)",
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 30_000,
    description: 'The whole request (headers within 10 s, and the body) must arrive within this; else 408 `request_timeout`',
  }),
  MAX_EVENT_LOOP_DELAY_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 1000,
    description:
      'Back-pressure: while the event loop lags more than this, requests get 503 `service_unavailable` with `Retry-After: 2`; `0` turns it off',
  }),
  LIST_MAX_STALE_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 2000,
    description:
      "How far list pages and search answers may lag behind bots' counters (votes, server counts, rating), 0–60000; a change of a bot's text or publication shows at once. 0 = counters exact too",
  }),
  HISTORY_CRON: Type.String({
    default: '5 0 * * *',
    description: 'When the daily history collection (and the clean-up of old events) runs (UTC, croner syntax)',
  }),
  API_V1_DEPRECATED_AT: Type.Optional(
    Type.String({ description: '`YYYY-MM-DD`: `/api/v1` is deprecated from that day; its answers carry `Deprecation`' }),
  ),
  API_V1_SUNSET_AT: Type.Optional(
    Type.String({ description: '`YYYY-MM-DD`, after the deprecation: the day `/api/v1` stops; its answers carry `Sunset`' }),
  ),
  SITE_URL: Type.Optional(
    Type.String({
      'x-default-text': '`BASE_URL`',
      description:
        "Where the widget's vote button links: `SITE_URL/{lang}/bots/{slug}`. By default this service's own bot page; point it at your own website to send voters there instead",
    }),
  ),
  TRUST_PROXY: Type.String({
    default: 'false',
    description:
      "Whether `X-Forwarded-For` is believed: `false`, `true` (every hop), or your proxies' addresses/CIDRs (recommended behind a proxy)",
  }),
  RATE_LIMIT_ENABLED: Type.Boolean({ default: true, description: '`false` turns rate limiting (and its headers) off' }),
  RATE_LIMIT_ANONYMOUS: Type.Integer({
    minimum: 1,
    maximum: MAX_RATE,
    default: 20,
    description: 'Requests per minute per IP without a key',
  }),
  RATE_LIMIT_TIER1: Type.Integer({ minimum: 1, maximum: MAX_RATE, default: 60, description: 'Requests per minute per key of tier 1' }),
  RATE_LIMIT_TIER2: Type.Integer({ minimum: 1, maximum: MAX_RATE, default: 240, description: 'Requests per minute per key of tier 2' }),
  RATE_LIMIT_TIER3: Type.Integer({ minimum: 1, maximum: MAX_RATE, default: 1200, description: 'Requests per minute per key of tier 3' }),
  RATE_LIMIT_EMBEDS: Type.Integer({
    minimum: 1,
    maximum: MAX_RATE,
    default: 300,
    description: 'Requests per minute per IP for badge (and its shields.io JSON), widget, card and chart',
  }),
  RATE_LIMIT_PAGES: Type.Integer({
    minimum: 1,
    maximum: MAX_RATE,
    default: 300,
    description:
      "Requests per minute per IP for the server-rendered pages (bot and vote pages, dashboard, sign-in), counted apart from the API; the pages' stylesheet and script are not counted",
  }),
  REDIS_URL: Type.Optional(
    Type.String({ description: '`redis://…`: rate-limit counters shared by every process (set it when you run more than one)' }),
  ),
  REDIS_KEY_PREFIX: Type.String({
    default: 'botdir:',
    pattern: '^[\\x21-\\x7e]{1,64}$',
    'x-problem': 'must be 1 to 64 printable ASCII characters without spaces',
    description: 'Prefix of every Redis key',
  }),
  SECRET_KEY: Type.Optional(
    Type.String({
      'x-default-text': 'key file `DATA_DIR/secret.key`, created on first start (mode 0600)',
      description:
        '32-byte key (64 hex characters or base64) that encrypts webhook secrets. Required when `NODE_ENV=production` and `DATABASE_URL` is set: every process must use the same key. Losing it makes stored secrets unusable (deliveries fail with `secret_unreadable`; PUT new secrets).',
    }),
  ),
  WEBHOOK_ALLOW_PRIVATE: Type.Boolean({
    default: false,
    description:
      '`1` lifts the address policy (loopback, private networks, metadata) for development and tests; refused when `NODE_ENV=production`',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    default: DEFAULT_RETRY_SCHEDULE.join(','),
    description: 'seconds before each repeat, comma-separated, 1–20 values up to one day each; the count is the number of repeats',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 50,
    maximum: 60_000,
    default: 10_000,
    description: 'budget of one attempt (connect + answer), 50–60000',
  }),
  WEBHOOK_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 256,
    default: 32,
    description: 'attempts in flight at once per process, 1–256',
  }),
  WEBHOOK_LOG_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 90,
    description: 'days finished events and their delivery log are kept (nightly clean-up), 1–3650',
  }),
  AUDIT_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 36500,
    default: 730,
    description: 'days the audit log keeps an entry (who changed what; nightly clean-up), 1–36500',
  }),
  ANALYTICS_RETENTION_DAYS: Type.Integer({
    minimum: 400,
    maximum: 36500,
    default: 400,
    description:
      "days a bot's daily counts (server-count history, views, visitors, invites, votes …) and top lists are kept (nightly clean-up, a whole month at a time), 400–36500: the history's year needs the month before it",
  }),
  ANALYTICS_ENABLED: Type.Boolean({
    default: true,
    description: 'count bot page views, invite clicks, embed and search impressions per bot and day (docs/privacy.md)',
  }),
  ANALYTICS_FLUSH_MS: Type.Integer({
    minimum: 1000,
    maximum: 300000,
    default: 10000,
    description: "ms between two writes of a process's counts; a crash loses at most this much counting, 1000–300000",
  }),
  STRIPE_SECRET_KEY: Type.Optional(
    Type.String({
      'x-default-text': 'unset (payments off)',
      description:
        "Stripe's secret key of the operator's platform account: turns on premium tiers and donations paid through Stripe Connect (docs/decisions.md). Never logged",
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    Type.String({
      description: 'signing secret of the `/stripe/webhook` endpoint (Connect events); required with `STRIPE_SECRET_KEY`. Never logged',
    }),
  ),
  STRIPE_API_URL: Type.Optional(
    Type.String({
      'x-default-text': "unset (Stripe's API)",
      description: '`http(s)://host:port` of a Stripe stand-in (demo and tests); unset talks to api.stripe.com',
    }),
  ),
  PAYMENTS_FEE_PERCENT: Type.String({
    pattern: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$',
    default: '0',
    'x-problem': 'must be a percentage from 0 to 100 with at most two decimals',
    description: "the operator's application fee on every subscription payment and donation, 0–100 (two decimals at most)",
  }),
  PAYMENTS_DONATION_MIN_MINOR: Type.Integer({
    minimum: 1,
    maximum: 99_999_999,
    default: 100,
    description: "smallest donation in the currency's minor units (cents), 1–99999999",
  }),
  PAYMENTS_DONATION_MAX_MINOR: Type.Integer({
    minimum: 1,
    maximum: 99_999_999,
    default: 100_000,
    description: "largest donation in the currency's minor units (cents), ≥ `PAYMENTS_DONATION_MIN_MINOR`",
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      'x-default-text': 'unset (no e-mail)',
      description: '`smtp://` or `smtps://user:password@host:port`: e-mail the switch-off notices',
    }),
  ),
  OPERATOR_EMAIL: Type.Optional(Type.String({ description: 'recipient of those e-mails; required with `SMTP_URL`' })),
  SMTP_FROM: Type.Optional(Type.String({ 'x-default-text': '`Bot Directory <webhooks@<BASE_URL host>>`', description: 'sender address' })),
  AUTH_PROVIDER: Type.Optional(
    Type.Enum(['discord', 'oidc'], {
      'x-default-text': 'unset (sign-in off)',
      description:
        "`discord` (the chat platform's OAuth2, scope `identify`, and `guilds` while payments are on, for a server tier's list of servers: [docs/privacy.md](docs/privacy.md#servers-listed-at-sign-in)) or `oidc` (any OpenID Connect provider): owners and voters sign in for the dashboard and the vote",
    }),
  ),
  AUTH_CLIENT_ID: Type.Optional(Type.String({ description: "the OAuth2 application's client id; required with `AUTH_PROVIDER`" })),
  AUTH_CLIENT_SECRET: Type.Optional(Type.String({ description: "the OAuth2 application's client secret; required with `AUTH_PROVIDER`" })),
  AUTH_DISCORD_BASE_URL: Type.String({
    default: 'https://discord.com',
    description: '`discord` only: where `/oauth2/authorize`, `/api/oauth2/token` and `/api/users/@me` are',
  }),
  AUTH_ISSUER: Type.Optional(
    Type.String({
      description: '`oidc` only (required): the issuer; endpoints come from its `/.well-known/openid-configuration` at start',
    }),
  ),
  SESSION_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      'x-problem': 'must be at least 32 characters (openssl rand -hex 32)',
      'x-default-text': 'random per run',
      description:
        "≥ 32 characters; the session cookie's key is derived from it, so every process must have the same one. Required when `NODE_ENV=production` and `AUTH_PROVIDER` is set",
    }),
  ),
  SESSION_MAX_AGE_HOURS: Type.Integer({
    minimum: 1,
    maximum: 2160,
    default: 168,
    'x-problem': 'must be an integer from 1 to 2160',
    description: 'a session ends this long after sign-in (1–2160)',
  }),
  OPERATOR_USER_IDS: Type.Optional(
    Type.String({
      'x-default-text': 'unset (no console)',
      description:
        'Comma-separated platform user IDs of the operators: signed in as everyone else, they moderate in the web console at `/console` (submissions, reports, tier requests, bans). `ADMIN_TOKEN` stays for automation',
    }),
  ),
  LISTING_EDITS: Type.Enum(['live', 'review'], {
    default: 'live',
    description:
      "How an owner's edit of an approved listing's text takes effect: `live` at once, `review` after the operator approves it (the approved version stays visible meanwhile)",
  }),
  PLATFORM_API_URL: Type.String({
    default: 'https://discord.com/api/v10',
    description:
      "The chat platform's API, asked for an application's public name and icon when an owner adds a bot (`GET …/applications/{id}/rpc`); the demo points it at a stand-in on this machine",
  }),
  PLATFORM_BOT_TOKEN: Type.Optional(
    Type.String({
      minLength: 20,
      'x-problem': 'must be a bot token of the platform (at least 20 characters)',
      description:
        'A bot token of your own application on the platform: with it, an ID that is no application is told apart as a user\'s ID (`GET …/users/{id}`); without it both are "no application"',
    }),
  ),
  SITE_NAME: Type.String({
    maxLength: 60,
    default: 'Bot Directory',
    'x-problem': 'must be at most 60 characters',
    description: "The site's name on the pages: header, window title, web manifest, favicon letter",
  }),
  SITE_LOGO_URL: Type.Optional(
    Type.String({
      'x-default-text': 'unset (the name as text)',
      description: '`https://…` image shown in the header instead of the name (the name stays its alt text)',
    }),
  ),
  SITE_ACCENT_COLOR: Type.Optional(
    Type.String({
      pattern: '^#[0-9a-fA-F]{6}$',
      'x-problem': 'must be a colour as #rrggbb',
      'x-default-text': "unset (the pages' own blue, lighter in dark mode)",
      description:
        "`#rrggbb`: primary buttons, favicon and manifest colour, in light and dark mode; text on it is black or white, whichever reads better. Links and focus rings keep the pages' own colours, which reach WCAG AA contrast in both modes",
    }),
  ),
  SITE_IMPRINT: Type.Optional(
    Type.String({
      'x-default-text': 'unset (no page, no link)',
      description:
        "Plain text of `/{lang}/imprint` (the Impressum German operators must publish), linked in every page's footer. A blank line starts a paragraph; `\\n` in a one-line value is a line break",
    }),
  ),
  SITE_PRIVACY: Type.Optional(
    Type.String({ 'x-default-text': 'unset (no page, no link)', description: 'Plain text of `/{lang}/privacy`, as `SITE_IMPRINT`' }),
  ),
  SITE_TERMS: Type.Optional(
    Type.String({ 'x-default-text': 'unset (no page, no link)', description: 'Plain text of `/{lang}/terms`, as `SITE_IMPRINT`' }),
  ),
  CATEGORIES: Type.Optional(
    Type.String({
      'x-default-text': 'the 25 categories of the demo data (`src/config/categories.ts`)',
      description:
        'The categories the pages list, with their names in both languages: a JSON list `[{"id": "music", "en": "Music", "de": "Musik"}, …]`, or the path of a file holding one. `id` is the value bots carry in `categories`; each gets `/{lang}/categories/{id}`. A bot\'s other categories show as written, without a page',
    }),
  ),
  REVIEW_HOLD_ACCOUNT_DAYS: Type.Integer({
    minimum: 0,
    maximum: 3650,
    default: 7,
    'x-problem': 'must be a whole number of days from 0 to 3650',
    description:
      "A user's review waits for an operator when their account (its platform ID says when it was made) is younger than this many days; `0` turns the rule off",
  }),
  REVIEW_HOLD_LINKS: Type.Boolean({
    default: true,
    description:
      'A review whose text holds a link (`https://…`, `www.…`, `discord.gg/…`) waits for an operator; `false` publishes it at once (links show as text either way)',
  }),
  REVIEW_HOLD_WORDS: Type.Optional(
    Type.String({
      'x-default-text': 'the German and English lists of `src/config/review-words.ts`',
      description:
        'A review containing one of these words (comma-separated, matched as whole words, case and accents ignored) waits for an operator; `none` turns the rule off',
    }),
  ),
});

/** The variables after validation: defaults filled in, integers and booleans as such. */
export type ConfigVariables = Static<typeof ConfigSchema>;
export type VariableName = keyof ConfigVariables;
