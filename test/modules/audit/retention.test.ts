/** AUDIT_RETENTION_DAYS: the nightly clean-up deletes older entries, oldest first, in bounded batches, and keeps the rest. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_TOKEN } from '../../../src/modules/audit/entry.js';
import { auditRepository } from '../../../src/modules/audit/repository.js';
import { appPerFile, backends, ManualClock, testApp, type TestApp } from '../../helpers.js';

const NOW = new Date('2027-06-15T03:00:00.000Z');
const DAY = 86_400_000;

/** Writes an entry two days old into the app's audit log; whether it is still there 15 s on (the nightly jobs run every second). */
async function staleEntryRemains(nightly: TestApp, target: string): Promise<boolean> {
  await auditRepository.record(
    nightly.db,
    { actor: OPERATOR_TOKEN, action: 'ban.lift', botId: null, target },
    new Date(Date.now() - 2 * DAY),
  );
  const left = async () => (await nightly.db.query('SELECT 1 FROM audit_log WHERE target = $1', [target])).rows.length > 0;
  const deadline = Date.now() + 15_000;
  while ((await left()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return left();
}

describe.each(backends())('audit log retention (%s)', (backend) => {
  const clock = new ManualClock(NOW);
  const t = appPerFile(backend, { clock, env: { AUDIT_RETENTION_DAYS: '30' } });
  afterEach(() => vi.restoreAllMocks());

  it('deletes the entries older than AUDIT_RETENTION_DAYS in batches of 5,000, and no other', async () => {
    const record = (daysAgo: number, target: string) =>
      auditRepository.record(
        t.db,
        { actor: OPERATOR_TOKEN, action: 'ban.create', botId: null, target },
        new Date(NOW.getTime() - daysAgo * DAY),
      );
    await record(40, 'old');
    await record(30.001, 'just-too-old');
    await record(29.999, 'just-kept');
    await record(0, 'new');
    // 12,000 more from a year ago, written in one statement.
    await t.db.query(
      `INSERT INTO audit_log (at, bot_id, actor_kind, actor_id, via, action, target)
       SELECT $1::timestamptz - g * interval '1 second', NULL, 'system', NULL, 'system', 'webhook.switch_off', 'bulk'
         FROM generate_series(1, 12000) g`,
      [new Date(NOW.getTime() - 365 * DAY)],
    );
    const batches = vi.spyOn(auditRepository, 'pruneBefore');
    expect(await t.app.services.audit.prune()).toBe(12_002);
    expect(batches.mock.calls.map((call) => call[2])).toEqual([5000, 5000, 5000]);
    expect(await Promise.all(batches.mock.results.map((result) => result.value))).toEqual([5000, 5000, 2002]);
    const { rows } = await t.db.query<{ target: string }>('SELECT target FROM audit_log ORDER BY at');
    expect(rows.map((row) => row.target)).toEqual(['just-kept', 'new']);
    expect(await t.app.services.audit.prune()).toBe(0);
    // A day later the one kept just in time goes too.
    clock.advance(DAY);
    expect(await t.app.services.audit.prune()).toBe(1);
  });

  it('runs with the nightly jobs (HISTORY_CRON)', async () => {
    const nightly = await testApp(backend, { workers: true, env: { AUDIT_RETENTION_DAYS: '1', HISTORY_CRON: '* * * * * *' } });
    try {
      expect(await staleEntryRemains(nightly, 'stale')).toBe(false);
    } finally {
      await nightly.close();
    }
  }, 120_000);

  it('runs when a nightly job before it fails', async () => {
    const nightly = await testApp(backend, { workers: true, env: { AUDIT_RETENTION_DAYS: '1', HISTORY_CRON: '* * * * * *' } });
    try {
      let failures = 0;
      nightly.app.services.webhookDeliveries.pruneLog = () => {
        failures += 1;
        return Promise.reject(new Error('the delivery log is unreachable'));
      };
      expect(await staleEntryRemains(nightly, 'failed-before')).toBe(false);
      expect(failures).toBeGreaterThan(0);
    } finally {
      await nightly.close();
    }
  }, 120_000);
});
