import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../db/schema.ts';
import type { Db } from '../db/client.ts';

export type Mail = { to: string; subject: string; body: string };
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set; otherwise the mail is kept in the outbox table and logged, so a reset
 * link can be followed on a laptop without a mail server.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl?: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (mail) => {
      await transport.sendMail({
        from: 'Library Admin <no-reply@library.local>',
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
      });
      await db.insert(mailOutbox).values({ ...mail, sentAt: new Date().toISOString() });
    };
  }
  return async (mail) => {
    await db.insert(mailOutbox).values(mail);
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail kept in outbox (no SMTP_URL)');
  };
}
