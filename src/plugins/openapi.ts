import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPONENT_NAME, namedDescription } from '../lib/schemas.js';
import { listingWebhook } from '../modules/listings/event.js';
import { openapiWebhooks } from '../modules/webhooks/delivery/event-schemas.js';

interface Document {
  info: Record<string, unknown>;
  tags?: { name: string; description: string }[];
  paths?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; [other: string]: unknown };
}

/**
 * One generator, fed by every route's TypeBox schemas, split into two documents: the public API
 * (/api/...) and the management API (/admin/...). The calls we make to bot owners are the public
 * document's `webhooks`.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance, opts: { baseUrl: string; version: string; retrySchedule: readonly number[] }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Bot Directory API',
          version: opts.version,
          license: { name: 'MIT', identifier: 'MIT' },
          contact: { name: 'The operator of this directory', url: opts.baseUrl },
          description:
            'Public read API, owner API and embeds of the bot directory.\n\n' +
            '**SDK**: `npm install @bot-directory/sdk`: a typed client, a shard-aware stats autoposter and webhook ' +
            'middlewares for node http, express and Fastify. Reference: [/docs/sdk/](/docs/sdk/).',
        },
        servers: [{ url: opts.baseUrl }],
        // Both schemes, so that @fastify/swagger knows every route's; each document then keeps its own (split).
        components: { securitySchemes: { ...SECURITY_SCHEMES.public, ...SECURITY_SCHEMES.admin } },
      },
    });

    const documents = new Map<'public' | 'admin', string>();
    app.decorate('openapiDocument', (which: 'public' | 'admin'): string => {
      let json = documents.get(which);
      if (!json) {
        json = JSON.stringify(withComponents(split(app.swagger() as unknown as Document, which, opts.retrySchedule)));
        documents.set(which, json);
      }
      return json;
    });
  },
  { name: 'openapi' },
);

/** How each document's callers authenticate: the public API's owner endpoints with a bot's key, the management API with the operator token. */
const SECURITY_SCHEMES = {
  public: { apiKey: { type: 'http', scheme: 'bearer', description: 'A bot API key' } },
  admin: { adminToken: { type: 'http', scheme: 'bearer', description: 'The operator token (ADMIN_TOKEN)' } },
} as const;

/** Every tag an operation may carry, described once; a route with a tag not listed here fails the document. */
const TAGS: Record<string, string> = {
  bots: 'Published bots (public) and every bot (management).',
  search: 'Search as a person types: typos, synonyms, German and English.',
  reviews: "Users' reviews of bots and the developers' replies.",
  history: "Bots' daily server counts.",
  owner: "The endpoints a bot's own code calls with its API key: votes, premium, server counts.",
  embeds: 'Badges, widgets, cards and charts for other pages; versionless, under /api.',
  votes: 'Votes recorded by the operator.',
  premium: 'Premium subscriptions fed by the operator.',
  donations: 'Donations fed by the operator.',
  payments:
    "Premium and donations paid through Stripe Connect: bots' connected accounts, subscriptions, donations, totals, reconciliation.",
  keys: "Bots' API keys and their rate tiers.",
  webhooks: "The calls a bot's webhook endpoints receive (public document); the endpoints, their delivery log and notices (management).",
  listings: "Owners' listings: the moderation queue and the operator's decisions.",
  reports: "Users' reports of bots and the operator's answers.",
  bans: 'Bans of users (no submissions, votes, reviews or reports) and of bots (out of view, never listed again).',
  moderation: 'Reason templates: the texts the console offers for notes and reasons.',
  audit:
    'The audit log: who changed a listing, a key or a webhook endpoint, or decided as a moderator, when, from where, and what changed.',
};

function split(document: Document, which: 'public' | 'admin', retrySchedule: readonly number[]): Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/admin/') === (which === 'admin'))
      .map(([path, item]) => [path, publicUnlessSecured(optionalDefaults(item))]),
  );
  const components = { ...document.components, securitySchemes: SECURITY_SCHEMES[which] };
  if (which === 'public') {
    const webhooks = openapiWebhooks(retrySchedule, { listing: listingWebhook });
    return { ...document, tags: tagsOf({ ...paths, ...webhooks }), components, paths, webhooks };
  }
  const tags = tagsOf(paths);
  const info = { ...document.info, title: 'Bot Directory management API', description: 'Operator API (ADMIN_TOKEN).' };
  return { ...document, info, tags, components, paths };
}

/** The tags the document's operations (paths and webhooks) use, described, in TAGS's order. */
function tagsOf(paths: Record<string, unknown>): { name: string; description: string }[] {
  const used = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Record<string, { tags?: string[] }>))
      for (const tag of operation.tags ?? []) used.add(tag);
  }
  for (const tag of used) if (!(tag in TAGS)) throw new Error(`OpenAPI: the tag ${tag} has no description in plugins/openapi.ts`);
  return Object.entries(TAGS)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}

/** An operation that names no security is open to anyone: it says so (`security: []`). */
function publicUnlessSecured(item: unknown): unknown {
  const operations = item as Record<string, { security?: unknown }>;
  return Object.fromEntries(
    Object.entries(operations).map(([method, operation]) => [method, { ...operation, security: operation.security ?? [] }]),
  );
}

/**
 * Every schema named with `named()` moves to components.schemas under its name, and each place it
 * was used refers to it with $ref (a description given at that place stays beside the $ref, as
 * OpenAPI 3.1 allows). Clients generated from the document then get one type per entity.
 */
function withComponents(document: Document): Document {
  const schemas: Record<string, Record<string, unknown>> = {};
  const shapes = new Map<string, string>();
  const hoist = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(hoist);
    if (node === null || typeof node !== 'object') return node;
    const { [COMPONENT_NAME]: name, ...fields } = node as Record<string, unknown>;
    const hoisted = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, hoist(value)]));
    if (typeof name !== 'string') return hoisted;
    const { description, ...shape } = hoisted;
    const json = JSON.stringify(shape);
    const known = shapes.get(name);
    const defined = namedDescription(name);
    if (known === undefined) {
      shapes.set(name, json);
      schemas[name] = defined === undefined ? shape : { ...shape, description: defined };
    } else if (known !== json) {
      throw new Error(`OpenAPI: two different schemas are named ${name}`);
    }
    const ref = { $ref: `#/components/schemas/${name}` };
    return description !== undefined && description !== defined ? { ...ref, description } : ref;
  };
  const { components, ...rest } = document;
  const body = hoist(rest) as Document;
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { ...body, components: { ...components, schemas: sorted } };
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
