import type { Transporter } from 'nodemailer';
import type { Db } from '@db/client.js';
import { outbox } from '@db/schema/index.js';
import type { Clock } from '../clock.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name of the sender: the member's site, so each white-label brand mails as itself. */
  fromName?: string;
  /** Where replies go: the site's support address (MAIL_FROM is usually a no-reply box). */
  replyTo?: string;
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
  const fromAddress = addressOf(from);
  return {
    transporter,
    async send(mail) {
      // Always MAIL_FROM's address (the one the mail server may send for); only the name is the site's.
      const sender = mail.fromName ? { name: mail.fromName, address: fromAddress } : from;
      await transporter.sendMail({ from: sender, replyTo: mail.replyTo || undefined, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

/** The bare address of `Name <address>` or of a bare `address`. */
function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}
