/**
 * The platform adapter for Discord. `GET /applications/{id}/rpc` answers an application's public
 * fields without a token (404 "Unknown Application", code 10002, for any other ID). Discord shows
 * nobody who owns an application without that application's own token, so ownership stays
 * `unchecked` and the moderator checks it. With a bot token of the operator's own application,
 * `GET /users/{id}` tells a user's ID (a person, not a bot) from an ID that is nothing at all.
 */
import { request } from 'undici';
import { AppError } from '../../lib/errors.js';
import type { ApplicationLookup, PlatformAdapter } from './adapter.js';

/** Each call to the platform is over within this (connect, headers and body). */
const TIMEOUT_MS = 5000;
/** An answer larger than this is not an application. */
const MAX_BODY_BYTES = 64 * 1024;
const CDN = 'https://cdn.discordapp.com';
const UNKNOWN_APPLICATION = 10002;
const UNKNOWN_USER = 10013;

interface RpcApplication {
  id?: unknown;
  name?: unknown;
  icon?: unknown;
  description?: unknown;
  /** Present only when the application has a bot user. */
  bot_public?: unknown;
}

export class DiscordAdapter implements PlatformAdapter {
  constructor(
    /** e.g. https://discord.com/api/v10, no trailing slash. */
    private readonly apiUrl: string,
    private readonly botToken: string | undefined,
    private readonly userAgent: string,
  ) {}

  /** Whoever adds it, ownership stays `unchecked`: Discord tells nobody but the application itself. */
  async lookup(applicationId: string, _userId: string): Promise<ApplicationLookup> {
    const app = await this.get(`/applications/${encodeURIComponent(applicationId)}/rpc`);
    if (app.status === 200) {
      const body = app.body as RpcApplication;
      if (typeof body.id !== 'string' || body.id !== applicationId || typeof body.name !== 'string' || body.name.trim() === '') {
        throw unavailable();
      }
      return {
        kind: 'found',
        application: {
          id: applicationId,
          name: body.name.trim().slice(0, 100),
          iconUrl: iconUrl(applicationId, body.icon),
          description: typeof body.description === 'string' ? body.description.trim() : '',
          isBot: body.bot_public !== undefined,
        },
        ownership: 'unchecked',
      };
    }
    if (!isUnknown(app, UNKNOWN_APPLICATION)) throw unavailable();
    if (this.botToken === undefined) return { kind: 'unknown' };
    const user = await this.get(`/users/${encodeURIComponent(applicationId)}`, `Bot ${this.botToken}`);
    if (user.status === 200) return (user.body as { bot?: unknown }).bot === true ? { kind: 'unknown' } : { kind: 'user' };
    if (isUnknown(user, UNKNOWN_USER)) return { kind: 'unknown' };
    throw unavailable();
  }

  inviteUrl(applicationId: string): string {
    return `https://discord.com/oauth2/authorize?client_id=${encodeURIComponent(applicationId)}`;
  }

  private async get(path: string, authorization?: string): Promise<{ status: number; body: unknown }> {
    try {
      const response = await request(`${this.apiUrl}${path}`, {
        headers: { 'user-agent': this.userAgent, accept: 'application/json', ...(authorization ? { authorization } : {}) },
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const length = Number(response.headers['content-length'] ?? 0);
      if (length > MAX_BODY_BYTES) {
        response.body.destroy();
        return { status: response.statusCode, body: undefined };
      }
      const text = await response.body.text();
      let body: unknown;
      try {
        body = text.length > MAX_BODY_BYTES ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.statusCode, body: typeof body === 'object' && body !== null ? body : undefined };
    } catch {
      throw unavailable();
    }
  }
}

function isUnknown(answer: { status: number; body: unknown }, code: number): boolean {
  return answer.status === 404 && (answer.body as { code?: unknown } | undefined)?.code === code;
}

/** The application's icon, or Discord's default avatar for the ID (one of six, chosen by the ID's upper bits as Discord does). */
function iconUrl(id: string, icon: unknown): string {
  if (typeof icon === 'string' && /^(a_)?[0-9a-f]{32}$/.test(icon)) return `${CDN}/app-icons/${id}/${icon}.png`;
  const index = Number((BigInt(id) >> 22n) % 6n);
  return `${CDN}/embed/avatars/${index}.png`;
}

function unavailable(): AppError {
  return AppError.unavailable('The chat platform did not answer; try again in a minute', 60);
}
