/** The SMTP mailer of SMTP_URL that sends the operator's e-mails, and owners' notices to the address they gave. */
import nodemailer from 'nodemailer';
import type { Config } from '../../../config/index.js';

export interface Mailer {
  /** To the operator (OPERATOR_EMAIL) unless `to` names someone else. */
  send(subject: string, text: string, to?: string): Promise<void>;
  close(): void;
}

/** An SMTP mailer for SMTP_URL, or undefined when e-mail is off. */
export function createMailer(mail: Config['mail']): Mailer | undefined {
  if (!mail) return undefined;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(subject, text, to) {
      await transport.sendMail({ from: mail.from, to: to ?? mail.to, subject, text });
    },
    close: () => transport.close(),
  };
}
