// Meeting reminders (meeting-reminders.ts) end to end: the jobs a meeting's creation and move
// queue, and the job run through the job runner with the test's clock moved to its moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, login, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { outbox, schools, users } from '../../shared/db/core-tables.ts';
import { JOB_SCHEMA } from '../../shared/jobs/job-runner.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { MEETING_REMINDER_JOB, onMeetingReminder, sendMeetingReminder, type MeetingReminder } from './index.ts';
import { inTime, reminderJobs } from './meeting-reminders.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let classmate: Account;
let blocked: Account;
let loner: Account;
let groups: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Напоминания' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  blocked = await addMember(t.app, owner.schoolId, 'Student');
  loner = await addMember(t.app, owner.schoolId, 'Student');
  const courseId = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
  const secondId = (await addCourse(t.app, owner.schoolId, { name: 'SQL' })).id;
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: teacher.id, name: 'Поток 2' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Без встреч' },
    ])
    .returning({ id: studentsGroups.id });
  groups = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: groups[0]!, userId: student.id, courseId },
    { groupId: groups[0]!, userId: blocked.id, courseId },
    // In both groups of the meeting: one mail.
    { groupId: groups[1]!, userId: student.id, courseId: secondId },
    { groupId: groups[1]!, userId: classmate.id, courseId: secondId },
    { groupId: groups[2]!, userId: loner.id, courseId: secondId },
  ]);
  await t.app.ctx.db.update(users).set({ isActive: false }).where(sql`${users.id} = ${blocked.id}`);
});
afterAll(() => t.close());
beforeEach(() => t.app.ctx.db.delete(outbox));

const list = `/api/${'{school}'}/school_meetings/`;
const path = (id?: number) => list.replace('{school}', owner.schoolName) + (id ? `${id}/` : '');
const iso = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();

/** The reminder jobs queued for a meeting: [minutes before, start, startAfter]. */
async function queued(meetingId: number) {
  const result = (await t.app.ctx.db.execute(
    sql.raw(`select data, start_after from ${JOB_SCHEMA}.job where name = '${MEETING_REMINDER_JOB}' and (data->>'meeting_id')::int = ${meetingId} order by start_after, created_on`),
  )) as unknown as { rows: { data: { meeting_id: number; starts_at: string; minutes_before: number }; start_after: Date | string }[] };
  return result.rows.map((row) => ({ ...row.data, start_after: new Date(row.start_after).toISOString() }));
}

/** Moves the clock on; the admin signs in again (access tokens last 15 minutes of that clock). */
async function advance(ms: number) {
  t.clock.advance(ms);
  Object.assign(owner, await login(t.app, owner.email));
}

/** «25.11.2026, 18:00 (GMT+5)»: `at` on a clock `hours` ahead of UTC (zones without summer time). */
function wallClock(at: string, hours: number, name: string) {
  const local = new Date(Date.parse(at) + hours * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}, ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} (${name})`;
}

const mails = async () => (await t.app.ctx.db.select().from(outbox).orderBy(outbox.to)).map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text }));
const run = (data: object) => t.app.ctx.jobRunner.runNow(MEETING_REMINDER_JOB, { ...data });

describe('meeting reminders', () => {
  it('queues reminders an hour and ten minutes before, and mails the students and teachers of its groups once', async () => {
    const startsAt = iso(3 * HOUR);
    const created = await call(t.app, 'POST', path(), {
      token: owner.access,
      body: { title: 'Разбор', starts_at: startsAt, duration_minutes: 45, link: 'https://meet.example.com/r', description: 'Вопросы', student_groups: [groups[0], groups[1]] },
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as number;
    const jobs = await queued(id);
    expect(jobs).toEqual([
      { meeting_id: id, starts_at: startsAt, minutes_before: 60, start_after: new Date(Date.parse(startsAt) - HOUR).toISOString() },
      { meeting_id: id, starts_at: startsAt, minutes_before: 10, start_after: new Date(Date.parse(startsAt) - 10 * MINUTE).toISOString() },
    ]);

    const seen: MeetingReminder[] = [];
    const stop = onMeetingReminder(t.app.ctx, (reminder) => {
      seen.push(reminder);
    });
    // The hour's reminder at its moment (the job runner runs it; the clock is the test's).
    await advance(2 * HOUR);
    expect(await run(jobs[0]!)).toBe('completed');
    const sent = await mails();
    expect(sent.map((mail) => mail.to)).toEqual([classmate.email, student.email, teacher.email].sort());
    expect(sent[0]).toMatchObject({ subject: 'Встреча «Разбор» через 1 час' });
    expect(sent[0]!.text).toContain('Подключиться: https://meet.example.com/r');
    expect(sent[0]!.text).toContain('Вопросы');
    expect(sent[0]!.text).toContain('«Напоминания»');
    // In the school's zone (Europe/Moscow unless its admin chose another), not in UTC.
    expect(sent[0]!.text).toContain(`Начало: ${wallClock(startsAt, 3, 'GMT+3')}; продолжительность: 45 мин.`);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ timeZone: 'Europe/Moscow', minutesBefore: 60, minutesLeft: 60, meeting: { id, title: 'Разбор', link: 'https://meet.example.com/r', schoolId: owner.schoolId } });
    expect(seen[0]!.recipients.map((r) => [r.userId, r.role]).sort()).toEqual(
      [
        [student.id, 'Student'],
        [classmate.id, 'Student'],
        [teacher.id, 'Teacher'],
      ].sort(),
    );

    // The same job again (a retry, a second process): nothing more.
    expect(await run(jobs[0]!)).toBe('completed');
    expect(await mails()).toHaveLength(3);

    await advance(50 * MINUTE);
    await t.app.ctx.db.delete(outbox);
    expect(await run(jobs[1]!)).toBe('completed');
    expect((await mails()).map((mail) => mail.subject)).toEqual(Array(3).fill('Встреча «Разбор» через 10 минут'));
    stop();
    expect(seen).toHaveLength(2);
  });

  it('sends nothing stale: a moved meeting only at its new time, a deleted or started one never', async () => {
    const first = iso(5 * HOUR);
    const created = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'Переносимая', starts_at: first, link: 'https://meet.example.com/m', student_groups: [groups[0]] } });
    const id = created.body!.id as number;
    const [oldHour] = await queued(id);
    // Moved two hours later: new jobs for the new time; the old ones stay queued and find it moved.
    const second = iso(7 * HOUR);
    expect((await call(t.app, 'PATCH', path(id), { token: owner.access, body: { starts_at: second } })).status).toBe(200);
    // A change of anything but the time queues nothing.
    expect((await call(t.app, 'PATCH', path(id), { token: owner.access, body: { title: 'Перенесённая' } })).status).toBe(200);
    const jobs = await queued(id);
    expect(jobs.map((job) => [job.starts_at, job.minutes_before])).toEqual([
      [first, 60],
      [first, 10],
      [second, 60],
      [second, 10],
    ]);
    await advance(4 * HOUR);
    expect(await sendMeetingReminder(t.app.ctx, oldHour!)).toBe('moved');
    expect(await run(oldHour!)).toBe('completed');
    expect(await mails()).toEqual([]);
    await advance(2 * HOUR);
    expect(await run(jobs[2]!)).toBe('completed');
    expect((await mails()).map((mail) => [mail.to, mail.subject])).toEqual([[student.email, 'Встреча «Перенесённая» через 1 час'], [teacher.email, 'Встреча «Перенесённая» через 1 час']].sort());

    // Moved back to the first time, then deleted: the queued jobs find nothing to remind of.
    expect((await call(t.app, 'DELETE', path(id), { token: owner.access })).status).toBe(204);
    await t.app.ctx.db.delete(outbox);
    expect(await sendMeetingReminder(t.app.ctx, jobs[3]!)).toBe('deleted');
    expect(await run(jobs[3]!)).toBe('completed');
    expect(await mails()).toEqual([]);

    // A job that runs late (the server was down) after the meeting began: nothing.
    const late = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'Опоздание', starts_at: iso(2 * HOUR), link: 'https://meet.example.com/l', student_groups: [groups[0]] } });
    const [lateJob] = await queued(late.body!.id as number);
    await advance(2 * HOUR);
    expect(await sendMeetingReminder(t.app.ctx, lateJob!)).toBe('started');
    expect(await mails()).toEqual([]);
  });

  it('reminds at once of a meeting set up less than ten minutes ahead, and not of a past one', async () => {
    const now = t.clock.now;
    expect(reminderJobs({ id: 1, startsAt: new Date(now.getTime() + 5 * MINUTE) }, now)).toEqual([
      { data: { meeting_id: 1, starts_at: new Date(now.getTime() + 5 * MINUTE).toISOString(), minutes_before: 10 }, startAfter: null },
    ]);
    expect(reminderJobs({ id: 1, startsAt: new Date(now.getTime() + 30 * MINUTE) }, now).map((job) => job.data.minutes_before)).toEqual([10]);
    expect(reminderJobs({ id: 1, startsAt: new Date(now.getTime() - MINUTE) }, now)).toEqual([]);
    const past = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'Была', starts_at: iso(-HOUR), link: 'https://meet.example.com/p', student_groups: [groups[0]] } });
    expect(past.status).toBe(201);
    expect(await queued(past.body!.id as number)).toEqual([]);
    // Five minutes ahead: the job is due now, and the runner's worker takes it.
    const soon = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'Срочно', starts_at: iso(5 * MINUTE), link: 'https://meet.example.com/s', student_groups: [groups[1]] } });
    const [job] = await queued(soon.body!.id as number);
    expect(job).toMatchObject({ minutes_before: 10 });
    expect(await run(job!)).toBe('completed');
    // Whichever run claimed it (the worker's or this one), it is mailed once.
    await expect.poll(async () => (await mails()).length).toBe(3);
    expect((await mails()).map((mail) => mail.subject)).toEqual(Array(3).fill('Встреча «Срочно» через 5 минут'));
  });

  it("writes the start in the school's time zone", async () => {
    await t.app.ctx.db.update(schools).set({ timeZone: 'Asia/Yekaterinburg' }).where(sql`${schools.id} = ${owner.schoolId}`);
    try {
      const seen: MeetingReminder[] = [];
      const stop = onMeetingReminder(t.app.ctx, (reminder) => {
        seen.push(reminder);
      });
      const startsAt = iso(2 * HOUR);
      const created = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'Урал', starts_at: startsAt, link: 'https://meet.example.com/u', student_groups: [groups[1]] } });
      const [job] = await queued(created.body!.id as number);
      await advance(HOUR);
      expect(await sendMeetingReminder(t.app.ctx, job!)).toBe('sent');
      stop();
      const sent = await mails();
      expect(sent).toHaveLength(3);
      for (const mail of sent) expect(mail.text).toContain(`Начало: ${wallClock(startsAt, 5, 'GMT+5')};`);
      expect(sent[0]!.text).not.toContain('UTC');
      expect(seen.map((reminder) => reminder.timeZone)).toEqual(['Asia/Yekaterinburg']);
    } finally {
      await t.app.ctx.db.update(schools).set({ timeZone: 'Europe/Moscow' }).where(sql`${schools.id} = ${owner.schoolId}`);
    }
  });

  it('keeps mailing when a listener fails, and says the time in Russian', async () => {
    const stop = onMeetingReminder(t.app.ctx, () => {
      throw new Error('telegram down');
    });
    const created = await call(t.app, 'POST', path(), { token: owner.access, body: { title: 'С ошибкой', starts_at: iso(2 * HOUR), link: 'https://meet.example.com/e', student_groups: [groups[1]] } });
    const [job] = await queued(created.body!.id as number);
    await advance(HOUR);
    const errors: unknown[] = [];
    expect(await sendMeetingReminder(t.app.ctx, job!, (error) => errors.push(error))).toBe('sent');
    expect(errors).toHaveLength(1);
    expect(await mails()).toHaveLength(3);
    stop();
    expect([1, 2, 5, 11, 21, 22, 25, 60, 120, 300].map(inTime)).toEqual([
      'через 1 минуту',
      'через 2 минуты',
      'через 5 минут',
      'через 11 минут',
      'через 21 минуту',
      'через 22 минуты',
      'через 25 минут',
      'через 1 час',
      'через 2 часа',
      'через 5 часов',
    ]);
  });
});
