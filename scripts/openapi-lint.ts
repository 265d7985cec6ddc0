/**
 * `npm run lint:openapi`: both OpenAPI documents, as the service serves them, through the
 * ecosystem's linters: Redocly CLI's `recommended` rules and Spectral's `spectral:oas`. Fails on
 * any error or warning of either.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

async function servedDocuments(): Promise<Record<'public' | 'admin', string>> {
  const db = await openEmbedded(undefined);
  try {
    await migrate(db);
    const app = await buildApp({
      config: readConfig({ NODE_ENV: 'test', BASE_URL: 'https://bots.example.org', ADMIN_TOKEN: 'openapi-lint-admin-token' }),
      db,
    });
    try {
      await app.ready();
      return { public: app.openapiDocument('public'), admin: app.openapiDocument('admin') };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

function run(command: string, args: string[]): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bd-openapi-'));
let failed = false;
try {
  for (const [which, json] of Object.entries(await servedDocuments())) {
    const file = join(dir, `${which}.json`);
    writeFileSync(file, json);
    const redocly = run(bin('redocly'), ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish']);
    // Redocly answers 0 with warnings: they count as failures here.
    const redoclyClean = redocly.ok && !/warning/i.test(redocly.output.replace(/Woohoo!.*$/m, ''));
    const spectral = run(bin('spectral'), ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'hint']);
    console.log(`${which} document: Redocly ${redoclyClean ? 'clean' : 'NOT clean'}, Spectral ${spectral.ok ? 'clean' : 'NOT clean'}`);
    if (!redoclyClean) console.log(redocly.output);
    if (!spectral.ok) console.log(spectral.output);
    failed ||= !redoclyClean || !spectral.ok;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
