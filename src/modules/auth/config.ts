import { createHash, randomBytes } from 'node:crypto';

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

export const DISCORD_BASE_URL = 'https://discord.com';
const MIN_SECRET_LENGTH = 32;

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function url(env: Env, name: string, fail: Fail): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  try {
    if (!/^https?:$/.test(new URL(value).protocol)) fail(name, 'must start with http:// or https://');
  } catch {
    fail(name, 'is not a valid URL');
  }
  return value.replace(/\/+$/, '');
}

export function readAuthConfig(env: Env, nodeEnv: string, baseUrl: string, fail: Fail): AuthConfig {
  const kind = raw(env, 'AUTH_PROVIDER');
  if (kind !== undefined && kind !== 'discord' && kind !== 'oidc') fail('AUTH_PROVIDER', `must be one of discord, oidc, got "${kind}"`);
  let provider: AuthConfig['provider'];
  if (kind !== undefined) {
    const clientId = raw(env, 'AUTH_CLIENT_ID') ?? fail('AUTH_CLIENT_ID', 'is required when AUTH_PROVIDER is set');
    const clientSecret = raw(env, 'AUTH_CLIENT_SECRET') ?? fail('AUTH_CLIENT_SECRET', 'is required when AUTH_PROVIDER is set');
    provider =
      kind === 'discord'
        ? { kind, clientId, clientSecret, baseUrl: url(env, 'AUTH_DISCORD_BASE_URL', fail) ?? DISCORD_BASE_URL }
        : { kind, clientId, clientSecret, issuer: url(env, 'AUTH_ISSUER', fail) ?? fail('AUTH_ISSUER', 'is required when AUTH_PROVIDER=oidc') };
  }
  const secret = raw(env, 'SESSION_SECRET');
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) fail('SESSION_SECRET', `must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32)`);
  if (secret === undefined && provider && nodeEnv === 'production') {
    fail('SESSION_SECRET', 'is required when NODE_ENV=production and AUTH_PROVIDER is set (openssl rand -hex 32)');
  }
  const hours = raw(env, 'SESSION_MAX_AGE_HOURS') ?? '168';
  if (!/^\d{1,4}$/.test(hours) || Number(hours) < 1 || Number(hours) > 2160) fail('SESSION_MAX_AGE_HOURS', `must be an integer from 1 to 2160, got "${hours}"`);
  return {
    provider,
    // Every process derives the same key from the same secret: a session works on any of them.
    sessionKey: secret === undefined ? randomBytes(32) : createHash('sha256').update(`bot-directory session\0${secret}`).digest(),
    sessionKeyGenerated: secret === undefined,
    sessionMaxAgeSeconds: Number(hours) * 3600,
    secureCookies: baseUrl.startsWith('https:') || nodeEnv === 'production',
  };
}
