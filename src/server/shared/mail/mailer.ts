import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/core-tables.ts';
import type { BackgroundJobs } from '../background-jobs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, sends it after the answer. Never throws for SMTP. */
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox first. With SMTP it is then sent in the background (a slow
 * mail server never holds up an answer) and marked; without SMTP it stays there, and the demo
 * outbox page shows it (a newcomer can reset a password offline).
 */
export function createMailer(db: Db, options: { smtpUrl: string | null; from: string; jobs: BackgroundJobs; log: (message: string, error?: unknown) => void }): Mailer {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport || !row) return;
      options.jobs.run('smtp', async () => {
        try {
          await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
          await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
        } catch (error) {
          options.log('mail not sent', error);
          await db.update(outbox).set({ error: error instanceof Error ? error.message : String(error) }).where(eq(outbox.id, row.id));
        }
      });
    },
  };
}
