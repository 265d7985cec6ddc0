/** The public OpenAPI document describes the calls we make to owners in its 3.1 `webhooks` section. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineComponents, testApp, type OpenApiDocument, type TestApp } from '../helpers.js';

describe('OpenAPI webhooks', () => {
  let t: TestApp;
  let document: Record<string, any>;
  /** The same with the named schemas ($ref) written out, to read the fields. */
  let inlined: Record<string, any>;
  beforeAll(async () => {
    t = await testApp('pglite');
    document = (await t.get('/api/v1/openapi.json')).json();
    inlined = inlineComponents(document as OpenApiDocument);
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document with the vote, premium, donation and test calls', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(Object.keys(document.webhooks).sort()).toEqual(['donation', 'listing', 'premium', 'review', 'test', 'vote', 'vote.reminder']);
    expect(document.webhooks.vote.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/VoteEvent' });
    const vote = inlined.webhooks.vote.post;
    expect(vote.parameters.map((p: { name: string }) => p.name)).toEqual([
      'x-service-timestamp',
      'x-service-signature',
      'x-service-signature-previous',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(Object.keys(vote.requestBody.content['application/json'].schema.properties)).toEqual([
      'event',
      'id',
      'createdAt',
      'botId',
      'user',
      'username',
      'flagged',
      'votedAt',
      'votesTotal',
      'votesMonth',
      'expiresAt',
    ]);
  });

  it('documents every field with a description', () => {
    for (const [event, item] of Object.entries(inlined.webhooks as Record<string, any>)) {
      const { properties, required } = item.post.requestBody.content['application/json'].schema;
      for (const [field, schema] of Object.entries(properties as Record<string, { description?: string }>)) {
        expect(schema.description, `${event}.${field}`).toBeTruthy();
      }
      expect(required).toEqual(Object.keys(properties));
    }
  });

  it('stays out of the management document', async () => {
    const admin = (await t.admin('GET', '/admin/v1/openapi.json')).json();
    expect(admin.webhooks).toBeUndefined();
    expect(Object.keys(admin.paths)).toContain('/admin/v1/bots/{id}/webhook');
  });
});
