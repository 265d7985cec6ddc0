/** The SDK reference at /docs/sdk/ (TypeDoc output) and the link to it from the API docs page. */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../helpers.js';

const SDK = fileURLToPath(new URL('../../../packages/sdk/', import.meta.url));

describe('SDK docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // `npm run build` makes them; build them here when this checkout has not.
    if (!existsSync(`${SDK}docs/index.html`)) execFileSync('npx', ['typedoc'], { cwd: SDK, stdio: 'ignore' });
    t = await testApp('pglite');
  });
  afterAll(() => t.close());

  it('the API docs page links to the SDK reference', async () => {
    const document = JSON.parse((await t.get('/api/v1/openapi.json')).body) as { info: { description: string } };
    expect(document.info.description).toContain('[/docs/sdk/](/docs/sdk/)');
    // The page renders the document it loads from ./openapi.json; its description is the page's intro.
    expect((await t.get('/docs/')).body).toContain('"url": "./openapi.json"');
    expect(JSON.parse((await t.get('/docs/openapi.json')).body).info.description).toContain('[/docs/sdk/](/docs/sdk/)');
  });

  it('serves the TypeDoc reference under a strict CSP', async () => {
    const index = await t.get('/docs/sdk/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toContain('@bot-directory/sdk');
    expect(index.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    const page = await t.get('/docs/sdk/classes/index.BotDirectory.html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('hasVoted');
    expect((await t.get('/docs/sdk/../../package.json')).statusCode).toBe(404);
  });
});
