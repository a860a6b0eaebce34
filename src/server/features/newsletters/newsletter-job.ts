import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { newsletterMail, unsubscribeUrl } from './newsletter-mail.ts';
import { newsletterTemplates, newsletterUnsubscriptions, sentNewsletters } from './tables.ts';
import { signUnsubscribe } from './unsubscribe-token.ts';

/** The job runner's job that mails every due (template, student) pair. */
export const NEWSLETTER_JOB = 'newsletters-due';
/** Hourly: a delay is counted in days. A public template saved by an admin runs it at once too. */
const NEWSLETTER_CRON = '23 * * * *';
/** Pairs claimed per statement; a full batch runs the job again at once. */
export const NEWSLETTER_BATCH = 500;

interface Claimed {
  template_id: number;
  user_id: number;
  email: string;
  school_id: number;
  template_name: string;
  text: string;
  title: string;
}

/**
 * Mails the school's public templates to its students: a template is due for a student once
 * `delay_days` days have passed since they joined the school (school_members.created_at), so 0 means
 * on joining, and a template made public reaches at once every student who has been in the school
 * that long already. Students who unsubscribed from the school's newsletter and blocked accounts
 * get nothing.
 *
 * One statement finds the due pairs (public templates by their partial index, the school's
 * students by school_members' (school, role, user) index, the pairs mailed already by the unique
 * (template, user) index) and claims them in sent_newsletters; ON CONFLICT skips a pair another
 * process claimed first, so each pair is mailed once. The mails go through the mailer (the outbox,
 * and with SMTP the retried send-mail job). A mail is written after its claim is committed: a crash
 * in between loses that one mail rather than ever sending it twice. Returns how many were mailed.
 */
export async function sendDueNewsletters(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'mailer'>, batch = NEWSLETTER_BATCH): Promise<number> {
  const now = ctx.now().toISOString();
  const t = newsletterTemplates;
  const m = schoolMembers;
  const statement = sql`
    with due as (
      select ${t.id} as template_id, ${m.userId} as user_id
      from ${t}
      join ${m} on ${m.schoolId} = ${t.schoolId} and ${m.role} = 'Student'
      join ${users} on ${users.id} = ${m.userId} and ${users.isActive}
      where ${t.isPublic}
        and ${m.createdAt} <= ${now}::timestamptz - make_interval(days => ${t.delayDays})
        and not exists (select 1 from ${sentNewsletters} where ${sentNewsletters.templateId} = ${t.id} and ${sentNewsletters.userId} = ${m.userId})
        and not exists (select 1 from ${newsletterUnsubscriptions} where ${newsletterUnsubscriptions.schoolId} = ${t.schoolId} and ${newsletterUnsubscriptions.userId} = ${m.userId})
      order by ${t.id}, ${m.userId}
      limit ${batch}
    ), claimed as (
      insert into ${sentNewsletters} (template_id, user_id, sent_at)
      select template_id, user_id, ${now}::timestamptz from due
      on conflict (template_id, user_id) do nothing
      returning template_id, user_id
    )
    select claimed.template_id, claimed.user_id, ${users.email} as email, ${t.schoolId} as school_id,
      ${t.templateName} as template_name, ${t.text} as text, ${schools.title} as title
    from claimed
    join ${users} on ${users.id} = claimed.user_id
    join ${t} on ${t.id} = claimed.template_id
    join ${schools} on ${schools.id} = ${t.schoolId}
    order by claimed.template_id, claimed.user_id`;
  const rows = ((await ctx.db.execute(statement)) as unknown as { rows: Claimed[] }).rows;
  const failures: unknown[] = [];
  for (const row of rows) {
    const token = signUnsubscribe(ctx.config.secret, Number(row.school_id), Number(row.user_id));
    try {
      await ctx.mailer.send(newsletterMail({ to: row.email, templateName: row.template_name, html: row.text, schoolTitle: row.title, unsubscribeUrl: unsubscribeUrl(ctx.config.publicUrl, token) }));
    } catch (error) {
      // The outbox could not be written: the pair is released for the next run.
      failures.push(error);
      await ctx.db.execute(sql`delete from ${sentNewsletters} where ${sentNewsletters.templateId} = ${row.template_id} and ${sentNewsletters.userId} = ${row.user_id}`).catch(() => undefined);
    }
  }
  if (failures.length) throw new AggregateError(failures, `newsletters not mailed: ${failures.length}`);
  return rows.length;
}

/** Asks for a run now (a public template saved); a run already waiting will see it as well. */
export async function requestNewsletterRun(ctx: Pick<AppContext, 'jobRunner'>, log: (error: unknown) => void): Promise<void> {
  try {
    await ctx.jobRunner.send(NEWSLETTER_JOB);
  } catch (error) {
    // The scheduled queue holds one waiting run at most (pg-boss refuses a second): that run will do.
    if (!(error instanceof Error && /was not queued/.test(error.message))) log(error);
  }
}

/** Puts the due check on the job runner's schedule (once per app). */
export function scheduleNewsletters(ctx: AppContext): void {
  ctx.jobRunner.schedule(NEWSLETTER_JOB, NEWSLETTER_CRON, async () => {
    const sent = await sendDueNewsletters(ctx);
    // More are due than one batch holds: the next run starts at once.
    if (sent >= NEWSLETTER_BATCH) await requestNewsletterRun(ctx, () => undefined);
    return { sent };
  });
}
