// The Telegram notices of homework (issue 15): a new hand-in or answer to its teacher, a check to
// its student. Homework publishes them once the change is committed (homework-events.ts); the text
// is written only for a linked reader.
import { homeworkStatusMessages } from '#core/messages/homework-status';
import { telegramMessages } from '#core/messages/telegram';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import { lessons } from '../courses/index.ts';
import { homeworkChecked, homeworkHandedIn, type HomeworkStatus } from '../homework/index.ts';
import { notifyTelegram } from './notify.ts';

const STATUS_TEXT: Record<HomeworkStatus, string> = {
  pending: homeworkStatusMessages.waiting,
  auto_check: homeworkStatusMessages.autoCheck,
  revision: homeworkStatusMessages.revision,
  rejected: homeworkStatusMessages.rejected,
  accepted: homeworkStatusMessages.accepted,
};

async function homeworkName(ctx: AppContext, homeworkId: number): Promise<string> {
  const [lesson] = await ctx.db.select({ name: lessons.name }).from(lessons).where(eq(lessons.id, homeworkId));
  return lesson?.name ?? '';
}

/** Subscribes this app's Telegram notices to its homework events (once, where the routes are wired). */
export function noticeHomework(ctx: AppContext): void {
  // The student handed in or answered: their teacher (if the hand-in has one) hears of it.
  homeworkHandedIn.on(ctx, (handIn) =>
    notifyTelegram(ctx, [handIn.teacherId], 'homework', async () => {
      const [student] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, handIn.userId));
      const name = student ? `${student.firstName} ${student.lastName}`.trim() || student.email : '';
      return telegramMessages.newHandIn(name, await homeworkName(ctx, handIn.homeworkId));
    }),
  );
  // A teacher or an admin checked the work: its student hears the status and mark.
  homeworkChecked.on(ctx, ({ homeworkId, userId, status, mark }) =>
    notifyTelegram(ctx, [userId], 'checks', async () => telegramMessages.checked(await homeworkName(ctx, homeworkId), STATUS_TEXT[status] ?? status, mark)),
  );
}
