import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../db/schema.ts';
import type { Db } from '../db/client.ts';

export type Mail = { to: string; subject: string; body: string };
/** sent: handed to the mail server; logged: kept in the outbox table and the log only. */
export type MailOutcome = 'sent' | 'logged';
/** Sends one mail; `delivers` says whether mail leaves at all (a mail server is set up). */
export type Mailer = ((mail: Mail) => Promise<MailOutcome>) & { readonly delivers: boolean };

/**
 * SMTP when SMTP_URL is set; otherwise the mail is kept in the outbox table and logged, so a reset
 * link can be followed on a laptop without a mail server. Which one happened is answered, so a
 * message is not shown as sent when it only went to the log (issue 35).
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl?: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return Object.assign(
      async (mail: Mail): Promise<MailOutcome> => {
        await transport.sendMail({
          from: 'Library Admin <no-reply@library.local>',
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
        });
        await db.insert(mailOutbox).values({ ...mail, sentAt: new Date().toISOString() });
        return 'sent';
      },
      { delivers: true },
    );
  }
  return Object.assign(
    async (mail: Mail): Promise<MailOutcome> => {
      await db.insert(mailOutbox).values(mail);
      log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail kept in outbox (no SMTP_URL)');
      return 'logged';
    },
    { delivers: false },
  );
}
