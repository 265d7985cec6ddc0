/**
 * A sign-in provider on this machine, for the demo and the tests: oauth2-mock-server behind a
 * small login page that offers the demo's people ("sign in as a demo owner / a demo voter / the demo
 * operator").
 * It speaks OpenID Connect (discovery at `/.well-known/openid-configuration`) or the chat
 * platform's OAuth2 paths (`/oauth2/authorize`, `/api/oauth2/token`, `/api/users/@me`,
 * `/api/users/@me/guilds`), so both
 * AUTH_PROVIDER settings run against it. It checks PKCE like a real provider; never for production.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export interface Persona {
  /** The platform user id (a bot's `owners` hold these). */
  id: string;
  name: string;
  /** What the login page's button says. */
  label: string;
  /** The servers the platform lists for the persona (Discord's `GET /api/users/@me/guilds`). */
  guilds?: Array<{ id: string; name: string; owner: boolean; permissions: string }>;
}

export interface DemoProvider {
  /** The settings that point the app at this provider. */
  env: Record<string, string>;
  origin: string;
  stop(): Promise<void>;
}

const DISCORD_ENDPOINTS = { authorize: '/oauth2/authorize', token: '/api/oauth2/token', userinfo: '/api/users/@me' };
const OIDC_ENDPOINTS = { authorize: '/authorize', token: '/token', userinfo: '/userinfo' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function bearerSubject(request: IncomingMessage): string | undefined {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string }).sub;
}

export async function startDemoProvider(options: {
  kind?: 'oidc' | 'discord';
  personas: Persona[];
  host?: string;
  port?: number;
}): Promise<DemoProvider> {
  const kind = options.kind ?? 'oidc';
  const endpoints = kind === 'discord' ? DISCORD_ENDPOINTS : OIDC_ENDPOINTS;
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, endpoints);
  // Looked up at each request: the demo adds its owner once the demo data is loaded.
  const byId = { get: (id: string) => options.personas.find((persona) => persona.id === id) };
  /** Authorization codes handed out, by the persona that chose to sign in. */
  const codes = new Map<string, Persona>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, request: IncomingMessage & { query?: Record<string, unknown> }) => {
    const asked = request.query?.persona;
    const persona = typeof asked === 'string' ? byId.get(asked) : undefined;
    const code = redirect.url.searchParams.get('code');
    if (persona && code) codes.set(code, persona);
  });
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, request: { body?: Record<string, unknown> }) => {
    const code = request.body?.code;
    const persona = typeof code === 'string' ? codes.get(code) : undefined;
    if (persona) token.payload.sub = persona.id;
  });
  service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }, request: IncomingMessage) => {
    const persona = byId.get(bearerSubject(request) ?? '');
    if (!persona) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
    } else {
      response.body =
        kind === 'discord'
          ? { id: persona.id, username: persona.name, global_name: persona.name }
          : { sub: persona.id, preferred_username: persona.name };
    }
  });

  const handler = service.requestHandler;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    if (url.pathname === endpoints.authorize && !url.searchParams.has('persona')) {
      const links = options.personas
        .map((persona) => {
          url.searchParams.set('persona', persona.id);
          return `<li><a href="${escape(url.pathname + url.search)}">${escape(persona.label)}</a></li>`;
        })
        .join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo sign-in</title></head>` +
          `<body style="font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem"><h1>Demo sign-in provider</h1>` +
          `<p>A stand-in for the chat platform's sign-in, on this machine. Sign in as:</p><ul>${links}</ul></body></html>`,
      );
      return;
    }
    if (kind === 'discord' && request.method === 'GET' && url.pathname === '/api/users/@me/guilds') {
      const persona = byId.get(bearerSubject(request) ?? '');
      response.writeHead(persona ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(persona ? (persona.guilds ?? []) : { message: '401: Unauthorized', code: 0 }));
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  // The demo's service decides when the process ends; this server never keeps it alive.
  server.unref();
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  issuer.url = origin;
  const env: Record<string, string> = {
    AUTH_PROVIDER: kind,
    AUTH_CLIENT_ID: 'bot-directory-demo',
    AUTH_CLIENT_SECRET: 'demo-client-secret',
  };
  if (kind === 'discord') env.AUTH_DISCORD_BASE_URL = origin;
  else env.AUTH_ISSUER = origin;
  return {
    env,
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
