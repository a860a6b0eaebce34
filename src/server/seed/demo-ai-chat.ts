import type { Db } from '../shared/db/database.ts';
import { aiChats, aiMessages, aiWelcomeMessages } from '../features/ai-chat/index.ts';

export const DEMO_AI_WELCOME = 'Здравствуйте! Я OVER AI, ассистент школы CourseHub. Спросите меня о Python, английском или веб-дизайне — объясню тему урока и разберу пример.';
export const DEMO_AI_CHAT_TITLE = 'Списки в Python';

/**
 * The demo school's AI assistant: the admin's greeting, and one chat of the demo teacher with a
 * question and its answer (the assistant itself answers only with AI_BASE_URL set).
 */
export async function seedDemoAiChat(tx: Db, demo: { schoolId: number; adminId: number; teacherId: number; now: Date }): Promise<void> {
  const { schoolId, adminId, teacherId, now } = demo;
  await tx.insert(aiWelcomeMessages).values({ schoolId, message: DEMO_AI_WELCOME, updatedBy: adminId, updatedAt: now });
  const [chat] = await tx.insert(aiChats).values({ schoolId, userId: teacherId, title: DEMO_AI_CHAT_TITLE, order: 1, createdAt: now, updatedAt: now }).returning({ id: aiChats.id });
  await tx.insert(aiMessages).values([
    { chatId: chat!.id, role: 'user', content: 'Придумай три задачи на списки в Python для начинающих.', createdAt: new Date(now.getTime() - 60_000) },
    {
      chatId: chat!.id,
      role: 'assistant',
      content:
        '1. Найдите сумму и среднее чисел списка.\n2. Уберите из списка повторы, сохранив порядок.\n3. Разверните список без reversed() и срезов.',
      createdAt: now,
    },
  ]);
}
