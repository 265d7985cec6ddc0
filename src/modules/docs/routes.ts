import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { getHtmlDocument } from '@scalar/core/libs/html-rendering';
import type { App } from '../../lib/types.js';

/** The reference's script is large (3.5 MB) and changes only with a release. */
const SCRIPT_CACHE = 'public, max-age=3600';
const HIDDEN = { schema: { hide: true } };

/**
 * Scalar's own bundle of the reference, as bytes: read once for both pages and sent as they are.
 * `@scalar/fastify-api-reference` (1.76) carries it as one string literal in its module;
 * importing that module would keep its 5 MB source and the string (two-byte: it holds non-Latin-1
 * characters) on the heap for the life of the process. So the module is read as text and only the
 * literal is evaluated, in an empty context; the strings are garbage once encoded.
 * A test checks the bytes against what the plugin itself serves. They are the installed package's,
 * so a process that builds the app again (the tests build one per suite) reads them once.
 */
let scalarBytes: Buffer | undefined;
export function scalarScript(): Buffer {
  return (scalarBytes ??= readScalarScript());
}

function readScalarScript(): Buffer {
  const plugin = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  const source = readFileSync(plugin, 'utf8');
  const marker = '\nvar standalone_default = "';
  const start = source.indexOf(marker);
  // A double-quoted literal holds no raw line break: it ends at the end of its line.
  const end = start === -1 ? -1 : source.indexOf('\n', start + 1);
  const literal = start === -1 || end === -1 ? '' : source.slice(start + marker.length - 1, end).replace(/;$/, '');
  if (!literal.startsWith('"') || !literal.endsWith('"')) {
    throw new Error(`@scalar/fastify-api-reference: its bundled script was not found in ${plugin}`);
  }
  const value: unknown = runInNewContext(literal, Object.create(null) as object, { timeout: 5000 });
  if (typeof value !== 'string' || !value.includes('createApiReference')) {
    throw new Error(`@scalar/fastify-api-reference: its bundled script was not found in ${plugin}`);
  }
  return Buffer.from(value, 'utf8');
}

/**
 * `/docs`: an interactive reference of the public API (the document of /api/v1/openapi.json).
 * `/admin/docs`: the same for the management API. That page is public-safe: it shows what the
 * source code shows, its document is served beside it so the page needs no token, and every call
 * made from it needs the operator token (entered in the page, sent only to this origin).
 * Both load nothing from other origins (no CDN, no web fonts), under a CSP that allows the one
 * inline script by its hash. The pages are Scalar's (its HTML renderer and its bundled script);
 * only the four routes are ours, see docs/decisions.md.
 */
export async function docsRoutes(app: App, options: { version: string }): Promise<void> {
  const script = scalarScript();
  for (const [prefix, which, title] of [
    ['/docs', 'public', 'Bot Directory API'],
    ['/admin/docs', 'admin', 'Bot Directory management API'],
  ] as const) {
    const page = getHtmlDocument({
      _integration: 'fastify',
      cdn: 'js/scalar.js',
      // Relative, so that the page works behind a proxy that mounts the service elsewhere.
      url: './openapi.json',
      pageTitle: `${title} ${options.version}`,
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
    } as Parameters<typeof getHtmlDocument>[0]);
    const policy = contentSecurityPolicy(page);

    app.get(prefix, HIDDEN, (_request, reply) => reply.header('cache-control', 'no-cache').redirect(`${prefix}/`, 301));
    app.get(`${prefix}/`, HIDDEN, (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', policy)
        .header('x-content-type-options', 'nosniff')
        .send(page),
    );
    app.get(`${prefix}/openapi.json`, HIDDEN, (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-disposition', `filename=${which === 'admin' ? 'bot-directory-management-api' : 'bot-directory-api'}.json`)
        .send(app.openapiDocument(which)),
    );
    app.get(`${prefix}/js/scalar.js`, HIDDEN, (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', SCRIPT_CACHE).send(script),
    );
  }
}

/** Only our own script and the page's one inline script (by hash) may run; nothing loads from elsewhere. */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?: type="text\/javascript")?>([\s\S]*?)<\/script>/g)]
    .map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    )
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
