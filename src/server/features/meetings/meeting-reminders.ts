// Meeting reminders through the job runner: when a meeting is created or moved, one job per
// reminder is queued for its moment (pg-boss's startAfter); the job reads the meeting again and
// mails only if the meeting still exists and still starts when the job was queued for.
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import type { Mail } from '../../shared/mail/mailer.ts';
import { schoolDateTime } from '../../shared/time/school-time.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { meetingGroups, meetingReminders, schoolMeetings } from './tables.ts';

/** The job runner's job that mails one reminder of one meeting. */
export const MEETING_REMINDER_JOB = 'meeting-reminder';

/** Reminders go out an hour and ten minutes before a meeting starts. */
export const MEETING_REMINDER_MINUTES = [60, 10] as const;

const MINUTE = 60_000;

export interface MeetingReminderJob {
  meeting_id: number;
  /** The start the reminder was queued for (ISO 8601): a meeting moved since is not reminded of by it. */
  starts_at: string;
  minutes_before: number;
}

export interface MeetingReminderRecipient {
  userId: number;
  email: string;
  /** A student of one of the meeting's groups, or the teacher of one. */
  role: 'Student' | 'Teacher';
}

/** What a reminder is about: handed to the mail and to every listener (Telegram). */
export interface MeetingReminder {
  meeting: { id: number; schoolId: number; title: string; startsAt: Date; endsAt: Date; durationMinutes: number; link: string; description: string };
  /** The school's IANA time zone: the mail and the Telegram notice write the start in it. */
  timeZone: string;
  /** The reminder's kind (60 or 10); `minutesLeft` is what was left when it was sent. */
  minutesBefore: number;
  minutesLeft: number;
  recipients: MeetingReminderRecipient[];
}

/** A listener of sent reminders: the Telegram notifier registers one (see onMeetingReminder). */
export type MeetingReminderListener = (reminder: MeetingReminder) => Promise<void> | void;

const listeners = new WeakMap<object, Set<MeetingReminderListener>>();

/**
 * Telegram hook: calls `listener` with every meeting reminder the app sends (after its mails are
 * written), with the meeting and its recipients (students and teachers of its groups). A listener
 * that throws is logged; the mails and the other listeners go on. Returns the unsubscribe function.
 * Register it once per app, e.g. in the Telegram feature's routes: `onMeetingReminder(app.ctx, …)`.
 */
export function onMeetingReminder(ctx: AppContext, listener: MeetingReminderListener): () => void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** The jobs of a meeting's reminders whose moment is still ahead (or, too late for all, one now). */
export function reminderJobs(meeting: { id: number; startsAt: Date }, now: Date): { data: MeetingReminderJob; startAfter: Date | null }[] {
  if (meeting.startsAt.getTime() <= now.getTime()) return [];
  const starts_at = meeting.startsAt.toISOString();
  const ahead = MEETING_REMINDER_MINUTES.filter((minutes) => meeting.startsAt.getTime() - minutes * MINUTE > now.getTime()).map((minutes) => ({
    data: { meeting_id: meeting.id, starts_at, minutes_before: minutes },
    startAfter: new Date(meeting.startsAt.getTime() - minutes * MINUTE),
  }));
  // A meeting set up less than ten minutes before it starts is reminded of at once.
  if (ahead.length === 0) return [{ data: { meeting_id: meeting.id, starts_at, minutes_before: Math.min(...MEETING_REMINDER_MINUTES) }, startAfter: null }];
  return ahead;
}

/**
 * Queues the reminders of a meeting just created or moved to `startsAt`. Jobs queued for an earlier
 * start stay in the queue and find, when they run, that the meeting starts at another time.
 */
export async function scheduleMeetingReminders(ctx: Pick<AppContext, 'jobRunner' | 'now'>, meeting: { id: number; startsAt: Date }): Promise<void> {
  for (const job of reminderJobs(meeting, ctx.now())) {
    await ctx.jobRunner.send(MEETING_REMINDER_JOB, { ...job.data }, job.startAfter ? { startAfter: job.startAfter } : {});
  }
}

/** "через 1 час", "через 10 минут". */
export function inTime(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `через ${hours} ${hours % 10 === 1 && hours % 100 !== 11 ? 'час' : hours % 10 >= 2 && hours % 10 <= 4 && (hours % 100 < 12 || hours % 100 > 14) ? 'часа' : 'часов'}`;
  }
  const n = Math.max(1, minutes);
  const word = n % 10 === 1 && n % 100 !== 11 ? 'минуту' : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'минуты' : 'минут';
  return `через ${n} ${word}`;
}

/** The reminder's mail to one recipient (plain text). */
export function meetingReminderMail(to: string, reminder: MeetingReminder, schoolTitle: string): Mail {
  const { meeting } = reminder;
  const when = inTime(reminder.minutesLeft);
  return {
    to,
    subject: `Встреча «${meeting.title}» ${when}`,
    text:
      `Встреча «${meeting.title}» начнётся ${when}.\n` +
      `Начало: ${schoolDateTime(meeting.startsAt, reminder.timeZone)}; продолжительность: ${meeting.durationMinutes} мин.\n` +
      `Подключиться: ${meeting.link}\n` +
      (meeting.description ? `\n${meeting.description}\n` : '') +
      `\n—\nВы получили это письмо как участник встречи школы «${schoolTitle}».\n`,
  };
}

/** The students and teachers of a meeting's groups, each once (blocked accounts aside). */
export async function meetingRecipients(ctx: Pick<AppContext, 'db'>, meetingId: number): Promise<MeetingReminderRecipient[]> {
  const g = studentsGroups;
  const m = studentsGroupMembers;
  const statement = sql`
    select distinct on (${users.id}) ${users.id} as user_id, ${users.email} as email, r.role as role
    from (
      select ${m.userId} as user_id, 'Student' as role from ${meetingGroups}
        join ${m} on ${m.groupId} = ${meetingGroups.groupId}
        where ${meetingGroups.meetingId} = ${meetingId}
      union
      select ${g.teacherId} as user_id, 'Teacher' as role from ${meetingGroups}
        join ${g} on ${g.id} = ${meetingGroups.groupId}
        where ${meetingGroups.meetingId} = ${meetingId} and ${g.teacherId} is not null
    ) r
    join ${users} on ${users.id} = r.user_id and ${users.isActive}
    order by ${users.id}, r.role desc`;
  const rows = ((await ctx.db.execute(statement)) as unknown as { rows: { user_id: number; email: string; role: 'Student' | 'Teacher' }[] }).rows;
  return rows.map((row) => ({ userId: Number(row.user_id), email: row.email, role: row.role }));
}

export type ReminderOutcome = 'sent' | 'deleted' | 'moved' | 'started' | 'duplicate';

/**
 * Runs one reminder job: nothing if the meeting is gone, starts at another time than the job was
 * queued for, or has started; otherwise claims the reminder (once per meeting, kind and start),
 * mails each recipient through the mailer (the outbox; SMTP by its retried job), then calls the
 * listeners. If a mail cannot be written the claim is released and the job fails (retried).
 */
export async function sendMeetingReminder(
  ctx: Pick<AppContext, 'db' | 'now' | 'mailer'>,
  job: MeetingReminderJob,
  log: (error: unknown) => void = () => undefined,
): Promise<ReminderOutcome> {
  const [row] = await ctx.db
    .select({ meeting: schoolMeetings, schoolTitle: schools.title, timeZone: schools.timeZone })
    .from(schoolMeetings)
    .innerJoin(schools, eq(schools.id, schoolMeetings.schoolId))
    .where(eq(schoolMeetings.id, Number(job.meeting_id)));
  if (!row) return 'deleted';
  const { meeting } = row;
  if (meeting.startsAt.toISOString() !== new Date(job.starts_at).toISOString()) return 'moved';
  const now = ctx.now();
  if (meeting.startsAt.getTime() <= now.getTime()) return 'started';
  const minutesBefore = Number(job.minutes_before);
  const claimed = await ctx.db
    .insert(meetingReminders)
    .values({ meetingId: meeting.id, minutesBefore, startsAt: meeting.startsAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: meetingReminders.meetingId });
  if (claimed.length === 0) return 'duplicate';
  const reminder: MeetingReminder = {
    meeting: {
      id: meeting.id,
      schoolId: meeting.schoolId,
      title: meeting.title,
      startsAt: meeting.startsAt,
      endsAt: meeting.endsAt,
      durationMinutes: meeting.durationMinutes,
      link: meeting.link,
      description: meeting.description,
    },
    timeZone: row.timeZone,
    minutesBefore,
    minutesLeft: Math.round((meeting.startsAt.getTime() - now.getTime()) / MINUTE),
    recipients: await meetingRecipients(ctx, meeting.id),
  };
  try {
    for (const recipient of reminder.recipients) await ctx.mailer.send(meetingReminderMail(recipient.email, reminder, row.schoolTitle ?? ''));
  } catch (error) {
    await ctx.db
      .delete(meetingReminders)
      .where(and(eq(meetingReminders.meetingId, meeting.id), eq(meetingReminders.minutesBefore, minutesBefore), eq(meetingReminders.startsAt, meeting.startsAt)))
      .catch(() => undefined);
    throw error;
  }
  for (const listener of listeners.get(ctx) ?? []) {
    try {
      await listener(reminder);
    } catch (error) {
      log(error);
    }
  }
  return 'sent';
}

/** Defines the reminder job (once per app). */
export function defineMeetingReminders(ctx: AppContext, log: (error: unknown) => void): void {
  ctx.jobRunner.define(MEETING_REMINDER_JOB, async (data) => ({ outcome: await sendMeetingReminder(ctx, data as unknown as MeetingReminderJob, log) }));
}
