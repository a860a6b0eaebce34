import { telegramLinks, telegramOutbox, telegramReminderSettings, telegramSettings } from '../features/telegram/index.ts';
import type { Db } from '../shared/db/database.ts';

/** The demo chats: not real Telegram chats (the demo has no bot), so their notices land in the outbox. */
export const DEMO_TELEGRAM_CHATS = { student: 100000001, teacher: 100000002 } as const;

/**
 * Telegram in the demo: the student's and the teacher's accounts linked to made-up chats (the
 * profile shows «Подключён Telegram»; with no TELEGRAM_BOT_TOKEN their notices go to the outbox),
 * the student's meetings notices off, the school's meeting reminders, and a first notice.
 */
export async function seedDemoTelegram(tx: Db, demo: { schoolId: number; studentId: number; teacherId: number; now: Date }): Promise<void> {
  const { schoolId, studentId, teacherId, now } = demo;
  await tx.insert(telegramLinks).values([
    { userId: studentId, chatId: DEMO_TELEGRAM_CHATS.student, username: 'coursehub_student', linkedAt: now },
    { userId: teacherId, chatId: DEMO_TELEGRAM_CHATS.teacher, username: 'coursehub_teacher', linkedAt: now },
  ]);
  await tx.insert(telegramSettings).values({ userId: studentId, meetings: false, updatedAt: now });
  await tx.insert(telegramReminderSettings).values({ schoolId, daily: true, inThreeHours: true, tenMinute: true, updatedAt: now });
  await tx.insert(telegramOutbox).values({ userId: studentId, chatId: DEMO_TELEGRAM_CHATS.student, text: 'Coursehub: добро пожаловать! Уведомления о проверках придут сюда.', createdAt: now });
}
