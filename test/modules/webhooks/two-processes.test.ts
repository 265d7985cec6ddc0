/** Two app instances (separate connection pools, like two processes) on one PostgreSQL database. */
import { afterAll, describe, expect, it } from 'vitest';
import { botBody } from '../../fixtures.js';
import { expectStripeAccepts, nextUser, waitFor } from './harness.js';
import { twoProcesses } from './two-process-harness.js';

const EVENTS = 1000;
const BOTS = 4;

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`delivers each of ${EVENTS} events exactly once`, async () => {
    // What is under test is that two processes never send one delivery twice. An attempt that times
    // out is sent again by design (at least once), and on a loaded CI machine a 2 s attempt timeout
    // did expire with the receiver's answer on its way (1,090 calls for 1,000 events): 30 s keeps
    // that out of this test; the retry itself is tested in the delivery tests.
    const { apps, receiver, admin } = await twoProcesses(cleanup, { WEBHOOK_TIMEOUT_MS: '30000' });

    const secrets: string[] = [];
    const bots: string[] = [];
    for (let i = 0; i < BOTS; i++) {
      const { id, body } = botBody();
      expect((await admin(apps[0], 'PUT', `/admin/v1/bots/${id}`, body)).statusCode).toBeLessThan(300);
      const hook = await admin(apps[0], 'PUT', `/admin/v1/bots/${id}/webhook`, { url: receiver.url });
      secrets.push(hook.json().data.secret);
      bots.push(id);
    }

    // Events written through both processes, a few at a time.
    for (let i = 0; i < EVENTS; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) => {
          const app = apps[(i + j) % 2]!;
          const user = nextUser();
          return admin(app, 'POST', `/admin/v1/bots/${bots[(i + j) % BOTS]}/votes`, { user, username: 'u' }).then((r) =>
            expect(r.statusCode).toBe(201),
          );
        }),
      );
    }

    await waitFor(() => receiver.received.length >= EVENTS, `${EVENTS} calls`, 60_000);
    const db = apps[0].db;
    await waitFor(
      async () => (await db.query("SELECT 1 FROM deliveries WHERE status <> 'succeeded' LIMIT 1")).rows.length === 0,
      'all recorded',
    );
    const ids = receiver.received.map((r) => JSON.parse(r.rawBody).id as string);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const { rows } = await db.query<{ deliveries: number; attempts: number }>(
      'SELECT (SELECT count(*)::int FROM deliveries) AS deliveries, (SELECT count(*)::int FROM delivery_attempts) AS attempts',
    );
    expect(rows[0]).toEqual({ deliveries: EVENTS, attempts: EVENTS });
    for (const [i, secret] of secrets.entries()) {
      expectStripeAccepts(
        receiver.received.filter((r) => JSON.parse(r.rawBody).botId === bots[i]),
        secret,
      );
    }
  });
});
