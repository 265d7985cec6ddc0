import { start, loadConfigOrExit } from '../src/server.js';
import { sampleDataFile } from './sample-data.js';
import { seed } from './seed.js';

const DEMO_FILE = sampleDataFile('bots.sample.json');

/** Starts the service and, on an empty database, loads the demo data first. */
const config = loadConfigOrExit();
const app = await start(config);
const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bots');
if ((rows[0]?.n ?? 0) === 0) {
  app.log.info('empty database: loading demo data');
  const result = await seed(app, DEMO_FILE);
  app.log.info(result, 'demo data loaded');
}
const { rows: sample } = await app.db.query<{ id: string }>(
  'SELECT id FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT 1',
);
const botId = sample[0]?.id ?? '';
const key = botId ? await demoKey(app, botId) : '';
const base = config.baseUrl;
process.stdout.write(`
Bot Directory demo is running.
  API:           ${base}/api/v1/bots
  OpenAPI:       ${base}/api/v1/openapi.json
  One bot:       ${base}/api/v1/bots/${botId}
  Its votes:     curl -H 'Authorization: Bearer ${key}' ${base}/api/v1/bots/${botId}/votes
  Admin API:     ${base}/admin/v1/openapi.json
  Admin token:   ${config.adminToken}
  Demo API key:  ${key}  (all scopes, for bot ${botId})
`);

/** A fresh all-scope key for the demo bot; the previous demo key is revoked (keys are shown once). */
async function demoKey(server: typeof app, id: string): Promise<string> {
  for (const old of await server.services.keys.list(id)) {
    if (old.name === 'demo' && !old.revokedAt) await server.services.keys.revoke(old.id);
  }
  const created = await server.services.keys.create(id, {
    scopes: ['votes:read', 'premium:read', 'stats:write'],
    name: 'demo',
  });
  return created.key;
}
