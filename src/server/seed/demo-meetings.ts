import type { Db } from '../shared/db/database.ts';
import { meetingGroups, schoolMeetings } from '../features/meetings/index.ts';

export const DEMO_MEETING_TITLE = 'Разбор домашних заданий: модуль 1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A start `days` from now at 15:00 UTC (18:00 in Moscow and Minsk). */
const dayAt = (now: Date, days: number) => {
  const at = new Date(now.getTime() + days * DAY);
  at.setUTCHours(15, 0, 0, 0);
  return at;
};

/**
 * The demo school's meetings («Встречи»), for the demo student's group with the demo teacher: two
 * upcoming ones with their links, and one held last week (shown under «Прошедшие встречи»). Seeded
 * before the job runner starts, so no reminders are queued for them; a meeting created or moved in
 * the app queues its own.
 */
export async function seedDemoMeetings(tx: Db, demo: { schoolId: number; groupId: number; adminId: number; now: Date }): Promise<void> {
  const { schoolId, groupId, adminId, now } = demo;
  const meetings = [
    { title: DEMO_MEETING_TITLE, startsAt: dayAt(now, 2), durationMinutes: 60, link: 'https://meet.jit.si/coursehub-demo-python', description: 'Разберём типичные ошибки в домашних заданиях первого модуля и ответим на вопросы.' },
    { title: 'Встреча с наставником: итоги месяца', startsAt: dayAt(now, 9), durationMinutes: 90, link: 'https://meet.jit.si/coursehub-demo-mentor', description: 'Подведём итоги месяца, обсудим проекты и планы на следующий модуль.' },
    { title: 'Знакомство с группой', startsAt: dayAt(now, -6), durationMinutes: 45, link: 'https://meet.jit.si/coursehub-demo-welcome', description: '' },
  ];
  const rows = await tx
    .insert(schoolMeetings)
    .values(meetings.map((meeting) => ({ ...meeting, schoolId, endsAt: new Date(meeting.startsAt.getTime() + meeting.durationMinutes * 60_000), createdBy: adminId, createdAt: now, updatedAt: now })))
    .returning({ id: schoolMeetings.id });
  await tx.insert(meetingGroups).values(rows.map((row) => ({ meetingId: row.id, groupId })));
}
