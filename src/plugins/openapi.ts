import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openapiWebhooks } from '../modules/webhooks/event-schemas.js';

interface Document {
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
}

/**
 * One generator, fed by every route's TypeBox schemas, split into two documents: the public API
 * (/api/...) and the management API (/admin/...). The calls we make to bot owners are the public
 * document's `webhooks`.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance, opts: { baseUrl: string; version: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Bot Directory API',
          version: opts.version,
          description: 'Public read API, owner API and embeds of the bot directory.',
        },
        servers: [{ url: opts.baseUrl }],
        components: {
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', description: 'A bot API key' },
            adminToken: { type: 'http', scheme: 'bearer', description: 'The operator token (ADMIN_TOKEN)' },
          },
        },
      },
    });

    const documents = new Map<'public' | 'admin', string>();
    app.decorate('openapiDocument', (which: 'public' | 'admin'): string => {
      let json = documents.get(which);
      if (!json) {
        json = JSON.stringify(split(app.swagger() as unknown as Document, which));
        documents.set(which, json);
      }
      return json;
    });
  },
  { name: 'openapi' },
);

function split(document: Document, which: 'public' | 'admin'): Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/admin/') === (which === 'admin'))
      .map(([path, item]) => [path, optionalDefaults(item)]),
  );
  if (which === 'public') return { ...document, paths, webhooks: openapiWebhooks };
  const info = { ...document.info, title: 'Bot Directory management API', description: 'Operator API (ADMIN_TOKEN).' };
  return { ...document, info, paths };
}

interface Parameter {
  in: string;
  required?: boolean;
  schema?: { default?: unknown };
}

/**
 * A query parameter with a default may be left out. Its schema lists it as required (so Ajv fills
 * in the default), and @fastify/swagger copies that into `required: true`: clients generated from
 * the document would then have to send page, limit, sort and days.
 */
function optionalDefaults(item: unknown): unknown {
  const operations = item as Record<string, { parameters?: Parameter[] }>;
  return Object.fromEntries(
    Object.entries(operations).map(([method, operation]) => [
      method,
      operation.parameters
        ? {
            ...operation,
            parameters: operation.parameters.map((p) =>
              p.in === 'query' && p.schema?.default !== undefined ? { ...p, required: false } : p,
            ),
          }
        : operation,
    ]),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    openapiDocument(which: 'public' | 'admin'): string;
  }
}
