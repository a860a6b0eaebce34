import { eq } from 'drizzle-orm';
import type { Db } from '../shared/db/database.ts';
import { chatMembers, chatMessages, chats } from '../features/chats/index.ts';

const MINUTE = 60_000;

/**
 * The demo chats: the teacher's personal chat with the student (the teacher's last two messages
 * unread by the student), the chat of the teacher's group (the first of `groupIds`) with two
 * announcements, and the other groups' chats, empty, so «Чат» opens with something to read.
 */
export async function seedDemoChats(tx: Db, demo: { schoolId: number; teacherId: number; studentId: number; groupIds: readonly number[]; now: Date }): Promise<void> {
  const { schoolId, teacherId, studentId, groupIds, now } = demo;
  const [groupId, ...others] = groupIds;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const [personal, group] = await tx
    .insert(chats)
    .values([
      { schoolId, type: 'personal', personalKey: `${Math.min(teacherId, studentId)}:${Math.max(teacherId, studentId)}`, createdBy: teacherId, createdAt: at(180), updatedAt: at(180) },
      { schoolId, type: 'group', groupId: groupId!, createdAt: at(240), updatedAt: at(240) },
      ...others.map((id) => ({ schoolId, type: 'group', groupId: id, createdAt: at(300), updatedAt: at(300) })),
    ])
    .returning({ id: chats.id });
  const write = async (chatId: string, lines: [number, number, string][]) => {
    const rows = await tx
      .insert(chatMessages)
      .values(lines.map(([authorId, minutesAgo, text]) => ({ chatId, authorId, text, createdAt: at(minutesAgo) })))
      .returning({ id: chatMessages.id, authorId: chatMessages.authorId });
    const last = rows[rows.length - 1]!;
    await tx.update(chats).set({ lastMessageId: last.id, updatedAt: at(lines[lines.length - 1]![1]) }).where(eq(chats.id, chatId));
    return rows;
  };
  const messages = await write(personal!.id, [
    [teacherId, 170, 'Здравствуйте! Я ваш преподаватель по курсу «Python с нуля». Пишите сюда, если что-то непонятно.'],
    [studentId, 150, 'Здравствуйте! Не получается запустить первую программу: пишет «python: command not found».'],
    [teacherId, 140, 'Похоже, Python не добавлен в PATH. Переустановите его с галочкой «Add Python to PATH».'],
    [teacherId, 139, 'И проверьте командой python --version — должна показаться версия 3.'],
  ]);
  await tx.insert(chatMembers).values([
    { chatId: personal!.id, userId: teacherId, role: 'owner', lastReadId: messages[3]!.id, createdAt: at(180) },
    { chatId: personal!.id, userId: studentId, lastReadId: messages[1]!.id, createdAt: at(180) },
  ]);
  const groupMessages = await write(group!.id, [
    [teacherId, 230, 'Добро пожаловать в чат потока! Здесь объявления и общие вопросы.'],
    [teacherId, 60, 'Напоминаю: домашнее задание второго модуля — до воскресенья.'],
  ]);
  await tx.insert(chatMembers).values({ chatId: group!.id, userId: teacherId, lastReadId: groupMessages[1]!.id, createdAt: at(240) });
}
