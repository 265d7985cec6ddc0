/**
 * The SDK's types come from the OpenAPI document the service serves at /api/v1/openapi.json.
 * `npm run sdk:types` writes them to packages/sdk/src/generated/openapi.ts; the test
 * test/sdk/types-drift.test.ts fails when the committed file no longer matches the document.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';

export const GENERATED_TYPES_FILE = fileURLToPath(new URL('../packages/sdk/src/generated/openapi.ts', import.meta.url));

const HEADER = `/**
 * Generated from the service's OpenAPI document (/api/v1/openapi.json) by \`npm run sdk:types\`.
 * Do not edit: a test fails when this file and the served document differ.
 */
`;

/** The public OpenAPI document exactly as the service serves it, from an app on an in-memory database. */
export async function servedDocument(): Promise<string> {
  const db = await openEmbedded(undefined);
  try {
    await migrate(db);
    const app = await buildApp({
      config: readConfig({ NODE_ENV: 'test', BASE_URL: 'http://127.0.0.1:3000', ADMIN_TOKEN: 'sdk-types-admin-token' }),
      db,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.statusCode}`);
      return response.body;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

/** The TypeScript text of the SDK's types for one document. */
export async function sdkTypesSource(document: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(document) as Parameters<typeof openapiTS>[0], { exportType: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_TYPES_FILE, await sdkTypesSource(await servedDocument()));
  console.log(`wrote ${GENERATED_TYPES_FILE}`);
}
