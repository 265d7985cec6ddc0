import oauthPlugin, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest } from 'undici';
import { AppError } from '../../lib/errors.js';
import type { DiscordProvider, OidcProvider } from '../../config/index.js';
import { MAX_MANAGED_GUILDS, type ManagedGuild } from './managed-guilds.js';
import type { SignedInUser } from './session.js';

/** The chat platform's OAuth2 scope that tells who the user is, and nothing more. */
const DISCORD_SCOPE = ['identify'];
/** … and the servers the user is in, for a server tier's checkout (asked while payments are on). */
const DISCORD_GUILDS_SCOPE = ['identify', 'guilds'];
const OIDC_SCOPE = ['openid', 'profile'];
const NAME_MAX = 100;
/** Discord's MANAGE_GUILD permission bit. */
const MANAGE_GUILD = 0x20n;
const GUILD_ID = /^\d{17,20}$/u;

export interface SignedIn {
  user: SignedInUser;
  /** The servers the user may manage; undefined when the provider was not asked or did not answer. */
  guilds: ManagedGuild[] | undefined;
}

export interface SignInFlow {
  /** The provider's authorization URL, with `state` and a PKCE challenge kept in cookies for the callback. */
  start(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** Exchanges the callback's code (checking `state` and the PKCE verifier) and asks who signed in. */
  finish(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn>;
}

/**
 * Registers @fastify/oauth2 for the configured provider: Discord's authorization-code flow (scope
 * `identify`, and `guilds` with `askGuilds`; endpoints under AUTH_DISCORD_BASE_URL) or any OpenID
 * Connect provider (endpoints by discovery from AUTH_ISSUER; it knows no servers). PKCE (S256) and
 * `state` always.
 */
export async function registerProvider(
  app: FastifyInstance,
  provider: DiscordProvider | OidcProvider,
  options: { callbackUri: string; secureCookies: boolean; askGuilds: boolean },
): Promise<SignInFlow> {
  const askGuilds = options.askGuilds && provider.kind === 'discord';
  const common = {
    name: 'platformOAuth2',
    callbackUri: options.callbackUri,
    pkce: 'S256' as const,
    cookie: { secure: options.secureCookies, sameSite: 'lax' as const, httpOnly: true, path: '/auth/' },
    userAgent: 'bot-directory' as const,
  };
  const credentials = { client: { id: provider.clientId, secret: provider.clientSecret } };
  if (provider.kind === 'discord') {
    await app.register(oauthPlugin, {
      ...common,
      scope: askGuilds ? DISCORD_GUILDS_SCOPE : DISCORD_SCOPE,
      credentials: {
        ...credentials,
        auth: {
          authorizeHost: provider.baseUrl,
          authorizePath: '/oauth2/authorize',
          tokenHost: provider.baseUrl,
          tokenPath: '/api/oauth2/token',
        },
      },
    });
  } else {
    await app.register(oauthPlugin, { ...common, scope: OIDC_SCOPE, credentials, discovery: { issuer: provider.issuer } });
  }
  const oauth = (): OAuth2Namespace => (app as unknown as { platformOAuth2: OAuth2Namespace }).platformOAuth2;
  return {
    start: (request, reply) => oauth().generateAuthorizationUri(request, reply),
    async finish(request, reply) {
      let accessToken: string;
      try {
        accessToken = (await oauth().getAccessTokenFromAuthorizationCodeFlow(request, reply)).token.access_token;
      } catch (error) {
        request.log.info({ reason: (error as Error).message }, 'sign-in refused at the callback');
        throw new AppError('unauthorized', 'Sign-in failed: the answer of the sign-in provider was not accepted').because({
          kind: 'sign_in_refused',
        });
      }
      const identity =
        provider.kind === 'discord' ? await discordUser(provider.baseUrl, accessToken) : oidcUser(await oauth().userinfo(accessToken));
      if (!identity) {
        throw new AppError('unauthorized', 'Sign-in failed: the provider did not say who you are').because({
          kind: 'sign_in_unidentified',
        });
      }
      const guilds = askGuilds ? await discordGuilds(provider.baseUrl, accessToken).catch(() => undefined) : undefined;
      return { user: identity, guilds };
    },
  };
}

/** `GET /api/users/@me`: the Discord user behind the token. */
async function discordUser(baseUrl: string, accessToken: string): Promise<SignedInUser | undefined> {
  const user = (await discordGet(baseUrl, '/api/users/@me', accessToken)) as
    { id?: unknown; username?: unknown; global_name?: unknown } | undefined;
  return user && toUser(user.id, user.global_name ?? user.username);
}

/** A GET of Discord's API with the user's token: the parsed answer, or undefined for any status but 200. */
async function discordGet(baseUrl: string, path: string, accessToken: string): Promise<unknown> {
  const response = await httpRequest(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'user-agent': 'bot-directory' },
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    return undefined;
  }
  return response.body.json();
}

/**
 * `GET /api/users/@me/guilds`: the servers the user owns or holds Manage Server in (the rest cannot
 * take a server subscription from them). Undefined when Discord does not answer: the sign-in goes
 * on, and the server ID is typed.
 */
async function discordGuilds(baseUrl: string, accessToken: string): Promise<ManagedGuild[] | undefined> {
  const listed = await discordGet(baseUrl, `/api/users/@me/guilds?limit=${MAX_MANAGED_GUILDS}`, accessToken);
  if (!Array.isArray(listed)) return undefined;
  const guilds: ManagedGuild[] = [];
  for (const entry of listed as Array<{ id?: unknown; name?: unknown; owner?: unknown; permissions?: unknown }>) {
    if (typeof entry?.id !== 'string' || !GUILD_ID.test(entry.id) || typeof entry.name !== 'string') continue;
    const permissions = typeof entry.permissions === 'string' && /^\d{1,40}$/u.test(entry.permissions) ? BigInt(entry.permissions) : 0n;
    if (entry.owner !== true && (permissions & MANAGE_GUILD) === 0n) continue;
    const name = entry.name.trim().slice(0, NAME_MAX);
    guilds.push({ id: entry.id, name: name === '' ? entry.id : name });
    if (guilds.length === MAX_MANAGED_GUILDS) break;
  }
  return guilds;
}

function oidcUser(info: object): SignedInUser | undefined {
  const claims = info as { sub?: unknown; preferred_username?: unknown; name?: unknown };
  return toUser(claims.sub, claims.preferred_username ?? claims.name);
}

function toUser(id: unknown, name: unknown): SignedInUser | undefined {
  if (typeof id !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(id)) return undefined;
  const display = typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, NAME_MAX) : id;
  return { id, name: display };
}
