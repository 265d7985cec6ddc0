import { fileURLToPath } from 'node:url';
import { start, loadConfigOrExit } from '../src/server.js';
import { seed } from './seed.js';

const DEMO_FILE = fileURLToPath(new URL('./demo-data/bots.sample.json', import.meta.url));

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
const base = config.baseUrl;
process.stdout.write(`
Bot Directory demo is running.
  API:           ${base}/api/v1/bots
  OpenAPI:       ${base}/api/v1/openapi.json
  One bot:       ${base}/api/v1/bots/${sample[0]?.id ?? ''}
  Admin API:     ${base}/admin/v1/openapi.json
  Admin token:   ${config.adminToken}
`);
