/**
 * A local stand-in for Discord's "Execute Webhook" endpoint: it checks each body against Discord's
 * documented schema and limits (discord.com/developers/docs/resources/webhook#execute-webhook,
 * .../message#embed-object-embed-limits) and answers 400 like Discord for a body it would refuse.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ServerResponse } from 'node:http';
import type { ReceivedRequest } from './loopback-receiver.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: true, strictRequired: false, allErrors: true }));

const field = {
  type: 'object',
  required: ['name', 'value'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    value: { type: 'string', minLength: 1, maxLength: 1024 },
    inline: { type: 'boolean' },
  },
};
const embed = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 256 },
    description: { type: 'string', maxLength: 4096 },
    url: { type: 'string', format: 'uri' },
    timestamp: { type: 'string', format: 'date-time' },
    color: { type: 'integer', minimum: 0, maximum: 0xffffff },
    footer: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: { type: 'string', maxLength: 2048 }, icon_url: { type: 'string' } },
    },
    author: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 256 } } },
    fields: { type: 'array', maxItems: 25, items: field },
  },
};
const validateBody = ajv.compile({
  type: 'object',
  additionalProperties: false,
  anyOf: [{ required: ['content'] }, { required: ['embeds'] }],
  properties: {
    content: { type: 'string', maxLength: 2000 },
    username: { type: 'string', minLength: 1, maxLength: 80 },
    avatar_url: { type: 'string', format: 'uri' },
    tts: { type: 'boolean' },
    embeds: { type: 'array', minItems: 1, maxItems: 10, items: embed },
    allowed_mentions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parse: { type: 'array', items: { enum: ['roles', 'users', 'everyone'] } },
        users: { type: 'array' },
        roles: { type: 'array' },
      },
    },
  },
});

/** Characters Discord counts towards the 6000 of all embeds of a message. */
function embedCharacters(embeds: Array<Record<string, any>>): number {
  let total = 0;
  for (const e of embeds) {
    total += (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length + (e.author?.name ?? '').length;
    for (const f of e.fields ?? []) total += f.name.length + f.value.length;
  }
  return total;
}

/** Why Discord would refuse this request, or undefined when it would accept it. */
export function discordProblem(request: ReceivedRequest): string | undefined {
  if (request.method !== 'POST') return `method ${request.method}`;
  if (!/^\/api(\/v\d+)?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]+$/.test(request.url.split('?')[0]!)) return `path ${request.url}`;
  if (!String(request.headers['content-type']).startsWith('application/json')) return 'content type';
  let body: Record<string, any>;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    return 'not JSON';
  }
  if (!validateBody(body)) return ajv.errorsText(validateBody.errors);
  // Discord refuses webhook names containing these words.
  const username = (body as unknown as Record<string, unknown>).username;
  if (typeof username === 'string' && /discord|clyde/i.test(username)) return 'username';
  if (embedCharacters(body.embeds ?? []) > 6000) return 'more than 6000 embed characters';
  return undefined;
}

/** Answers like Discord: 204 for a valid message, 400 with the reason otherwise. */
export function answerLikeDiscord(res: ServerResponse, request: ReceivedRequest): void {
  const problem = discordProblem(request);
  if (problem) res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 50109, message: problem }));
  else res.writeHead(204).end();
}
