import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfigOrExit, start } from '../src/server.js';
import { startDemoProvider, type Persona } from './demo-provider.js';
import { demoKey } from './demo-key.js';
import { startPlatformStandIn, type StandInApplication } from './platform-stand-in.js';
import { sampleDataFile } from './sample-data.js';
import { seed } from './seed.js';
import { startStripeStandIn } from './stripe-stand-in.js';

const DEMO_FILE = sampleDataFile('bots.sample.json');
const started = performance.now();

// Readable logs in the demo (pino-pretty is a development dependency); LOG_FORMAT=json overrides.
process.env.LOG_FORMAT ??= 'pretty';

// Sign-in: unless a real provider is configured, a local one whose login page offers the demo's
// owner (added below, once the demo bot is known), a demo voter and a demo operator (who may use
// the console: OPERATOR_USER_IDS names them, beside any operators set already).
const DEMO_VOTER: Persona = { id: '200000000000000001', name: 'Demo Voter', label: 'Sign in as a demo voter' };
const DEMO_OPERATOR: Persona = { id: '200000000000000002', name: 'Demo Operator', label: 'Sign in as the demo operator (the console)' };
const personas: Persona[] = [DEMO_VOTER, DEMO_OPERATOR];
const provider = process.env.AUTH_PROVIDER ? undefined : await startDemoProvider({ personas });
if (provider) {
  Object.assign(process.env, provider.env);
  process.env.OPERATOR_USER_IDS = [process.env.OPERATOR_USER_IDS, DEMO_OPERATOR.id].filter(Boolean).join(',');
}

// Adding a bot asks the chat platform about its application: unless a real one is configured, a
// local stand-in that knows a few applications nobody has listed yet.
const NEW_APPLICATIONS: StandInApplication[] = [
  { id: '1300000000000000001', name: 'Lantern', description: 'Lights up your server with daily quizzes and trivia nights.' },
  { id: '1300000000000000002', name: 'Quill', description: 'Keeps notes, reminders and to-do lists for your community.' },
  { id: '1300000000000000003', name: 'Harbor', description: 'Welcomes new members and hands out roles.' },
];
const platform = process.env.PLATFORM_API_URL
  ? undefined
  : await startPlatformStandIn({ applications: NEW_APPLICATIONS, users: [DEMO_VOTER] });
if (platform) Object.assign(process.env, platform.env);

// Payments: unless a Stripe key is configured, a local stand-in for Stripe (Connect onboarding,
// Checkout and the customer portal as plain pages); its objects are kept beside the demo's data,
// so a connected account outlives a restart. Its webhook URL is the app's, known once it started.
const stripe = process.env.STRIPE_SECRET_KEY
  ? undefined
  : await startStripeStandIn({
      webhookSecret: `whsec_standin_${randomBytes(16).toString('hex')}`,
      stateFile: join(process.env.DATA_DIR ?? './data', 'stripe-stand-in.json'),
    });
if (stripe) Object.assign(process.env, stripe.env);

/** Starts the service and, on an empty database, loads the demo data first. */
const config = loadConfigOrExit();
const app = await start(config);
stripe?.setWebhookUrl(`${config.baseUrl}/stripe/webhook`);
const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bots');
if ((rows[0]?.n ?? 0) === 0) {
  app.log.info('empty database: loading the demo data');
  const result = await seed(app, DEMO_FILE, {
    progress: (step, done, total) => app.log.info(`demo data: ${step} ${done}/${total}`),
  });
  app.log.info(result, 'demo data loaded');
  // Trending is worked out every few minutes: the seeded votes count from the first page on.
  await app.services.trending.refresh();
}
const { rows: sample } = await app.db.query<{ id: string; slug: string; owner: string; name: string }>(
  `SELECT id, slugs->>'en' AS slug, owners[1] AS owner, name FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT 1`,
);
if (sample[0]?.owner)
  personas.unshift({ id: sample[0].owner, name: 'Demo Owner', label: `Sign in as a demo owner (of ${sample[0].name})` });
const botId = sample[0]?.id ?? '';
const key = botId ? await demoKey(app, botId) : '';
const base = config.baseUrl;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const banner = `
Bot Directory demo is running (ready in ${seconds} s).
  Home:          ${base}/
  API docs:      ${base}/docs                  (management API: ${base}/admin/docs)
  API:           ${base}/api/v1/bots
  OpenAPI:       ${base}/api/v1/openapi.json
  One bot:       ${base}/api/v1/bots/${botId}
  Its page:      ${config.siteUrl}/en/bots/${sample[0]?.slug ?? ''}   (where its widget's vote button leads)
  Its widget:    ${base}/api/widget/${botId}
  Dashboard:     ${base}/dashboard   (sign-in: ${provider ? `the local demo provider at ${provider.origin}: demo owner, voter or operator` : config.auth.provider?.kind})
  Add a bot:     ${platform ? `application IDs ${NEW_APPLICATIONS.map((a) => a.id).join(', ')} (the platform stand-in at ${platform.origin})` : `any application ID (${config.listings.platform.apiUrl})`}
  Payments:      ${stripe ? `the Stripe stand-in at ${stripe.origin} (no key needed)` : `Stripe with STRIPE_SECRET_KEY (webhook endpoint ${base}/stripe/webhook)`}
  Console:       ${base}/console   (${provider ? 'sign in as the demo operator' : `operators: OPERATOR_USER_IDS=${config.operatorUserIds.join(',') || 'unset'}`}; also: curl -H 'Authorization: Bearer ${config.adminToken}' ${base}/admin/v1/submissions)
  Its votes:     curl -H 'Authorization: Bearer ${key}' ${base}/api/v1/bots/${botId}/votes
  Health:        ${base}/health/ready          Metrics: ${base}/metrics
  Admin token:   ${config.adminToken}
  Demo API key:  ${key}  (all scopes, for bot ${botId}; kept in ${config.dataDir}/demo-key.json)
`;
// Through the logger when it pretty-prints (in order with its lines), else as plain text.
if (config.logFormat === 'pretty') app.log.info(banner);
else process.stdout.write(banner);
