import type { Transporter } from 'nodemailer';
import type { Db } from '@db/client.js';
import { outbox } from '@db/schema/index.js';
import type { Clock } from '../clock.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Embedded mode: mail is stored in the outbox table and shown at /dev/outbox. */
export function outboxMailer(db: Db, clock: Clock): Mailer {
  return {
    async send(mail) {
      db.insert(outbox).values({ toAddress: mail.to, subject: mail.subject, text: mail.text, html: mail.html, createdAt: clock.now() }).run();
    },
  };
}

/**
 * SMTP_URL set: real delivery through nodemailer, loaded only then (a server that stores mail in
 * the outbox does not run it at start).
 */
export async function smtpMailer(smtpUrl: string, from: string): Promise<Mailer & { transporter: Transporter }> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transporter,
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
