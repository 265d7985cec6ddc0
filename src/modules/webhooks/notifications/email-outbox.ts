/**
 * Telling the owner that their webhook was switched off. Our data has no e-mail address for bot
 * owners, so the record (GET /admin/v1/notifications) is what the operator's site relays to them,
 * and the optional e-mail goes to the operator (OPERATOR_EMAIL), see docs/decisions.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/index.js';
import { inBatches } from '../../../lib/background.js';
import type { Clock } from '../../../lib/clock.js';
import type { Mailer } from './mailer.js';
import { notificationRepository, type DueEmail } from './repository.js';

/** How often each process looks for e-mails that are due again. */
export const EMAIL_SWEEP_MS = 30_000;
/** E-mails taken per statement. */
const EMAIL_BATCH = 10;
/** Attempts at one e-mail before it is given up (logged); the wait doubles from one minute. */
export const EMAIL_MAX_ATTEMPTS = 10;

/**
 * Sends the e-mails owed for notifications, from the table. The workers run it right after a
 * switch-off, at start (what a process that died left behind) and every `EMAIL_SWEEP_MS`; several
 * processes share the work without sending one e-mail at the same time.
 */
export class EmailOutbox {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends what is due now; failures are logged and retried later, never thrown. */
  async sendDue(): Promise<void> {
    try {
      await inBatches(async () => {
        const due = await notificationRepository.takeDueEmails(this.db, this.clock.now(), EMAIL_BATCH, EMAIL_MAX_ATTEMPTS);
        for (const email of due) await this.send(email);
        return due.length;
      }, EMAIL_BATCH);
    } catch (error) {
      this.log.error({ err: error }, 'could not read the e-mails owed for notifications');
    }
  }

  private async send(email: DueEmail): Promise<void> {
    try {
      if (email.addressed) await this.mailer.send(email.addressed.subject, email.message, email.addressed.to);
      else
        await this.mailer.send(
          `Webhook of bot ${email.botId} switched off`,
          `${email.message}\n\nRe-enable it with PUT /admin/v1/bots/${email.botId}/webhook once the receiver works again.`,
        );
      await notificationRepository.markEmailed(this.db, email.id);
    } catch (error) {
      const final = email.attempts >= EMAIL_MAX_ATTEMPTS;
      this.log.error(
        { err: error, botId: email.botId, attempt: email.attempts },
        final ? 'gave up e-mailing a notification' : 'could not e-mail a notification; will retry',
      );
    }
  }
}
