import { createHash, randomBytes } from 'node:crypto';
import { ConfigError } from './errors.js';
import { url } from './parsers.js';
import type { ConfigVariables } from './schema.js';

/** How owners and voters sign in (AUTH_*), and how their session is kept (SESSION_*). */
export interface AuthConfig {
  /** Undefined when AUTH_PROVIDER is not set: pages render, sign-in says it is not configured. */
  provider: DiscordProvider | OidcProvider | undefined;
  /** 32 bytes for @fastify/secure-session, derived from SESSION_SECRET (or random for this run). */
  sessionKey: Buffer;
  /** True when SESSION_SECRET was not given: sessions end with the process and are not shared. */
  sessionKeyGenerated: boolean;
  /** A session ends this long after sign-in, whatever happens meanwhile. */
  sessionMaxAgeSeconds: number;
  /** Cookies carry `Secure` (BASE_URL is https, or NODE_ENV=production). */
  secureCookies: boolean;
}

interface Client {
  clientId: string;
  clientSecret: string;
}
export interface DiscordProvider extends Client {
  kind: 'discord';
  /** https://discord.com unless AUTH_DISCORD_BASE_URL says otherwise. */
  baseUrl: string;
}
export interface OidcProvider extends Client {
  kind: 'oidc';
  /** Discovery reads `${issuer}/.well-known/openid-configuration` at start. */
  issuer: string;
}

const HTTP = ['http:', 'https:'];

function required(name: string, value: string | undefined, when: string): string {
  if (value === undefined) throw new ConfigError(name, `is required when ${when}`);
  return value;
}

/** The AUTH_* and SESSION_* variables (already through the schema) that depend on each other. */
export function readAuthConfig(v: ConfigVariables, baseUrl: string): AuthConfig {
  const kind = v.AUTH_PROVIDER;
  let provider: AuthConfig['provider'];
  if (kind !== undefined) {
    const clientId = required('AUTH_CLIENT_ID', v.AUTH_CLIENT_ID, 'AUTH_PROVIDER is set');
    const clientSecret = required('AUTH_CLIENT_SECRET', v.AUTH_CLIENT_SECRET, 'AUTH_PROVIDER is set');
    provider =
      kind === 'discord'
        ? { kind, clientId, clientSecret, baseUrl: withoutSlash(url('AUTH_DISCORD_BASE_URL', v.AUTH_DISCORD_BASE_URL, HTTP)) }
        : {
            kind,
            clientId,
            clientSecret,
            issuer: withoutSlash(url('AUTH_ISSUER', required('AUTH_ISSUER', v.AUTH_ISSUER, 'AUTH_PROVIDER=oidc'), HTTP)),
          };
  }
  const secret = v.SESSION_SECRET;
  if (secret === undefined && provider && v.NODE_ENV === 'production') {
    throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production and AUTH_PROVIDER is set (openssl rand -hex 32)');
  }
  return {
    provider,
    // Every process derives the same key from the same secret: a session works on any of them.
    sessionKey: secret === undefined ? randomBytes(32) : createHash('sha256').update(`bot-directory session\0${secret}`).digest(),
    sessionKeyGenerated: secret === undefined,
    sessionMaxAgeSeconds: v.SESSION_MAX_AGE_HOURS * 3600,
    secureCookies: baseUrl.startsWith('https:') || v.NODE_ENV === 'production',
  };
}

function withoutSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
