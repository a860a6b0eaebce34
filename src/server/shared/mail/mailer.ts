import { and, eq, isNull } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/core-tables.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * When the one-time link or code in the text stops working (the token's own expiry). The outbox
   * page hides the mail then and retention deletes it; once sent by SMTP its text is not kept.
   */
  expiresAt?: Date;
}

/** What an outbox row keeps of a sent mail that carried a link or code: the mailbox has it now. */
export const SENT_SECRET_TEXT = 'Текст удалён после отправки: в нём была одноразовая ссылка или код.';

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, queues its sending. Never throws for SMTP. */
  send(mail: Mail): Promise<void>;
}

/** The job that sends one outbox row by SMTP. */
export const MAIL_JOB = 'send-mail';
/** A mail server that is down is tried again 1, 2, 4… minutes later, six times (about an hour). */
const MAIL_RETRY = { limit: 6, delaySeconds: 60 };

/**
 * Every mail is written to the outbox first. With SMTP it is then sent by a job of the job runner
 * (a slow mail server never holds up an answer; a failed sending is retried, after a restart too,
 * and by one server process only) and marked sent, or marked with its last error; without SMTP it
 * stays there, and the demo outbox page shows it (a newcomer can reset a password offline). A link
 * or code is kept no longer than it works: see Mail.expiresAt.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl: string | null; from: string; jobRunner: JobRunner; log: (message: string, error?: unknown) => void; retry?: { limit: number; delaySeconds: number } },
): Mailer {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  if (transport) {
    options.jobRunner.define(MAIL_JOB, async ({ id }) => {
      const [mail] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, Number(id)), isNull(outbox.sentAt)));
      // Sent already (a retry after the mark was written) or pruned: nothing to do.
      if (!mail) return;
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        options.log('mail not sent', error);
        await db.update(outbox).set({ error: error instanceof Error ? error.message : String(error) }).where(eq(outbox.id, mail.id));
        throw error;
      }
      await db
        .update(outbox)
        .set({ sentAt: new Date(), error: null, ...(mail.expiresAt ? { text: SENT_SECRET_TEXT } : {}) })
        .where(eq(outbox.id, mail.id));
    });
  }
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport || !row) return;
      try {
        await options.jobRunner.send(MAIL_JOB, { id: row.id }, { retry: options.retry ?? MAIL_RETRY });
      } catch (error) {
        // The row stays unsent in the outbox; the caller's answer does not depend on the mail.
        options.log('mail not queued', error);
      }
    },
  };
}
