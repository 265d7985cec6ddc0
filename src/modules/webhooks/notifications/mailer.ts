/** The SMTP mailer of SMTP_URL that sends the operator's e-mails. */
import nodemailer from 'nodemailer';
import type { Config } from '../../../config/index.js';

export interface Mailer {
  send(subject: string, text: string): Promise<void>;
  close(): void;
}

/** An SMTP mailer for SMTP_URL, or undefined when e-mail is off. */
export function createMailer(mail: Config['mail']): Mailer | undefined {
  if (!mail) return undefined;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(subject, text) {
      await transport.sendMail({ from: mail.from, to: mail.to, subject, text });
    },
    close: () => transport.close(),
  };
}
