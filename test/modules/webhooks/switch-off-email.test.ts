/** The switch-off e-mail is owed from the commit on: retried with backoff, sent once, never lost. */
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_ATTEMPTS, EmailOutbox } from '../../../src/modules/webhooks/notifications/email-outbox.js';
import type { Mailer } from '../../../src/modules/webhooks/notifications/mailer.js';
import { notificationRepository } from '../../../src/modules/webhooks/notifications/repository.js';
import { backends, ManualClock, appPerFile, testApp } from '../../helpers.js';
import { createBot, waitFor } from './harness.js';
import { startSmtpSink } from './smtp-sink.js';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const MINUTE = 60_000;
const clock = new ManualClock(T0);

/** A mailer that records each call and fails the calls whose number (1-based) is listed. */
function fakeMailer(failing: (call: number) => boolean) {
  const calls: { at: Date; subject: string }[] = [];
  const mailer: Mailer & { calls: typeof calls } = {
    calls,
    async send(subject) {
      calls.push({ at: new Date(clock.now()), subject });
      if (failing(calls.length)) throw new Error('SMTP server unavailable');
    },
    close() {},
  };
  return mailer;
}
describe.each(backends())('switch-off e-mails (%s)', (backend) => {
  const t = appPerFile(backend, { clock });
  const owe = async (botId: string) =>
    (
      await notificationRepository.insert(
        t.db,
        { botId, kind: 'webhook_disabled', message: `switched off ${botId}`, details: {} },
        clock.now(),
        true,
      )
    ).id;
  const pending = async (id: string) =>
    (await t.db.query<{ email_pending: boolean }>('SELECT email_pending FROM notifications WHERE id = $1', [id])).rows[0]?.email_pending;

  it('retries a failed e-mail after 1, then 2 minutes, and sends it once', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const id = await owe(botId);
    const mailer = fakeMailer((call) => call <= 2);
    const outbox = new EmailOutbox(t.db, clock, mailer, t.app.log);
    await outbox.sendDue();
    await outbox.sendDue();
    clock.set(new Date(T0.getTime() + MINUTE - 1));
    await outbox.sendDue();
    clock.set(new Date(T0.getTime() + MINUTE));
    await outbox.sendDue();
    clock.set(new Date(T0.getTime() + 3 * MINUTE - 1));
    await outbox.sendDue();
    expect(await pending(id)).toBe(true);
    clock.set(new Date(T0.getTime() + 3 * MINUTE));
    await outbox.sendDue();
    clock.set(new Date(T0.getTime() + 600 * MINUTE));
    await outbox.sendDue();
    expect(mailer.calls.map((c) => c.at.getTime() - T0.getTime())).toEqual([0, MINUTE, 3 * MINUTE]);
    expect(mailer.calls[0]!.subject).toBe(`Webhook of bot ${botId} switched off`);
    expect(await pending(id)).toBe(false);
  });

  it(`gives up after ${EMAIL_MAX_ATTEMPTS} attempts`, async () => {
    clock.set(T0);
    const id = await owe(await createBot(t));
    const mailer = fakeMailer(() => true);
    const outbox = new EmailOutbox(t.db, clock, mailer, t.app.log);
    for (let step = 0; step < EMAIL_MAX_ATTEMPTS + 5; step++) {
      await outbox.sendDue();
      clock.set(new Date(clock.now().getTime() + 1000 * MINUTE));
    }
    expect(mailer.calls).toHaveLength(EMAIL_MAX_ATTEMPTS);
    expect(await pending(id)).toBe(true);
  });

  it('two processes flushing at once send each owed e-mail once', async () => {
    clock.set(T0);
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await owe(await createBot(t)));
    const first = fakeMailer(() => false);
    const second = fakeMailer(() => false);
    await Promise.all([
      new EmailOutbox(t.db, clock, first, t.app.log).sendDue(),
      new EmailOutbox(t.db, clock, second, t.app.log).sendDue(),
    ]);
    const subjects = [...first.calls, ...second.calls].map((c) => c.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    for (const id of ids) expect(await pending(id)).toBe(false);
  });

  it('a process that starts sends what another process owed when it died', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const id = await owe(botId);
    const smtp = await startSmtpSink();
    const worker = await testApp(backend, {
      db: t.db,
      clock,
      workers: true,
      env: { SMTP_URL: smtp.url, OPERATOR_EMAIL: 'ops@example.org' },
    });
    try {
      const mail = await waitFor(() => smtp.messages.find((m) => m.data.includes(`switched off ${botId}`)), 'the owed e-mail');
      expect(mail.to).toEqual(['ops@example.org']);
      await waitFor(async () => (await pending(id)) === false, 'the e-mail marked sent');
    } finally {
      await worker.close();
      await smtp.close();
    }
  });
});
