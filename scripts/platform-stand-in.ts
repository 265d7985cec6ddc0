/**
 * A stand-in for the chat platform's API on this machine, for the demo and the tests: the two
 * calls the platform adapter makes (src/modules/platform/discord.ts), answered in the shape of
 * Discord's API v10. `GET /api/v10/applications/{id}/rpc` answers an application's public fields
 * (404 "Unknown Application", code 10002, for any other ID); `GET /api/v10/users/{id}` answers a
 * user with a bot token (`Authorization: Bot …`; 401 without, 404 "Unknown User", code 10013).
 * Never for production.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInApplication {
  id: string;
  name: string;
  description?: string;
  /** An icon hash (32 hex digits), or none: the default avatar. */
  icon?: string | null;
  /** False: an application without a bot user. */
  bot?: boolean;
}

export interface StandInUser {
  id: string;
  name: string;
}

export interface PlatformStandIn {
  /** The settings that point the app at this stand-in. */
  env: { PLATFORM_API_URL: string; PLATFORM_BOT_TOKEN: string };
  origin: string;
  /** Known from now on (the demo and tests add applications as they go). */
  addApplication(application: StandInApplication): void;
  addUser(user: StandInUser): void;
  /** How many calls each path pattern got (`rpc`, `users`), for tests. */
  calls: { rpc: number; users: number };
  /** Answer every call with this status from now on (an outage); undefined: answer normally. */
  failWith(status: number | undefined): void;
  stop(): Promise<void>;
}

/** The bot token the stand-in accepts (a real one is a secret of the operator's own application). */
const TOKEN = 'stand-in-bot-token-0123456789';

export async function startPlatformStandIn(
  options: { applications?: StandInApplication[]; users?: StandInUser[]; host?: string; port?: number } = {},
): Promise<PlatformStandIn> {
  const applications = new Map((options.applications ?? []).map((a) => [a.id, a]));
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const calls = { rpc: 0, users: 0 };
  let failing: number | undefined;

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://platform').pathname;
    const rpc = /^\/api\/v10\/applications\/([^/]+)\/rpc$/.exec(path);
    const user = /^\/api\/v10\/users\/([^/]+)$/.exec(path);
    if (rpc) calls.rpc += 1;
    if (user) calls.users += 1;
    if (failing !== undefined) return send(failing, { message: 'Service Unavailable', code: 0 });
    if (request.method !== 'GET') return send(405, { message: '405: Method Not Allowed', code: 0 });
    if (rpc) {
      const id = decodeURIComponent(rpc[1]!);
      if (!/^\d{17,20}$/.test(id)) {
        return send(400, {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { application_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${id}" is not snowflake.` }] } },
        });
      }
      const app = applications.get(id);
      if (!app) return send(404, { message: 'Unknown Application', code: 10002 });
      return send(200, {
        id: app.id,
        name: app.name,
        icon: app.icon ?? null,
        description: app.description ?? '',
        summary: '',
        type: null,
        is_monetized: false,
        is_verified: false,
        is_discoverable: false,
        hook: true,
        storefront_available: false,
        integration_types_config: { '0': {}, '1': {} },
        verify_key: 'a'.repeat(64),
        flags: 0,
        ...(app.bot === false ? {} : { bot_public: true, bot_require_code_grant: false }),
      });
    }
    if (user) {
      if (request.headers.authorization !== `Bot ${TOKEN}`) return send(401, { message: '401: Unauthorized', code: 0 });
      const id = decodeURIComponent(user[1]!);
      const person = users.get(id);
      const app = applications.get(id);
      if (person) return send(200, { id, username: person.name.toLowerCase(), global_name: person.name, avatar: null, discriminator: '0' });
      if (app && app.bot !== false)
        return send(200, { id, username: app.name, global_name: null, avatar: null, discriminator: '0000', bot: true });
      return send(404, { message: 'Unknown User', code: 10013 });
    }
    send(404, { message: '404: Not Found', code: 0 });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  // The demo's service decides when the process ends; this server never keeps it alive.
  server.unref();
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    env: { PLATFORM_API_URL: `${origin}/api/v10`, PLATFORM_BOT_TOKEN: TOKEN },
    origin,
    addApplication: (application) => applications.set(application.id, application),
    addUser: (person) => users.set(person.id, person),
    calls,
    failWith: (status) => {
      failing = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
