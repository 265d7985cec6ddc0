import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App } from '../../lib/types.js';

export const SDK_DOCS_PREFIX = '/docs/sdk/';

/** packages/sdk/docs above this file (src/ when run from source, dist/src/ when built), if built. */
function sdkDocsDir(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'packages', 'sdk', 'docs');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/**
 * `/docs/sdk/`: the SDK's typed reference, generated from its TSDoc by TypeDoc (`npm run build`
 * writes it to packages/sdk/docs). Static files under a strict CSP: TypeDoc's one inline script
 * (a theme switch) is refused and the page works without it. Not built: the path answers 404.
 */
export async function sdkDocsRoutes(app: App): Promise<void> {
  const root = sdkDocsDir();
  if (!root) return;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply
        .header(
          'content-security-policy',
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .header('x-content-type-options', 'nosniff');
      return payload;
    });
    await scope.register(fastifyStatic, { root, prefix: SDK_DOCS_PREFIX, index: 'index.html', redirect: true, maxAge: 3600_000 });
  });
}
