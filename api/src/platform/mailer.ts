import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { maskMemberLinks } from './maskLinks.ts';

export type Mail = { to: string; subject: string; body: string };
/** sent: handed to the mail server; logged: kept in the outbox table and the log only. */
export type MailOutcome = 'sent' | 'logged';
/** Sends one mail; `delivers` says whether mail leaves at all (a mail server is set up). */
export type Mailer = ((mail: Mail) => Promise<MailOutcome>) & { readonly delivers: boolean };

/**
 * The copy the outbox table and the log keep: a member's page link masked (issue 45, point 7), as a
 * copy of the database or of the log must open no page. A password reset link is kept whole: it is
 * short-lived, and following it from the log is how a laptop without a mail server resets one.
 */
const kept = (mail: Mail): Mail => ({
  ...mail,
  subject: maskMemberLinks(mail.subject),
  body: maskMemberLinks(mail.body),
});

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
        await db.insert(mailOutbox).values({ ...kept(mail), sentAt: new Date().toISOString() });
        return 'sent';
      },
      { delivers: true },
    );
  }
  return Object.assign(
    async (mail: Mail): Promise<MailOutcome> => {
      const copy = kept(mail);
      await db.insert(mailOutbox).values(copy);
      log.info({ to: copy.to, subject: copy.subject, body: copy.body }, 'mail kept in outbox (no SMTP_URL)');
      return 'logged';
    },
    { delivers: false },
  );
}
