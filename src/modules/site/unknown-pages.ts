import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { htmlErrorHandler } from '../../html/error-handler.js';
import { LANGS } from '../../html/i18n/index.js';
import { unmatchedRequest } from '../../plugins/errors.js';
import { currentUser } from '../auth/session.js';

/**
 * An address under a page's prefix that no route takes (`/de/nothing`, `/dashboard/x`) is a 404
 * page in the address's language (405 with `Allow` for a path of another method), not the API's
 * JSON: people follow these links.
 */
export async function unknownPageRoutes(app: App): Promise<void> {
  for (const prefix of [...LANGS, 'dashboard', 'auth']) {
    await app.register(
      async (scope) => {
        // Counted as a page (a followed dead link is browsing), not in the API's bucket. Fastify
        // reads a not-found handler's `config` as a route's, though its types leave it out.
        const options = { config: { rateLimit: 'pages' } } as Parameters<typeof scope.setNotFoundHandler>[0];
        scope.setNotFoundHandler(options, (request, reply) => {
          const unmatched = unmatchedRequest(request);
          if (!(unmatched instanceof AppError)) return reply.code(204).header('allow', unmatched.allow).send();
          return htmlErrorHandler(unmatched, request, reply, currentUser(request));
        });
      },
      { prefix: `/${prefix}` },
    );
  }
}
