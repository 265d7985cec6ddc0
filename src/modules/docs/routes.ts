import { createHash } from 'node:crypto';
import scalar from '@scalar/fastify-api-reference';
import type { App } from '../../lib/types.js';

/** The reference's script is large (3.5 MB) and changes only with a release. */
const SCRIPT_CACHE = 'public, max-age=3600';

/**
 * `/docs`: an interactive reference of the public API (the document of /api/v1/openapi.json).
 * `/admin/docs`: the same for the management API. That page is public-safe: it shows what the
 * source code shows, its document is embedded so the page needs no token, and every call made
 * from it needs the operator token (entered in the page, sent only to this origin).
 * Both load nothing from other origins (no CDN, no web fonts), under a CSP that allows the one
 * inline script by its hash.
 */
export async function docsRoutes(app: App, options: { version: string }): Promise<void> {
  for (const [prefix, which, title] of [
    ['/docs', 'public', 'Bot Directory API'],
    ['/admin/docs', 'admin', 'Bot Directory management API'],
  ] as const) {
    await app.register(async (scope) => {
      scope.addHook('onSend', async (request, reply, payload) => {
        if (request.url.endsWith('.js')) reply.header('cache-control', SCRIPT_CACHE);
        else reply.header('cache-control', 'no-cache');
        if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
          reply.header('content-security-policy', contentSecurityPolicy(payload)).header('x-content-type-options', 'nosniff');
        }
        return payload;
      });
      await scope.register(scalar, {
        routePrefix: prefix,
        logLevel: 'warn',
        configuration: <Record<string, unknown>>{
          pageTitle: `${title} ${options.version}`,
          content: () => JSON.parse(app.openapiDocument(which)) as Record<string, unknown>,
          // Nothing from Scalar's servers: no web fonts, no telemetry, no AI agent, no developer toolbar.
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
          showDeveloperTools: 'never',
          showToolbar: 'never',
          hideClientButton: true,
          documentDownloadType: 'json',
          // The document's `servers` is BASE_URL; "try it" calls go there.
          ...(which === 'admin' ? { authentication: { preferredSecurityScheme: 'adminToken' } } : {}),
        },
      });
    });
  }
}

/** Only our own script and the page's one inline script (by hash) may run; nothing loads from elsewhere. */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?: type="text\/javascript")?>([\s\S]*?)<\/script>/g)]
    .map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`)
    .join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes}`,
    // The reference sets styles from its script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
