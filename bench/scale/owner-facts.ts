/**
 * API keys and premium subscriptions, stored exactly as the service stores them: a key row holds
 * the SHA-256 of the whole key and its display prefix (src/modules/keys/key-format.ts); a
 * subscription is `announced` when it is in force (active and paid beyond now), as
 * OwnerService.writeSubscription sets it.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/index.js';
import { generateKey, hashKey, KEY_PREFIX, looksLikeKey } from '../../src/modules/keys/key-format.js';
import type { Scope } from '../../src/modules/keys/schemas.js';
import { pick, seededRandom } from '../../scripts/random.js';
import type { GeneratedBot } from './bots.js';
import { sqlRandom, sqlScatter, sqlUserId } from './ids.js';
import type { ScaleParams } from './params.js';
import { KEY_NAMES, sqlPick, TIERS } from './texts.js';

/** The service shows as many leading characters of a key as its own generated keys carry. */
const DISPLAY_LENGTH = generateKey().prefix.length;
export const ALL_SCOPES: Scope[] = ['votes:read', 'premium:read', 'stats:write', 'analytics:read'];
const SCOPE_MIX: [Scope[], number][] = [
  [ALL_SCOPES, 0.35],
  [['votes:read'], 0.25],
  [['stats:write'], 0.15],
  [['votes:read', 'premium:read'], 0.1],
  [['votes:read', 'stats:write'], 0.1],
  [['premium:read'], 0.05],
];

/**
 * The plaintext of a generated key: derived from the seed and the key's row id, so the bench can
 * recompute it from the database alone. It passes the service's own shape check.
 */
export function benchKey(seed: number, keyId: string): string {
  const key = KEY_PREFIX + createHash('sha256').update(`bench-scale:${seed}:${keyId}`).digest('hex').slice(0, 40);
  if (!looksLikeKey(key)) throw new Error(`generated key does not look like a key: ${key}`);
  return key;
}

/**
 * A data set generated before the analytics:read scope: its keys holding every other scope get
 * it too, as the generator now gives them (a no-op once done).
 */
export async function grantAnalyticsRead(db: Database): Promise<void> {
  await db.query(
    `UPDATE api_keys SET scopes = array_append(scopes, 'analytics:read')
      WHERE scopes @> $1::text[] AND NOT 'analytics:read' = ANY (scopes)`,
    [ALL_SCOPES.filter((scope) => scope !== 'analytics:read')],
  );
}

export async function loadKeys(db: Database, p: ScaleParams, bots: GeneratedBot[], now: number): Promise<number> {
  const random = seededRandom(p.seed * 31 + 5);
  const rows = [];
  for (let i = 0; i < p.keys; i++) {
    const bot = pick(random, bots);
    const id = uuidFrom(random);
    const key = benchKey(p.seed, id);
    const created = Date.parse(bot.created_at) + random() * (now - Date.parse(bot.created_at));
    let roll = random();
    const scopes = (SCOPE_MIX.find(([, share]) => (roll -= share) < 0) ?? SCOPE_MIX[0]!)[0];
    rows.push({
      id,
      bot_id: bot.id,
      name: random() < 0.3 ? null : pick(random, KEY_NAMES),
      prefix: key.slice(0, DISPLAY_LENGTH),
      key_hash: hashKey(key),
      scopes,
      tier: random() < 0.7 ? 1 : random() < 0.85 ? 2 : 3,
      created_at: new Date(created).toISOString(),
      revoked_at: random() < 0.03 ? new Date(created + random() * (now - created)).toISOString() : null,
    });
  }
  for (let i = 0; i < rows.length; i += 5_000) {
    await db.query(
      `INSERT INTO api_keys (id, bot_id, name, prefix, key_hash, scopes, tier, created_at, revoked_at)
       SELECT id, bot_id, name, prefix, key_hash, scopes, tier, created_at, revoked_at
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, bot_id text, name text, prefix text, key_hash text,
                                                 scopes text[], tier smallint, created_at timestamptz, revoked_at timestamptz)`,
      [JSON.stringify(rows.slice(i, i + 5_000))],
    );
  }
  return rows.length;
}

/**
 * Subscriptions of bots that read premium status (a live key with premium:read): 70% per user,
 * 30% per guild, 80% active, monthly or yearly, some lapsed or cancelled; one to three tiers per
 * bot. Needs the keys in place.
 */
export async function loadSubscriptions(db: Database, p: ScaleParams, now: Date): Promise<number> {
  await db.query(
    `CREATE TABLE bench_scale_premium AS
     SELECT (row_number() OVER (ORDER BY bot_id) - 1)::int AS n, bot_id
       FROM (SELECT DISTINCT bot_id FROM api_keys WHERE 'premium:read' = ANY (scopes) AND revoked_at IS NULL) k`,
  );
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_scale_premium');
  const bots = rows[0]?.n ?? 0;
  if (bots === 0) {
    await db.query('DROP TABLE bench_scale_premium');
    return 0;
  }
  const r = (salt: number) => sqlRandom('j', salt, p.seed);
  const result = await db.query(
    `INSERT INTO subscriptions (id, bot_id, user_id, guild_id, tier_id, tier_name, interval, expires_at,
                                cancel_at_period_end, active, created_at, updated_at, announced)
     SELECT gen_random_uuid(), pb.bot_id, ${sqlUserId(sqlScatter(`j % ${p.users}`, p.users), p.users, p.seed)},
            CASE WHEN s.guild THEN ${sqlUserId('j', Math.max(1, p.subscriptions), p.seed, 7)} END,
            md5(pb.bot_id || ':' || s.tier)::uuid, (${sqlPick(TIERS, '(s.tier - 1)::float8 / 3')}), s.interval,
            x.expires_at, ${r(34)} < 0.1, s.active, y.created_at, y.created_at,
            s.active AND x.expires_at > $1::timestamptz
       FROM generate_series(0, ${p.subscriptions - 1}) AS j
      CROSS JOIN LATERAL (
        SELECT floor(${r(30)} * ${bots})::int AS n, ${r(31)} < 0.3 AS guild, 1 + floor(${r(32)} * 3)::int AS tier,
               CASE WHEN ${r(33)} < 0.75 THEN 'month' ELSE 'year' END AS interval, ${r(35)} < 0.8 AS active) AS s
      CROSS JOIN LATERAL (
        SELECT CASE WHEN s.interval = 'month' THEN interval '30 days' ELSE interval '365 days' END AS period) AS q
      -- Active ones mostly run into the future (15% lapsed unnoticed), ended ones mostly ran out.
      CROSS JOIN LATERAL (
        SELECT CASE WHEN s.active THEN $1::timestamptz + (${r(36)} * 1.15 - 0.15) * q.period
                    ELSE $1::timestamptz + (20 - ${r(36)} * 400) * interval '1 day' END AS expires_at) AS x
      CROSS JOIN LATERAL (
        SELECT least(x.expires_at - q.period, $1::timestamptz - interval '1 day') - ${r(37)} * interval '300 days' AS created_at) AS y
       JOIN bench_scale_premium pb ON pb.n = s.n`,
    [now],
  );
  await db.query('DROP TABLE bench_scale_premium');
  return result.rowCount;
}

/** A version-4 UUID from the seeded generator, so key ids (and so the keys) repeat with the seed. */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
