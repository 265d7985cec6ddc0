/**
 * Migration 042 (payment totals): the donations made through Stripe before it are summed into
 * payment_month_totals per bot, month (UTC) and currency; other donations (the operator's) are not;
 * from then on the triggers keep the totals as payments are recorded and refunded.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/index.js';
import { loadMigrations, migrate } from '../../../src/db/migrate.js';
import { backends } from '../../helpers.js';
import { emptyDatabase, MIGRATING } from '../../db/empty-database.js';

const BOT = '310000000000000042';

async function totals(db: Database) {
  const { rows } = await db.query(
    `SELECT to_char(month, 'YYYY-MM') AS month, trim(currency) AS currency, donations_minor::int, donations,
            donations_refunded_minor::int AS refunded, subscriptions_minor::int AS subscriptions, payments,
            subscriptions_refunded_minor::int AS subscriptions_refunded
       FROM payment_month_totals WHERE bot_id = $1 ORDER BY month, currency`,
    [BOT],
  );
  return rows;
}

describe.each(backends())('migration 042: payment totals (%s)', MIGRATING, (backend) => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('sums the Stripe donations made before it, and the triggers keep the totals after it', async () => {
    const { db, drop } = await emptyDatabase(backend);
    drops.push(drop);
    // The functions' files name tables of later migrations: the database as the previous release left it has none of them.
    await migrate(
      db,
      loadMigrations().filter((m) => m.version < 42),
      [],
    );
    await db.query(
      `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url, invite_url,
                         support_server_url, website_url, categories, tags, owners, is_verified, published, created_at, updated_at)
       VALUES ($1, 'Totals', 'totals', 'totals', '{}', '{}', '!', 'free', '', '', '', '', '{}', '{}', '{}', false, true, now(), now())`,
      [BOT],
    );
    const donation = (at: string, minor: number | null, session: string | null, refunded = false) =>
      db.query(
        `INSERT INTO donations (id, bot_id, user_id, username, amount, currency, created_at, amount_minor, stripe_session_id, refunded_at)
         VALUES (gen_random_uuid(), $1, '1', NULL, 1, 'EUR', $2, $3, $4, $5)`,
        [BOT, at, minor, session, refunded ? at : null],
      );
    await donation('2026-05-01T00:00:00Z', 500, 'cs_1');
    await donation('2026-05-31T23:59:59Z', 250, 'cs_2', true);
    await donation('2026-06-01T00:00:00Z', 1000, 'cs_3');
    await donation('2026-06-02T00:00:00Z', null, null); // the operator's, through /admin/v1: not Stripe's

    expect(await migrate(db)).toContain('042_payment_totals.sql');
    expect(await totals(db)).toEqual([
      {
        month: '2026-05',
        currency: 'EUR',
        donations_minor: 500,
        donations: 1,
        refunded: 250,
        subscriptions: 0,
        payments: 0,
        subscriptions_refunded: 0,
      },
      {
        month: '2026-06',
        currency: 'EUR',
        donations_minor: 1000,
        donations: 1,
        refunded: 0,
        subscriptions: 0,
        payments: 0,
        subscriptions_refunded: 0,
      },
    ]);

    await db.query("UPDATE donations SET refunded_at = now() WHERE stripe_session_id = 'cs_3'");
    await db.query("UPDATE donations SET refunded_at = now() WHERE stripe_session_id = 'cs_3'"); // refunded once only
    await donation('2026-06-15T00:00:00Z', 300, 'cs_4');
    await db.query(
      `INSERT INTO subscription_payments (stripe_invoice_id, stripe_account_id, stripe_subscription_id, bot_id, amount_minor, currency, paid_at)
       VALUES ('in_1', 'acct_1', 'sub_1', $1, 499, 'EUR', '2026-06-30T23:00:00Z')`,
      [BOT],
    );
    await db.query("UPDATE subscription_payments SET refunded_minor = 100 WHERE stripe_invoice_id = 'in_1'");
    await db.query("UPDATE subscription_payments SET refunded_minor = 499 WHERE stripe_invoice_id = 'in_1'");
    expect((await totals(db))[1]).toEqual({
      month: '2026-06',
      currency: 'EUR',
      donations_minor: 300,
      donations: 1,
      refunded: 1000,
      subscriptions: 499,
      payments: 1,
      subscriptions_refunded: 499,
    });
  });
});
