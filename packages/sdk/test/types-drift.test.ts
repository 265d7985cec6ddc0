/** The SDK's committed types must be what openapi-typescript makes of the document the service serves. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, sdkTypesSource, servedDocument } from '../../../scripts/sdk-types.js';

it('packages/sdk/src/generated/openapi.ts matches /api/v1/openapi.json (run `npm run sdk:types` after an API change)', async () => {
  const expected = await sdkTypesSource(await servedDocument());
  expect(
    readFileSync(GENERATED_TYPES_FILE, 'utf8') === expected,
    'the generated SDK types drifted from the served OpenAPI document: run `npm run sdk:types`',
  ).toBe(true);
});
